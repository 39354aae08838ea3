/**
 * A tax invoice (tax-invoice.ts) drawn as an A4 PDF: the seller and the invoice's particulars, the
 * buyer and place of supply, the lines, the totals with the amount in words, and the tax summary by
 * HSN code. A long order runs over as many pages as it needs, each continuation page repeating the
 * table's header, and every page is numbered 'Page n of N'. The same invoice always gives the same
 * bytes: the document's dates are the invoice's, and nothing else in it varies.
 */
import { formatDate, formatPaiseExact } from '../../../contract/format';
import { SHOP_NAME } from '../../../contract/shop';
import {
  CONTENT_BOTTOM,
  CONTENT_WIDTH,
  FULL_PAGE,
  MUTED,
  PAGE,
  startDocument,
  drawTable,
  ensureRoom,
  keyValues,
  layoutTable,
  newPage,
  rule,
  text,
  textHeight,
  type Cell,
  type Column,
  type Cursor,
  type TableRow,
} from './pdf-layout';
import type { TaxInvoice } from './tax-invoice';

/** Paise as the invoice prints them, always with both paise digits: 12345678 → '₹1,23,456.78', 500 → '₹5.00'. */
export const invoiceAmount = formatPaiseExact;

/** A date as read in India, whatever the server's time zone: '5 May 2026'. */
export const invoiceDate = formatDate;

const PAYMENT = { online: 'Paid online', cod: 'Cash on delivery' } as const;

/** The left block of the heading and the parties; the particulars take the rest of the width. */
const LEFT_WIDTH = 290;
const RIGHT_X = PAGE.margin + LEFT_WIDTH + 20;
const RIGHT_WIDTH = CONTENT_WIDTH - LEFT_WIDTH - 20;
const LABEL_WIDTH = 72;
/** The description column never narrows below this: a product name wraps onto two lines at most. */
const MINIMUM_DESCRIPTION_WIDTH = 140;

const percent = (rate: number) => `${rate}%`;

/** Renders the invoice as an A4 PDF; resolves with the whole file. */
export function renderInvoicePdf(invoice: TaxInvoice): Promise<Buffer> {
  const { cursor, finish } = startDocument({
    title: `Tax invoice ${invoice.number}`,
    author: invoice.seller.legalName,
    subject: `Order #${invoice.order.id}`,
    date: invoice.issuedAt,
    continuedHeading: `${invoice.seller.legalName} · Tax invoice ${invoice.number} (continued)`,
  });
  drawHeading(cursor, invoice);
  drawParties(cursor, invoice);
  drawLines(cursor, invoice);
  drawTotals(cursor, invoice);
  drawTaxSummary(cursor, invoice);
  drawClosing(cursor);
  return finish();
}

/** The seller on the left; 'TAX INVOICE' and the invoice's particulars on the right. */
function drawHeading(cursor: Cursor, invoice: TaxInvoice): void {
  const { doc } = cursor;
  const { seller, order } = invoice;
  const x = PAGE.margin;

  let left = cursor.y;
  left += text(doc, seller.legalName, x, left, { width: LEFT_WIDTH, size: 13, bold: true }) + 3;
  for (const line of seller.addressLines) left += text(doc, line, x, left, { width: LEFT_WIDTH, size: 8.5 });
  left += 3;
  left += keyValues(
    doc,
    [
      ['GSTIN', seller.gstin],
      ['State', `${seller.state.name}, code ${seller.state.code}`],
    ],
    { x, y: left, width: LEFT_WIDTH, labelWidth: 40 },
  );

  let right = cursor.y;
  right += text(doc, 'TAX INVOICE', RIGHT_X, right, { width: RIGHT_WIDTH, size: 16, bold: true, align: 'right' });
  right += text(doc, 'Original for recipient', RIGHT_X, right, {
    width: RIGHT_WIDTH,
    size: 7.5,
    color: MUTED,
    align: 'right',
  });
  right += 6;
  right += keyValues(
    doc,
    [
      ['Invoice no.', invoice.number],
      ['Invoice date', invoiceDate(invoice.issuedAt)],
      ['Order', `#${order.id}`],
      ['Order date', invoiceDate(order.placedAt)],
      ['Payment', PAYMENT[order.paymentMethod]],
    ],
    { x: RIGHT_X, y: right, width: RIGHT_WIDTH, labelWidth: LABEL_WIDTH },
  );

  cursor.y = Math.max(left, right) + 6;
  rule(doc, cursor.y);
  cursor.y += 8;
}

/** The buyer, billed and delivered to at the same address, beside the place and kind of supply. */
function drawParties(cursor: Cursor, invoice: TaxInvoice): void {
  const { doc } = cursor;
  const { buyer, placeOfSupply } = invoice;
  const x = PAGE.margin;

  let left = cursor.y;
  left += text(doc, 'BILL TO / SHIP TO', x, left, { width: LEFT_WIDTH, size: 7.5, bold: true, color: MUTED }) + 1;
  left += text(doc, buyer.name, x, left, { width: LEFT_WIDTH, size: 9.5, bold: true }) + 1;
  for (const line of buyer.addressLines) left += text(doc, line, x, left, { width: LEFT_WIDTH, size: 8.5 });
  left += text(doc, `${buyer.state.name} ${buyer.pincode}`, x, left, { width: LEFT_WIDTH, size: 8.5 });

  const top = cursor.y + 10;
  const right = keyValues(
    doc,
    [
      ['Place of supply', `${placeOfSupply.name} (${placeOfSupply.code})`],
      ['Supply', invoice.supplyType === 'intra-state' ? 'Intra-state: CGST + SGST' : 'Inter-state: IGST'],
      ['Reverse charge', invoice.reverseCharge ? 'Yes' : 'No'],
    ],
    { x: RIGHT_X, y: top, width: RIGHT_WIDTH, labelWidth: LABEL_WIDTH },
  );

  cursor.y = Math.max(left, top + right) + 10;
}

/** The columns for CGST and SGST within a state, or IGST between states. */
function taxColumns<T>(invoice: TaxInvoice, intra: T[], inter: T[]): T[] {
  return invoice.supplyType === 'intra-state' ? intra : inter;
}

function drawLines(cursor: Cursor, invoice: TaxInvoice): void {
  const right = 'right' as const;
  const columns: Column[] = [
    { header: '#', align: right },
    { header: 'Description', align: 'left', flexible: true },
    { header: 'HSN', align: 'left' },
    { header: 'Qty', align: right },
    { header: 'Unit price', align: right },
    { header: 'Taxable value', align: right },
    { header: 'GST', align: right },
    ...taxColumns<Column>(
      invoice,
      [
        { header: 'CGST', align: right },
        { header: 'SGST', align: right },
      ],
      [{ header: 'IGST', align: right }],
    ),
    { header: 'Amount', align: right },
  ];
  const rows: TableRow[] = invoice.lines.map((line) => ({
    cells: [
      { text: String(line.serial) },
      { text: line.description, note: line.variant },
      { text: line.hsnCode },
      { text: String(line.quantity) },
      { text: invoiceAmount(line.unitPricePaise) },
      { text: invoiceAmount(line.taxablePaise) },
      { text: percent(line.gstRate) },
      ...taxColumns<Cell>(
        invoice,
        [{ text: invoiceAmount(line.cgstPaise) }, { text: invoiceAmount(line.sgstPaise) }],
        [{ text: invoiceAmount(line.igstPaise) }],
      ),
      { text: invoiceAmount(line.totalPaise) },
    ],
  }));
  drawTable(cursor, layoutTable(cursor.doc, columns, rows, MINIMUM_DESCRIPTION_WIDTH));
}

/** The amount in words on the left; the taxable value, each tax and the grand total on the right. */
function drawTotals(cursor: Cursor, invoice: TaxInvoice): void {
  const { doc } = cursor;
  const { totals } = invoice;
  const rows = [
    ['Taxable value', invoiceAmount(totals.taxablePaise)],
    ...taxColumns(
      invoice,
      [
        ['CGST', invoiceAmount(totals.cgstPaise)],
        ['SGST', invoiceAmount(totals.sgstPaise)],
      ],
      [['IGST', invoiceAmount(totals.igstPaise)]],
    ),
  ] as const;
  const wordsWidth = 280;
  const blockX = PAGE.margin + wordsWidth + 30;
  const blockWidth = CONTENT_WIDTH - wordsWidth - 30;
  const labelWidth = 90;
  const wordsHeight = 12 + textHeight(doc, invoice.amountInWords, wordsWidth, 8.5);
  // The words and the figures stay together on one page.
  ensureRoom(cursor, 8 + Math.max(rows.length * 13 + 22, wordsHeight) + 10);

  const top = cursor.y + 8;
  let y = top;
  for (const [label, value] of rows) {
    text(doc, label, blockX, y, { width: labelWidth, size: 8.5, color: MUTED });
    text(doc, value, blockX + labelWidth, y, { width: blockWidth - labelWidth, size: 8.5, align: 'right' });
    y += 13;
  }
  rule(doc, y, blockX, blockWidth);
  y += 4;
  text(doc, 'Grand total', blockX, y, { width: labelWidth, size: 10, bold: true });
  text(doc, invoiceAmount(totals.grandTotalPaise), blockX + labelWidth, y, {
    width: blockWidth - labelWidth,
    size: 10,
    bold: true,
    align: 'right',
  });
  y += 18;

  let words = top;
  words += text(doc, 'AMOUNT IN WORDS', PAGE.margin, words, { width: wordsWidth, size: 7.5, bold: true, color: MUTED });
  words += text(doc, invoice.amountInWords, PAGE.margin, words + 1, { width: wordsWidth, size: 8.5 }) + 1;
  cursor.y = Math.max(y, words) + 10;
}

/** The tax by HSN code and rate, with its total; kept on one page whenever it fits on one. */
function drawTaxSummary(cursor: Cursor, invoice: TaxInvoice): void {
  const { doc } = cursor;
  const right = 'right' as const;
  const columns: Column[] = [
    { header: 'HSN', align: 'left', flexible: true },
    { header: 'Taxable value', align: right },
    ...taxColumns<Column>(
      invoice,
      [
        { header: 'CGST rate', align: right },
        { header: 'CGST', align: right },
        { header: 'SGST rate', align: right },
        { header: 'SGST', align: right },
      ],
      [
        { header: 'IGST rate', align: right },
        { header: 'IGST', align: right },
      ],
    ),
    { header: 'Total tax', align: right },
  ];
  const rows: TableRow[] = invoice.taxSummary.map((row) => ({
    cells: [
      { text: row.hsnCode },
      { text: invoiceAmount(row.taxablePaise) },
      ...taxColumns<Cell>(
        invoice,
        [
          { text: percent(row.gstRate / 2) },
          { text: invoiceAmount(row.cgstPaise) },
          { text: percent(row.gstRate / 2) },
          { text: invoiceAmount(row.sgstPaise) },
        ],
        [{ text: percent(row.gstRate) }, { text: invoiceAmount(row.igstPaise) }],
      ),
      { text: invoiceAmount(row.taxPaise) },
    ],
  }));
  const { totals } = invoice;
  rows.push({
    bold: true,
    cells: [
      { text: 'Total' },
      { text: invoiceAmount(totals.taxablePaise) },
      ...taxColumns<Cell>(
        invoice,
        [
          { text: '' },
          { text: invoiceAmount(totals.cgstPaise) },
          { text: '' },
          { text: invoiceAmount(totals.sgstPaise) },
        ],
        [{ text: '' }, { text: invoiceAmount(totals.igstPaise) }],
      ),
      { text: invoiceAmount(totals.taxPaise) },
    ],
  });

  const table = layoutTable(doc, columns, rows, 60);
  const title = 13;
  if (cursor.y + title + table.height > CONTENT_BOTTOM && title + table.height <= FULL_PAGE) {
    newPage(cursor);
  } else {
    ensureRoom(cursor, title + table.headerHeight + (table.rowHeights[0] ?? 0));
  }
  text(doc, 'TAX SUMMARY BY HSN', PAGE.margin, cursor.y, { width: CONTENT_WIDTH, size: 7.5, bold: true, color: MUTED });
  cursor.y += title;
  drawTable(cursor, table);
}

function drawClosing(cursor: Cursor): void {
  const { doc } = cursor;
  ensureRoom(cursor, 40);
  cursor.y += 14;
  const note = { width: CONTENT_WIDTH, size: 8, color: MUTED };
  cursor.y += text(doc, 'This is a computer-generated invoice and needs no signature.', PAGE.margin, cursor.y, note);
  cursor.y += 2 + text(doc, `Thank you for shopping at ${SHOP_NAME}.`, PAGE.margin, cursor.y + 2, note);
}
