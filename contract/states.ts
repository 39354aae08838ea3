/**
 * India's states and union territories with their GST state codes (the first two digits of a
 * GSTIN), and the spellings shoppers type for them. A delivery address's state is checked against
 * this list where it is typed (the address form, an order), so every order's place of supply is a
 * state its tax invoice can name.
 */

/** A state or union territory: its GST code ('29') and proper name ('Karnataka'). */
export interface IndianState {
  code: string;
  name: string;
}

/** The GST state codes (the first two digits of a GSTIN) and the names of India's states and union territories. */
const STATE_CODES: readonly (readonly [code: string, name: string, ...aliases: string[]])[] = [
  ['01', 'Jammu and Kashmir', 'J&K', 'Jammu & Kashmir'],
  ['02', 'Himachal Pradesh', 'HP'],
  ['03', 'Punjab'],
  ['04', 'Chandigarh'],
  ['05', 'Uttarakhand', 'Uttaranchal'],
  ['06', 'Haryana'],
  ['07', 'Delhi', 'New Delhi', 'NCT of Delhi'],
  ['08', 'Rajasthan'],
  ['09', 'Uttar Pradesh', 'UP'],
  ['10', 'Bihar'],
  ['11', 'Sikkim'],
  ['12', 'Arunachal Pradesh'],
  ['13', 'Nagaland'],
  ['14', 'Manipur'],
  ['15', 'Mizoram'],
  ['16', 'Tripura'],
  ['17', 'Meghalaya'],
  ['18', 'Assam'],
  ['19', 'West Bengal', 'WB'],
  ['20', 'Jharkhand'],
  ['21', 'Odisha', 'Orissa'],
  ['22', 'Chhattisgarh', 'Chattisgarh'],
  ['23', 'Madhya Pradesh', 'MP'],
  ['24', 'Gujarat'],
  ['26', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman and Diu', 'Dadra and Nagar Haveli'],
  ['27', 'Maharashtra'],
  ['29', 'Karnataka'],
  ['30', 'Goa'],
  ['31', 'Lakshadweep'],
  ['32', 'Kerala'],
  ['33', 'Tamil Nadu', 'TN'],
  ['34', 'Puducherry', 'Pondicherry'],
  ['35', 'Andaman and Nicobar Islands', 'Andaman & Nicobar'],
  ['36', 'Telangana'],
  ['37', 'Andhra Pradesh', 'AP'],
  ['38', 'Ladakh'],
];

/** A state's name as typed, reduced to compare: lower case, '&' as 'and', no punctuation or extra spaces. */
function key(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const BY_KEY = new Map<string, IndianState>(
  STATE_CODES.flatMap(([code, name, ...aliases]) =>
    [name, ...aliases, code].map((spelling) => [key(spelling), { code, name }] as const),
  ),
);

/** The state or union territory of a name as shoppers type it ('tamil nadu', 'Orissa', 'J&K', '29'), or null when it is none. */
export function indianState(name: string): IndianState | null {
  return BY_KEY.get(key(name)) ?? null;
}

/** The state an address names ('tamil nadu', 'Orissa', 'J&K'): a name, never a bare GST code. */
export function addressState(text: string): IndianState | null {
  return /^\s*\d+\s*$/.test(text) ? null : indianState(text);
}

/** The names, for a list to choose from. */
export const INDIAN_STATE_NAMES: readonly string[] = STATE_CODES.map(([, name]) => name);

/** What a shopper reads for a state that is not one of India's. */
export const STATE_MESSAGE = 'Valid Indian state or union territory is required';
