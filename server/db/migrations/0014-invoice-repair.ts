import { sql, type Kysely, type Migration } from 'kysely';
import { addressState } from '../../../contract/states';

/**
 * Orders whose tax invoice could not be drawn, repaired from their own data. Before orders read
 * their delivery state and pincode from structured data, an address typed as one line whose last
 * part was not a pincode ('…, Mumbai 400050'), or whose state was spelt otherwise, was stored
 * without them; a line of a product without HSN code was stored without one. Such an order, once
 * paid, had an invoice number and no document (its PDF failed every time).
 *
 * For every order of goods this fills what is missing, from the order itself:
 * - the pincode: the last six-digit number standing alone in its address;
 * - the state: the last part of its address that names a state or union territory, else the
 *   state of its pincode's postal circle (PINCODE_STATES; the order's own words win where they
 *   name one);
 * - each line's HSN code and GST rate: its product's.
 * Orders still missing something afterwards are named on the console: their data must be corrected by hand.
 */
export const invoiceRepair: Migration = {
  async up(db: Kysely<unknown>) {
    const orders = await sql<{
      id: number;
      address: string;
      delivery_pincode: string | null;
      delivery_state: string | null;
    }>`
      SELECT id, address, delivery_pincode, delivery_state FROM orders WHERE kind = 'goods'`.execute(db);
    for (const order of orders.rows) {
      const repaired = repairedDelivery(order.address, order.delivery_pincode, order.delivery_state);
      if (repaired.pincode === order.delivery_pincode && repaired.state === order.delivery_state) continue;
      await sql`UPDATE orders SET delivery_pincode = ${repaired.pincode}, delivery_state = ${repaired.state}
        WHERE id = ${order.id}`.execute(db);
    }
    await sql`UPDATE order_items SET hsn_code = (SELECT p.hsn_code FROM products p WHERE p.id = order_items.product_id)
      WHERE hsn_code IS NULL`.execute(db);
    await sql`UPDATE order_items SET gst_rate = (SELECT p.gst_rate FROM products p WHERE p.id = order_items.product_id)
      WHERE gst_rate IS NULL`.execute(db);
    const left = await sql<{ id: number }>`
      SELECT DISTINCT o.id FROM orders o JOIN invoices i ON i.order_id = o.id
      LEFT JOIN order_items l ON l.order_id = o.id
      WHERE o.delivery_state IS NULL OR o.delivery_pincode IS NULL OR l.hsn_code IS NULL OR l.gst_rate IS NULL
      ORDER BY o.id`.execute(db);
    if (left.rows.length > 0) {
      console.warn(
        `Invoices of orders ${left.rows.map((r) => r.id).join(', ')} still lack a delivery state, pincode or HSN code: correct those orders' data.`,
      );
    }
  },
};

/**
 * The first digits of pincodes and the state or union territory of their postal circle, longest
 * prefix first wins. Postal circles follow state borders closely but not exactly; this is only
 * read when an order's address names no state.
 */
const PINCODE_STATES: readonly (readonly [prefix: string, state: string])[] = [
  ['11', 'Delhi'],
  ['12', 'Haryana'],
  ['13', 'Haryana'],
  ['14', 'Punjab'],
  ['15', 'Punjab'],
  ['16', 'Punjab'],
  ['160', 'Chandigarh'],
  ['17', 'Himachal Pradesh'],
  ['18', 'Jammu and Kashmir'],
  ['19', 'Jammu and Kashmir'],
  ['194', 'Ladakh'],
  ['20', 'Uttar Pradesh'],
  ['21', 'Uttar Pradesh'],
  ['22', 'Uttar Pradesh'],
  ['23', 'Uttar Pradesh'],
  ['24', 'Uttar Pradesh'],
  ['246', 'Uttarakhand'],
  ['248', 'Uttarakhand'],
  ['249', 'Uttarakhand'],
  ['25', 'Uttar Pradesh'],
  ['26', 'Uttar Pradesh'],
  ['263', 'Uttarakhand'],
  ['27', 'Uttar Pradesh'],
  ['28', 'Uttar Pradesh'],
  ['30', 'Rajasthan'],
  ['31', 'Rajasthan'],
  ['32', 'Rajasthan'],
  ['33', 'Rajasthan'],
  ['34', 'Rajasthan'],
  ['36', 'Gujarat'],
  ['37', 'Gujarat'],
  ['38', 'Gujarat'],
  ['39', 'Gujarat'],
  ['39621', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['39623', 'Dadra and Nagar Haveli and Daman and Diu'],
  ['40', 'Maharashtra'],
  ['403', 'Goa'],
  ['41', 'Maharashtra'],
  ['42', 'Maharashtra'],
  ['43', 'Maharashtra'],
  ['44', 'Maharashtra'],
  ['45', 'Madhya Pradesh'],
  ['46', 'Madhya Pradesh'],
  ['47', 'Madhya Pradesh'],
  ['48', 'Madhya Pradesh'],
  ['49', 'Chhattisgarh'],
  ['50', 'Telangana'],
  ['51', 'Andhra Pradesh'],
  ['52', 'Andhra Pradesh'],
  ['53', 'Andhra Pradesh'],
  ['56', 'Karnataka'],
  ['57', 'Karnataka'],
  ['58', 'Karnataka'],
  ['59', 'Karnataka'],
  ['60', 'Tamil Nadu'],
  ['6050', 'Puducherry'],
  ['61', 'Tamil Nadu'],
  ['62', 'Tamil Nadu'],
  ['63', 'Tamil Nadu'],
  ['64', 'Tamil Nadu'],
  ['67', 'Kerala'],
  ['68', 'Kerala'],
  ['6825', 'Lakshadweep'],
  ['69', 'Kerala'],
  ['70', 'West Bengal'],
  ['71', 'West Bengal'],
  ['72', 'West Bengal'],
  ['73', 'West Bengal'],
  ['737', 'Sikkim'],
  ['74', 'West Bengal'],
  ['744', 'Andaman and Nicobar Islands'],
  ['75', 'Odisha'],
  ['76', 'Odisha'],
  ['77', 'Odisha'],
  ['78', 'Assam'],
  ['790', 'Arunachal Pradesh'],
  ['791', 'Arunachal Pradesh'],
  ['792', 'Arunachal Pradesh'],
  ['793', 'Meghalaya'],
  ['794', 'Meghalaya'],
  ['795', 'Manipur'],
  ['796', 'Mizoram'],
  ['797', 'Nagaland'],
  ['798', 'Nagaland'],
  ['799', 'Tripura'],
  ['80', 'Bihar'],
  ['81', 'Bihar'],
  ['813', 'Jharkhand'],
  ['814', 'Jharkhand'],
  ['815', 'Jharkhand'],
  ['816', 'Jharkhand'],
  ['82', 'Bihar'],
  ['825', 'Jharkhand'],
  ['826', 'Jharkhand'],
  ['827', 'Jharkhand'],
  ['828', 'Jharkhand'],
  ['829', 'Jharkhand'],
  ['83', 'Jharkhand'],
  ['84', 'Bihar'],
  ['85', 'Bihar'],
];

/** The state of a pincode's postal circle, or null. */
export function stateOfPincode(pincode: string): string | null {
  let best: string | null = null;
  let length = 0;
  for (const [prefix, state] of PINCODE_STATES) {
    if (prefix.length > length && pincode.startsWith(prefix)) {
      best = state;
      length = prefix.length;
    }
  }
  return best;
}

/**
 * An order's delivery pincode and state, as stored (when readable) or read again from its address.
 * The state is the proper name of a state or union territory, so its invoice can name it.
 */
export function repairedDelivery(
  address: string,
  pincode: string | null,
  state: string | null,
): { pincode: string | null; state: string | null } {
  const pin = pincode && /^[1-9]\d{5}$/.test(pincode) ? pincode : lastPincodeIn(address);
  const named =
    (state ? addressState(state)?.name : undefined) ??
    address
      .split(',')
      .map((part) => addressState(part.replace(/\b[1-9]\d{5}\b/g, ' ').replace(/[.\s]+$/, ''))?.name)
      .filter((name): name is string => name !== undefined)
      .at(-1) ??
    (pin ? stateOfPincode(pin) : null);
  return { pincode: pin, state: named ?? state };
}

/** The last six-digit number standing alone in a text ('…, Port Blair 744101 Andaman' → '744101'). */
function lastPincodeIn(text: string): string | null {
  return [...text.matchAll(/(?<!\d)([1-9]\d{5})(?!\d)/g)].at(-1)?.[1] ?? null;
}
