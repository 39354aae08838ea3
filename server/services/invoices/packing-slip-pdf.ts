/**
 * An order's packing slip as an A4 PDF, for the parcel: the shop as sender, the order's number
 * and date, where it goes, and what goes in the box (product, variant, size, colour, quantity),
 * with a box to tick per line. No prices: the slip travels with the goods. Drawn with the
 * invoice's page furniture and font, and the same order always gives the same bytes (the
 * document's dates are the order's).
 */
import { SHOP_NAME } from '../../../contract/shop';
import { invoiceDate } from './invoice-pdf';
import {
  CONTENT_WIDTH,
  MUTED,
  PAGE,
  drawTable,
  ensureRoom,
  keyValues,
  layoutTable,
  rule,
  startDocument,
  text,
  type Column,
  type Cursor,
  type TableRow,
} from './pdf-layout';

export interface PackingSlipLine {
  productName: string;
  /** The variant's name in the catalogue ('Navy / M'), or null when it is gone. */
  variant: string | null;
  sku: string | null;
  size: string | null;
  color: string | null;
  quantity: number;
}

export interface PackingSlip {
  orderId: number;
  placedAt: Date;
  paymentMethod: 'online' | 'cod';
  /** The sender: the shop's legal name and address lines. */
  from: { name: string; addressLines: string[] };
  shipTo: { name: string; lines: string[]; state: string | null; pincode: string | null; phone: string | null };
  lines: PackingSlipLine[];
}

const LEFT_WIDTH = 290;
const RIGHT_X = PAGE.margin + LEFT_WIDTH + 20;
const RIGHT_WIDTH = CONTENT_WIDTH - LEFT_WIDTH - 20;
/** A product name wraps onto two lines at most beside the other columns. */
const MINIMUM_ITEM_WIDTH = 150;
/** U+2610 BALLOT BOX, which DejaVu draws: ticked by hand as each line goes into the box. */
const TICK_BOX = '\u2610';

const PAYMENT = { online: 'Prepaid', cod: 'Cash on delivery' } as const;

/** 'GharBazaar-packing-slip-1042.pdf'. */
export function packingSlipFileName(orderId: number): string {
  return `${SHOP_NAME}-packing-slip-${orderId}.pdf`;
}

/** Renders the slip; resolves with the whole file. */
export function renderPackingSlipPdf(slip: PackingSlip): Promise<Buffer> {
  const { cursor, finish } = startDocument({
    title: `Packing slip, order #${slip.orderId}`,
    author: slip.from.name,
    subject: `Order #${slip.orderId}`,
    date: slip.placedAt,
    continuedHeading: `${SHOP_NAME} · Packing slip, order #${slip.orderId} (continued)`,
  });
  drawHeading(cursor, slip);
  drawShipTo(cursor, slip);
  drawItems(cursor, slip);
  drawClosing(cursor, slip);
  return finish();
}

/** The sender on the left; 'PACKING SLIP', the order number, date and payment on the right. */
function drawHeading(cursor: Cursor, slip: PackingSlip): void {
  const { doc } = cursor;
  const x = PAGE.margin;
  let left = cursor.y;
  left += text(doc, SHOP_NAME, x, left, { width: LEFT_WIDTH, size: 13, bold: true }) + 1;
  left += text(doc, slip.from.name, x, left, { width: LEFT_WIDTH, size: 8.5 });
  for (const line of slip.from.addressLines) left += text(doc, line, x, left, { width: LEFT_WIDTH, size: 8.5 });

  let right = cursor.y;
  right += text(doc, 'PACKING SLIP', RIGHT_X, right, { width: RIGHT_WIDTH, size: 16, bold: true, align: 'right' });
  right += 6;
  right += keyValues(
    doc,
    [
      ['Order', `#${slip.orderId}`],
      ['Order date', invoiceDate(slip.placedAt)],
      ['Payment', PAYMENT[slip.paymentMethod]],
    ],
    { x: RIGHT_X, y: right, width: RIGHT_WIDTH, labelWidth: 72 },
  );
  cursor.y = Math.max(left, right) + 6;
  rule(doc, cursor.y);
  cursor.y += 8;
}

function drawShipTo(cursor: Cursor, slip: PackingSlip): void {
  const { doc } = cursor;
  const { shipTo } = slip;
  const x = PAGE.margin;
  let y = cursor.y;
  y += text(doc, 'SHIP TO', x, y, { width: LEFT_WIDTH, size: 7.5, bold: true, color: MUTED }) + 1;
  y += text(doc, shipTo.name, x, y, { width: LEFT_WIDTH, size: 11, bold: true }) + 1;
  for (const line of shipTo.lines) y += text(doc, line, x, y, { width: LEFT_WIDTH, size: 9.5 });
  const last = [shipTo.state, shipTo.pincode].filter(Boolean).join(' ');
  if (last) y += text(doc, last, x, y, { width: LEFT_WIDTH, size: 9.5, bold: true });
  if (shipTo.phone) y += text(doc, `Phone ${shipTo.phone}`, x, y + 2, { width: LEFT_WIDTH, size: 9.5 }) + 2;
  cursor.y = y + 12;
}

function drawItems(cursor: Cursor, slip: PackingSlip): void {
  const right = 'right' as const;
  const columns: Column[] = [
    { header: '#', align: right },
    { header: 'Item', align: 'left', flexible: true },
    { header: 'SKU', align: 'left' },
    { header: 'Size', align: 'left' },
    { header: 'Colour', align: 'left' },
    { header: 'Qty', align: right },
    { header: 'Packed', align: 'left' },
  ];
  const rows: TableRow[] = slip.lines.map((line, index) => ({
    cells: [
      { text: String(index + 1) },
      { text: line.productName, note: line.variant },
      { text: line.sku ?? '' },
      { text: line.size ?? '' },
      { text: line.color ?? '' },
      { text: String(line.quantity) },
      { text: TICK_BOX },
    ],
  }));
  const pieces = slip.lines.reduce((sum, line) => sum + line.quantity, 0);
  rows.push({
    bold: true,
    cells: [
      { text: '' },
      { text: `${slip.lines.length} line${slip.lines.length === 1 ? '' : 's'}` },
      { text: '' },
      { text: '' },
      { text: '' },
      { text: String(pieces) },
      { text: '' },
    ],
  });
  drawTable(cursor, layoutTable(cursor.doc, columns, rows, MINIMUM_ITEM_WIDTH));
}

function drawClosing(cursor: Cursor, slip: PackingSlip): void {
  const { doc } = cursor;
  ensureRoom(cursor, 40);
  cursor.y += 14;
  const note = { width: CONTENT_WIDTH, size: 8, color: MUTED };
  const payment =
    slip.paymentMethod === 'cod'
      ? 'Cash on delivery: collect the order’s amount at the door.'
      : 'Prepaid: nothing is to be collected at the door.';
  cursor.y += text(doc, payment, PAGE.margin, cursor.y, note);
  cursor.y += 2 + text(doc, `Thank you for shopping at ${SHOP_NAME}.`, PAGE.margin, cursor.y + 2, note);
}
