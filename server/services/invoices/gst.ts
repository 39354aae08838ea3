/**
 * GST on a tax invoice. The shop's prices are GST-inclusive, as shown to shoppers; an invoice
 * splits each line into its taxable value and its tax: CGST + SGST (half the rate each) when the
 * goods are delivered in the shop's own state, IGST (the whole rate) otherwise. Every amount is in
 * integer paise and the parts of a line always add up to what the shopper paid for it.
 */

import { GST_RATES, type GstRate } from '../../../contract/schemas/admin-catalogue';

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

const BY_KEY = new Map<string, { code: string; name: string }>(
  STATE_CODES.flatMap(([code, name, ...aliases]) =>
    [name, ...aliases, code].map((spelling) => [key(spelling), { code, name }] as const),
  ),
);

/** The GST state of a name as shoppers type it ('tamil nadu', 'Orissa', 'J&K', '29'), or null when it is none. */
export function gstState(name: string): { code: string; name: string } | null {
  return BY_KEY.get(key(name)) ?? null;
}

/** The GST rates goods are taxed at, in percent (the back office's product form checks the same list). */
export { GST_RATES, type GstRate };

/**
 * Splits a GST-inclusive amount into its taxable value and tax: taxable = gross × 100 / (100 +
 * rate), rounded to the paisa (half up), and the tax is the rest, so the two add up to the gross.
 */
export function splitInclusive(grossPaise: number, rate: GstRate): { taxablePaise: number; taxPaise: number } {
  if (!Number.isSafeInteger(grossPaise) || grossPaise < 0)
    throw new RangeError(`Not an amount in paise: ${grossPaise}`);
  if (!GST_RATES.includes(rate)) throw new RangeError(`Not a GST rate: ${rate}`);
  // Integer arithmetic: (gross × 100 × 2 + (100 + rate)) ÷ (2 × (100 + rate)) is the half-up rounding.
  const taxablePaise = Math.floor((grossPaise * 200 + (100 + rate)) / (2 * (100 + rate)));
  return { taxablePaise, taxPaise: grossPaise - taxablePaise };
}

/** One line of an invoice as the order holds it: what was bought, its HSN code, how many, at what inclusive price. */
export interface InvoiceLineInput {
  description: string;
  hsn: string;
  quantity: number;
  /** Price of one, GST included, in paise (what the shopper paid). */
  unitPaise: number;
  rate: GstRate;
}

/** A line split for the invoice; CGST and SGST are 0 for an inter-state supply, IGST for an intra-state one. */
export interface InvoiceLine extends InvoiceLineInput {
  grossPaise: number;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

export interface InvoiceTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  grossPaise: number;
}

/**
 * Splits every line of an order for its invoice. Within one state (`intraState`) each line's tax
 * is CGST and SGST, half the rate each (an odd paisa goes to CGST); between states it is IGST. The
 * totals are sums of the lines, and equal what the shopper paid.
 */
export function invoiceLines(
  inputs: readonly InvoiceLineInput[],
  intraState: boolean,
): { lines: InvoiceLine[]; totals: InvoiceTotals } {
  const lines = inputs.map((input): InvoiceLine => {
    if (!Number.isSafeInteger(input.quantity) || input.quantity < 1) {
      throw new RangeError(`Not a quantity: ${input.quantity}`);
    }
    const grossPaise = input.unitPaise * input.quantity;
    const { taxablePaise, taxPaise } = splitInclusive(grossPaise, input.rate);
    const cgstPaise = intraState ? Math.ceil(taxPaise / 2) : 0;
    return {
      ...input,
      grossPaise,
      taxablePaise,
      cgstPaise,
      sgstPaise: intraState ? taxPaise - cgstPaise : 0,
      igstPaise: intraState ? 0 : taxPaise,
    };
  });
  const sum = (pick: (line: InvoiceLine) => number) => lines.reduce((total, line) => total + pick(line), 0);
  return {
    lines,
    totals: {
      taxablePaise: sum((l) => l.taxablePaise),
      cgstPaise: sum((l) => l.cgstPaise),
      sgstPaise: sum((l) => l.sgstPaise),
      igstPaise: sum((l) => l.igstPaise),
      grossPaise: sum((l) => l.grossPaise),
    },
  };
}

/**
 * Whether delivering to `deliveryState` is a supply within the shop's state (CGST + SGST) or
 * between states (IGST). A delivery state that is not one of India's is an error: the invoice
 * cannot be made until the address is corrected.
 */
export function isIntraState(shopState: string, deliveryState: string): boolean {
  const shop = gstState(shopState);
  if (!shop) throw new RangeError(`The shop's state is not an Indian state: ${shopState}`);
  const delivery = gstState(deliveryState);
  if (!delivery) throw new RangeError(`Not an Indian state: ${deliveryState}`);
  return shop.code === delivery.code;
}
