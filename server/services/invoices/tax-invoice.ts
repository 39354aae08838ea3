/**
 * The GST tax invoice of an order, as data: everything the printed invoice shows, worked out from
 * what the shopper paid. Pure: the caller loads the seller's registration, the delivery address and
 * the order's lines, allocates the invoice number, and gets back an invoice whose every amount is in
 * integer paise and whose parts add up exactly to the sum paid. Rendering is invoice-pdf.ts's job.
 *
 * What it checks follows rule 46 of the CGST Rules (what a tax invoice must state): a GSTIN of the
 * seller's own state with a valid check character, an invoice number of at most 16 letters, digits,
 * '-' or '/', a place of supply that is an Indian state, and an HSN code on every line.
 */
import { indiaDay } from '../../../contract/format';
import { PAYMENT_METHODS, type PaymentMethod } from '../../../contract/order-lifecycle';
import { HSN_PATTERN } from '../../../contract/schemas/admin-catalogue';
import { GST_RATES, gstState, invoiceLines, type GstRate } from './gst';
import { financialYear, rupeesInWords } from './numbering';

/** A state as the invoice prints it: its name and its two-digit GST code ('Karnataka', '29'). */
export interface GstStateRef {
  code: string;
  name: string;
}

export interface TaxInvoiceLineInput {
  /** The product's name. */
  description: string;
  /** Which variant, e.g. '500 ml · Steel'; null for a product without variants. */
  variant: string | null;
  /** 4, 6 or 8 digits (a SAC code for a service such as delivery has the same form). */
  hsnCode: string;
  gstRate: GstRate;
  quantity: number;
  /** Price of one, GST included, in paise: what the shopper paid for it. */
  unitPricePaise: number;
}

export interface TaxInvoiceInput {
  seller: {
    legalName: string;
    addressLines: readonly string[];
    gstin: string;
    /** The state the seller is registered in, as configured: its name ('Karnataka') or GST code ('29'). */
    state: string;
  };
  buyer: {
    name: string;
    /** The delivery address without its state and PIN code (street, locality, city). */
    addressLines: readonly string[];
    /** As the shopper typed it ('tamil nadu', 'TN', 'Orissa'). */
    state: string;
    pincode: string;
  };
  invoice: {
    /** Already allocated from the shop's series, e.g. 'GB/26-27/000042'. */
    number: string;
    issuedAt: Date;
  };
  order: {
    id: number;
    placedAt: Date;
    paymentMethod: PaymentMethod;
  };
  lines: readonly TaxInvoiceLineInput[];
}

/** CGST + SGST (half the rate each) within the seller's state; IGST (the whole rate) between states. */
export type SupplyType = 'intra-state' | 'inter-state';

export interface TaxInvoiceLine extends TaxInvoiceLineInput {
  /** 1, 2, 3… in the order's order. */
  serial: number;
  taxablePaise: number;
  /** CGST and SGST are 0 on an inter-state invoice; IGST is 0 on an intra-state one. */
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** Taxable value + tax = quantity × unit price: what the shopper paid for the line. */
  totalPaise: number;
}

/** One row of the summary by HSN code and rate that GST invoices carry below their lines. */
export interface TaxSummaryRow {
  hsnCode: string;
  gstRate: GstRate;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  taxPaise: number;
}

export interface TaxInvoiceTotals {
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  /** CGST + SGST + IGST. */
  taxPaise: number;
  /** Taxable + tax: exactly the sum the shopper paid. */
  grandTotalPaise: number;
}

export interface TaxInvoice {
  number: string;
  issuedAt: Date;
  seller: {
    legalName: string;
    addressLines: string[];
    gstin: string;
    state: GstStateRef;
  };
  buyer: {
    name: string;
    addressLines: string[];
    /** The state's proper name, whatever the shopper typed. */
    state: GstStateRef;
    pincode: string;
  };
  order: {
    id: number;
    placedAt: Date;
    paymentMethod: PaymentMethod;
  };
  /** For goods delivered by the shop: the delivery state. */
  placeOfSupply: GstStateRef;
  supplyType: SupplyType;
  /** The shop's sales to shoppers are never taxed under reverse charge; an invoice must still say so. */
  reverseCharge: false;
  lines: TaxInvoiceLine[];
  totals: TaxInvoiceTotals;
  /** The grand total in words: 'Rupees One Thousand Two Hundred Only'. */
  amountInWords: string;
  /** By HSN code, then rate; its sums equal the totals. */
  taxSummary: TaxSummaryRow[];
}

const GSTIN_CHARACTERS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The check character of a GSTIN's first 14 characters (the mod-36 scheme GSTN publishes): each
 * character's value (0–9, A=10 … Z=35) is multiplied by 1 and 2 alternately, each product's
 * quotient and remainder by 36 are added up, and the check is what brings that sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  if (!/^[0-9A-Z]{14}$/.test(first14)) throw new RangeError(`Not the first 14 characters of a GSTIN: ${first14}`);
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_CHARACTERS.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_CHARACTERS.charAt((36 - (sum % 36)) % 36);
}

/**
 * Why a GSTIN is not valid, or null when it is: 15 characters, the state code, the holder's PAN
 * (5 letters, 4 digits, a letter), the registration's number within that PAN (1–9, then A–Z), 'Z',
 * and the check character.
 */
export function gstinProblem(gstin: string): string | null {
  if (gstin.length !== 15) return `a GSTIN has 15 characters, not ${gstin.length}`;
  if (!/^\d{2}[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/.test(gstin)) {
    return 'a GSTIN is a 2-digit state code, a 10-character PAN, a registration number, Z and a check character';
  }
  if (!gstState(gstin.slice(0, 2))) return `${gstin.slice(0, 2)} is not a GST state code`;
  const check = gstinCheckCharacter(gstin.slice(0, 14));
  if (gstin.charAt(14) !== check) return `its check character should be ${check}, not ${gstin.charAt(14)}`;
  return null;
}

/** The shop's own series, 'GB/26-27/000042' (numbering.ts): its year part must be the invoice date's. */
const SHOP_SERIES = /^[A-Z0-9]{1,3}\/(\d{2})-(\d{2})\/\d{6}$/;

/**
 * Input that cannot make a valid invoice: its message names the problem. Its own class, so a caller
 * can tell data to correct (an address's state, the shop's GSTIN setting) from a fault of its own.
 */
export class TaxInvoiceError extends Error {
  constructor(problem: string) {
    super(`Cannot make the tax invoice: ${problem}.`);
    this.name = 'TaxInvoiceError';
  }
}

function fail(problem: string): never {
  throw new TaxInvoiceError(problem);
}

function requireText(value: string, what: string): string {
  const text = value.trim();
  if (!text) fail(`${what} is empty`);
  return text;
}

function requireDate(value: Date, what: string): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) fail(`${what} is not a date`);
  return new Date(value.getTime());
}

function checkLine(line: TaxInvoiceLineInput, serial: number): void {
  const what = `line ${serial}`;
  requireText(line.description, `the description of ${what}`);
  if (!HSN_PATTERN.test(line.hsnCode)) {
    fail(`the HSN code of ${what} must be 4, 6 or 8 digits, not '${line.hsnCode}'`);
  }
  if (!GST_RATES.includes(line.gstRate)) fail(`the GST rate of ${what} must be one of ${GST_RATES.join(', ')} %`);
  if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) {
    fail(`the quantity of ${what} must be a whole number of at least 1, not ${line.quantity}`);
  }
  if (!Number.isSafeInteger(line.unitPricePaise) || line.unitPricePaise < 0) {
    fail(`the unit price of ${what} must be a whole number of paise, not ${line.unitPricePaise}`);
  }
  if (!Number.isSafeInteger(line.unitPricePaise * line.quantity)) fail(`the amount of ${what} is too large`);
}

/**
 * The tax invoice of an order. Each line's GST-inclusive amount is split into taxable value and tax
 * (gst.ts), so the totals add up to the paisa to what the shopper paid; the tax summary sums the
 * lines' own rounded amounts rather than re-computing tax on each group's taxable value, so it
 * agrees with the lines above it. Throws a TaxInvoiceError naming the problem when the input cannot
 * make a valid invoice (an unknown state, a bad GSTIN, an empty order…).
 */
export function buildTaxInvoice(input: TaxInvoiceInput): TaxInvoice {
  const { seller, buyer, invoice, order } = input;

  const sellerState = gstState(seller.state);
  if (!sellerState) fail(`the seller's state '${seller.state}' is not an Indian state or union territory`);
  const gstin = seller.gstin.trim().toUpperCase();
  const gstinIssue = gstinProblem(gstin);
  if (gstinIssue) fail(`the seller's GSTIN ${gstin} is not valid: ${gstinIssue}`);
  if (gstin.slice(0, 2) !== sellerState.code) {
    fail(
      `the seller's GSTIN ${gstin} is of state code ${gstin.slice(0, 2)}, not ${sellerState.name} (${sellerState.code})`,
    );
  }
  const sellerName = requireText(seller.legalName, "the seller's legal name");
  const sellerAddress = seller.addressLines.map((line) => line.trim()).filter(Boolean);
  if (sellerAddress.length === 0) fail("the seller's address is empty");

  const buyerState = gstState(buyer.state);
  if (!buyerState) {
    fail(`the delivery state '${buyer.state}' is not an Indian state or union territory; correct the address first`);
  }
  const buyerName = requireText(buyer.name, "the buyer's name");
  const buyerAddress = buyer.addressLines.map((line) => line.trim()).filter(Boolean);
  if (buyerAddress.length === 0) fail('the delivery address is empty');
  const pincode = buyer.pincode.trim();
  if (!/^[1-9]\d{5}$/.test(pincode)) fail(`the PIN code '${buyer.pincode}' is not 6 digits`);

  const number = invoice.number.trim();
  if (!/^[A-Za-z0-9/-]{1,16}$/.test(number)) {
    fail(`the invoice number '${invoice.number}' must be 1 to 16 letters, digits, '-' or '/'`);
  }
  const issuedAt = requireDate(invoice.issuedAt, 'the invoice date');
  const series = SHOP_SERIES.exec(number);
  if (series) {
    const year = financialYear(issuedAt);
    if (`${series[1]}-${series[2]}` !== `${year.slice(2, 4)}-${year.slice(5)}`) {
      fail(`invoice ${number} is not of the financial year ${year} in which it is dated`);
    }
  }

  if (!Number.isSafeInteger(order.id) || order.id < 1) fail(`the order id ${order.id} is not a positive whole number`);
  const placedAt = requireDate(order.placedAt, 'the order date');
  // Compared by the dates both print: timestamps stored to the second, or a few milliseconds
  // apart, never make an invoice of the same day look earlier than its order.
  if (indiaDay(issuedAt) < indiaDay(placedAt)) fail(`invoice ${number} is dated before its order was placed`);
  if (!PAYMENT_METHODS.includes(order.paymentMethod)) {
    fail(`the payment method '${String(order.paymentMethod)}' is not one of ${PAYMENT_METHODS.join(', ')}`);
  }

  if (input.lines.length === 0) fail('the order has no lines');
  input.lines.forEach((line, index) => checkLine(line, index + 1));

  const intraState = sellerState.code === buyerState.code;
  const split = invoiceLines(
    input.lines.map((line) => ({
      description: line.description.trim(),
      hsn: line.hsnCode,
      quantity: line.quantity,
      unitPaise: line.unitPricePaise,
      rate: line.gstRate,
    })),
    intraState,
  );
  const lines = split.lines.map(
    (line, index): TaxInvoiceLine => ({
      serial: index + 1,
      description: line.description,
      // A blank variant is a product without variants, as null is.
      variant: input.lines[index]?.variant?.trim() || null,
      hsnCode: line.hsn,
      gstRate: line.rate,
      quantity: line.quantity,
      unitPricePaise: line.unitPaise,
      taxablePaise: line.taxablePaise,
      cgstPaise: line.cgstPaise,
      sgstPaise: line.sgstPaise,
      igstPaise: line.igstPaise,
      totalPaise: line.grossPaise,
    }),
  );
  const { totals } = split;

  return {
    number,
    issuedAt,
    seller: { legalName: sellerName, addressLines: sellerAddress, gstin, state: { ...sellerState } },
    buyer: { name: buyerName, addressLines: buyerAddress, state: { ...buyerState }, pincode },
    order: { id: order.id, placedAt, paymentMethod: order.paymentMethod },
    placeOfSupply: { ...buyerState },
    supplyType: intraState ? 'intra-state' : 'inter-state',
    reverseCharge: false,
    lines,
    totals: {
      taxablePaise: totals.taxablePaise,
      cgstPaise: totals.cgstPaise,
      sgstPaise: totals.sgstPaise,
      igstPaise: totals.igstPaise,
      taxPaise: totals.cgstPaise + totals.sgstPaise + totals.igstPaise,
      grandTotalPaise: totals.grossPaise,
    },
    amountInWords: rupeesInWords(totals.grossPaise),
    taxSummary: taxSummary(lines),
  };
}

/** The lines grouped by HSN code and rate, in code order then rate order. */
function taxSummary(lines: readonly TaxInvoiceLine[]): TaxSummaryRow[] {
  const rows = new Map<string, TaxSummaryRow>();
  for (const line of lines) {
    const key = `${line.hsnCode}@${line.gstRate}`;
    const row = rows.get(key) ?? {
      hsnCode: line.hsnCode,
      gstRate: line.gstRate,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
      taxPaise: 0,
    };
    row.taxablePaise += line.taxablePaise;
    row.cgstPaise += line.cgstPaise;
    row.sgstPaise += line.sgstPaise;
    row.igstPaise += line.igstPaise;
    row.taxPaise += line.cgstPaise + line.sgstPaise + line.igstPaise;
    rows.set(key, row);
  }
  return [...rows.values()].sort((a, b) => a.hsnCode.localeCompare(b.hsnCode) || a.gstRate - b.gstRate);
}
