import { gstState } from './gst';
import { financialYear, invoiceNumber } from './numbering';
import {
  buildTaxInvoice,
  gstinProblem,
  TaxInvoiceError,
  type TaxInvoice,
  type TaxInvoiceInput,
  type TaxInvoiceLineInput,
} from './tax-invoice';
import { renderInvoicePdfOffThread } from './off-thread';
import { variantLabel } from '../../../contract/variants';
import type { Db } from '../../db';
import type { OrderItemRow, OrderRow } from '../../db/schema';
import { findInvoiceOfOrder, insertInvoice, nextInvoiceSerial } from '../../repositories/invoices';
import { findShopperOrderById, orderItemsOf } from '../../repositories/orders';
import { Conflict, NotFound } from '../errors';
import { deliveryParts } from '../orders/delivery-address';

/** What a shopper or staff member reads asking for the invoice of an order not paid yet. */
export const NO_INVOICE_YET = 'This order has no invoice yet: it is issued when the order is paid.';

/** The shop as its tax invoices name it (SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_GSTIN, SHOP_STATE). */
export interface Seller {
  legalName: string;
  addressLines: string[];
  gstin: string;
  state: string;
}

/** The demo shop's registration; a real shop sets its own (the GSTIN's check character is valid). */
export const DEMO_SELLER: Seller = {
  legalName: 'GharBazaar Retail Private Limited',
  addressLines: ['No. 42, 1st Floor, 80 Feet Road', 'Koramangala 4th Block', 'Bengaluru, Karnataka 560034'],
  gstin: '29AAACG4821M1ZE',
  state: 'Karnataka',
};

/** The series prefix of the shop's invoice numbers ('GB/26-27/000042'). */
export const INVOICE_PREFIX = 'GB';

/** 'GharBazaar-invoice-GB-26-27-000042.pdf' for the invoice GB/26-27/000042. */
export function invoiceFileName(number: string): string {
  return `GharBazaar-invoice-${number.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`;
}

/** Why a seller cannot go on a tax invoice, or null: a start-up check, so no invoice fails later. */
export function sellerProblem(seller: Seller): string | null {
  const state = gstState(seller.state);
  if (!state) return `'${seller.state}' is not an Indian state or union territory`;
  const gstin = gstinProblem(seller.gstin.trim().toUpperCase());
  if (gstin) return gstin;
  if (!seller.gstin.startsWith(state.code))
    return `the GSTIN does not start with ${state.code}, the code of ${state.name}`;
  if (!seller.legalName.trim() || seller.addressLines.length === 0) return 'the legal name and address must be set';
  return null;
}

/**
 * An order whose tax invoice cannot be made (a line without HSN code, an address without a state
 * the invoice can name): refused before any number is taken, so the series never has a number
 * without its document. Its message names what is missing.
 */
export class InvoiceNotDrawable extends Conflict {}

/** What an order line gives its invoice line. */
export type InvoiceLineSource = Pick<
  OrderItemRow,
  'product_name' | 'size' | 'color' | 'hsn_code' | 'gst_rate' | 'quantity' | 'unit_price_paise'
>;

/** An invoice line of an order line; a line without HSN code or rate fails the invoice's own check. */
export function invoiceLine(item: InvoiceLineSource): TaxInvoiceLineInput {
  return {
    description: item.product_name,
    variant: variantLabel({ size: item.size, color: item.color }) || null,
    hsnCode: item.hsn_code ?? '',
    gstRate: item.gst_rate ?? (-1 as TaxInvoiceLineInput['gstRate']),
    quantity: item.quantity,
    unitPricePaise: item.unit_price_paise,
  };
}

/** The buyer an order's invoice names: the delivery address's parts, its state and pincode as the order stored them. */
export function invoiceBuyer(
  order: Pick<OrderRow, 'address' | 'delivery_state' | 'delivery_pincode'>,
): TaxInvoiceInput['buyer'] {
  const buyer = deliveryParts(order.address);
  return {
    name: buyer.name,
    addressLines: buyer.lines,
    state: order.delivery_state ?? buyer.state ?? '',
    pincode: order.delivery_pincode ?? buyer.pincode ?? '',
  };
}

/**
 * Checks that an invoice can be made of this input, as it will be numbered in `at`'s financial
 * year: builds it with that year's first number. Throws InvoiceNotDrawable naming the problem.
 */
export function checkDrawable(input: Omit<TaxInvoiceInput, 'invoice'>, at: Date): TaxInvoice {
  try {
    const number = invoiceNumber(INVOICE_PREFIX, financialYear(at), 1);
    return buildTaxInvoice({ ...input, invoice: { number, issuedAt: at } });
  } catch (error) {
    if (error instanceof TaxInvoiceError) throw new InvoiceNotDrawable(error.message);
    throw error;
  }
}

/**
 * GST tax invoices: a number from the financial year's gap-free series is taken in the transaction
 * that marks the order paid (the series row is locked until it commits, and a rollback gives the
 * number back), and the PDF is drawn from the order's own record whenever it is asked for.
 */
export function createInvoices(db: Db, seller: Seller = DEMO_SELLER) {
  /** The invoice input of a stored order (its lines read in `trx`), without the invoice's number and date. */
  async function inputOf(trx: Db, order: OrderRow, from: Seller): Promise<Omit<TaxInvoiceInput, 'invoice'>> {
    const items = await orderItemsOf(trx, order.id);
    return {
      seller: from,
      buyer: invoiceBuyer(order),
      order: { id: order.id, placedAt: new Date(order.created_at), paymentMethod: order.payment_method },
      lines: items.map(invoiceLine),
    };
  }

  /**
   * Throws InvoiceNotDrawable when the order's invoice could not be made if it were numbered at
   * `at`: what a payment checks before it marks the order paid (and, refused, gives the money back).
   */
  async function check(trx: Db, order: OrderRow, at: string): Promise<void> {
    if (order.kind !== 'goods') return;
    checkDrawable(await inputOf(trx, order, seller), new Date(at));
  }

  /**
   * In the paying transaction: the order's invoice number, taken once. The invoice is made first
   * with the data it will print, and only a valid one takes a number (InvoiceNotDrawable
   * otherwise, which rolls the transaction back): no number is ever given to an invoice that
   * cannot be produced.
   */
  async function issue(trx: Db, order: OrderRow, at: string): Promise<void> {
    if (order.kind !== 'goods' || (await findInvoiceOfOrder(trx, order.id))) return;
    checkDrawable(await inputOf(trx, order, seller), new Date(at));
    const year = financialYear(new Date(at));
    const serial = await nextInvoiceSerial(trx, year);
    await insertInvoice(trx, {
      order_id: order.id,
      number: invoiceNumber(INVOICE_PREFIX, year, serial),
      financial_year: year,
      serial,
      issued_at: at,
      seller: JSON.stringify(seller),
    });
  }

  /** The invoice of a paid order, ready to print; null when it has none (not paid). */
  async function invoiceOf(order: OrderRow): Promise<TaxInvoice | null> {
    const row = await findInvoiceOfOrder(db, order.id);
    if (!row) return null;
    const input = await inputOf(db, order, JSON.parse(row.seller) as Seller);
    return buildTaxInvoice({ ...input, invoice: { number: row.number, issuedAt: new Date(row.issued_at) } });
  }

  /** The invoice as a PDF with its number; null when the order has none. */
  async function pdfOf(order: OrderRow): Promise<{ number: string; pdf: Buffer } | null> {
    const invoice = await invoiceOf(order);
    return invoice ? { number: invoice.number, pdf: await renderInvoicePdfOffThread(invoice) } : null;
  }

  /** The invoice PDF of a shopper's own order: NotFound for another's or an unknown one, and before it is paid. */
  async function shopperPdf(userId: number, orderId: number): Promise<{ fileName: string; pdf: Buffer }> {
    const order = await findShopperOrderById(db, userId, orderId);
    if (!order || order.kind !== 'goods') throw new NotFound('Order not found.');
    const invoice = await pdfOf(order);
    if (!invoice) throw new NotFound(NO_INVOICE_YET);
    return { fileName: invoiceFileName(invoice.number), pdf: invoice.pdf };
  }

  // The seller is also the sender named on packing slips.
  return { check, issue, invoiceOf, pdfOf, shopperPdf, seller };
}

export type Invoices = ReturnType<typeof createInvoices>;
