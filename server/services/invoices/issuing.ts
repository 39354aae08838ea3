import { gstState } from './gst';
import { financialYear, invoiceNumber } from './numbering';
import { buildTaxInvoice, gstinProblem, type TaxInvoice } from './tax-invoice';
import { renderInvoicePdfOffThread } from './off-thread';
import { variantLabel } from '../../../contract/variants';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { findInvoiceOfOrder, insertInvoice, nextInvoiceSerial } from '../../repositories/invoices';
import { findShopperOrderById, orderItemsOf } from '../../repositories/orders';
import { NotFound } from '../errors';
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
 * GST tax invoices: a number from the financial year's gap-free series is taken in the transaction
 * that marks the order paid (the series row is locked until it commits, and a rollback gives the
 * number back), and the PDF is drawn from the order's own record whenever it is asked for.
 */
export function createInvoices(db: Db, seller: Seller = DEMO_SELLER) {
  /** In the paying transaction: the order's invoice number, taken once. */
  async function issue(trx: Db, order: Pick<OrderRow, 'id' | 'kind'>, at: string): Promise<void> {
    if (order.kind !== 'goods' || (await findInvoiceOfOrder(trx, order.id))) return;
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
    const items = await orderItemsOf(db, order.id);
    const buyer = deliveryParts(order.address);
    return buildTaxInvoice({
      seller: JSON.parse(row.seller) as Seller,
      buyer: {
        name: buyer.name,
        addressLines: buyer.lines,
        state: order.delivery_state ?? buyer.state ?? '',
        pincode: order.delivery_pincode ?? buyer.pincode ?? '',
      },
      invoice: { number: row.number, issuedAt: new Date(row.issued_at) },
      order: { id: order.id, placedAt: new Date(order.created_at), paymentMethod: order.payment_method },
      lines: items.map((i) => ({
        description: i.product_name,
        variant: variantLabel({ size: i.size, color: i.color }) || null,
        hsnCode: i.hsn_code ?? '',
        gstRate: i.gst_rate ?? 18,
        quantity: i.quantity,
        unitPricePaise: i.unit_price_paise,
      })),
    });
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
  return { issue, invoiceOf, pdfOf, shopperPdf, seller };
}

export type Invoices = ReturnType<typeof createInvoices>;
