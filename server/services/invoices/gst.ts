/**
 * GST on a tax invoice. The shop's prices are GST-inclusive, as shown to shoppers; an invoice
 * splits each line into its taxable value and its tax: CGST + SGST (half the rate each) when the
 * goods are delivered in the shop's own state, IGST (the whole rate) otherwise. Every amount is in
 * integer paise and the parts of a line always add up to what the shopper paid for it.
 */

import { GST_RATES, type GstRate } from '../../../contract/schemas/admin-catalogue';
import { indianState } from '../../../contract/states';

/** The GST state of a name as shoppers type it ('tamil nadu', 'Orissa', 'J&K', '29'), or null when it is none. */
export const gstState = indianState;

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
