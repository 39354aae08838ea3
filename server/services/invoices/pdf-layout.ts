/**
 * The page furniture of the shop's PDF documents, drawn with pdfkit: A4 geometry, the embedded
 * font, text blocks, rules, and tables that run over pages with their header repeated. The
 * documents themselves (invoice-pdf.ts) say what goes where.
 */
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { SHOP_NAME } from '../../../contract/shop';

/**
 * DejaVu Sans Condensed, from the dejavu-fonts-ttf package: pdfkit's built-in Helvetica has no
 * rupee sign (U+20B9), and DejaVu has it in regular and bold, with every Latin letter a name or an
 * address may hold. Its licence (Bitstream Vera's, DejaVu's changes public domain) allows
 * embedding; pdfkit embeds only the glyphs used, so a one-page invoice is about 19 KB rather than
 * carrying the 640 KB font files. The condensed cut fits ten columns of amounts across A4 at 8 pt.
 */
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
export const FONTS = {
  regular: fontFile('DejaVuSansCondensed.ttf'),
  bold: fontFile('DejaVuSansCondensed-Bold.ttf'),
};

/** A4 in points, with half-inch margins. */
export const PAGE = { width: 595.28, height: 841.89, margin: 36 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
/** Room kept at each page's foot for its number. */
const FOOTER_HEIGHT = 22;
export const CONTENT_BOTTOM = PAGE.height - PAGE.margin - FOOTER_HEIGHT;
/** The line naming the document at the top of a continuation page. */
const CONTINUED_HEIGHT = 18;

export const INK = '#1a1a1a';
export const MUTED = '#5a5a5a';
const RULE = '#b5b5b5';
const HEADER_FILL = '#ececec';

/** Inside each table cell: across, and above and below. */
const PAD_X = 4;
const PAD_Y = 3;
const LINE_GAP = 0.5;

export type Doc = PDFKit.PDFDocument;

/** Where drawing has got to on the current page, and what heads a continuation page. */
export interface Cursor {
  doc: Doc;
  y: number;
  /** e.g. 'Tax invoice GB/26-27/000042 (continued)' */
  continuedHeading: string;
}

/** What a document says of itself, and what its pages repeat. */
export interface DocumentInfo {
  /** The file's title, also printed at the foot of every page: 'Tax invoice GB/26-27/000042'. */
  title: string;
  author: string;
  subject: string;
  /** The document's own date (not the moment of rendering), so the same document gives the same bytes. */
  date: Date;
  /** Heads each continuation page: '… (continued)'. */
  continuedHeading: string;
}

/**
 * A new A4 document with the embedded font, and `finish`, which numbers every page ('Page n of N',
 * written once every page exists) and resolves with the whole file.
 */
export function startDocument(info: DocumentInfo): { cursor: Cursor; finish: () => Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    font: FONTS.regular,
    lang: 'en-IN',
    displayTitle: true,
    info: {
      Title: info.title,
      Author: info.author,
      Subject: info.subject,
      Creator: SHOP_NAME,
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  const file = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return {
    cursor: { doc, y: PAGE.margin, continuedHeading: info.continuedHeading },
    finish: () => {
      drawPageNumbers(doc, info.title);
      doc.end();
      return file;
    },
  };
}

export interface TextOptions {
  width: number;
  size: number;
  bold?: boolean;
  color?: string;
  align?: 'left' | 'right';
}

/** Draws a block of text at (x, y), wrapped to its width; returns its height. */
export function text(doc: Doc, value: string, x: number, y: number, options: TextOptions): number {
  doc
    .font(options.bold ? FONTS.bold : FONTS.regular)
    .fontSize(options.size)
    .fillColor(options.color ?? INK);
  const layout = { width: options.width, align: options.align ?? 'left', lineGap: LINE_GAP } as const;
  doc.text(value, x, y, layout);
  // pdfkit leaves its y below the text it drew: its height, without laying the text out again.
  return doc.y - y;
}

/** The height `value` would take, wrapped to `width`. */
export function textHeight(doc: Doc, value: string, width: number, size: number, bold = false): number {
  doc.font(bold ? FONTS.bold : FONTS.regular).fontSize(size);
  return doc.heightOfString(value, { width, lineGap: LINE_GAP });
}

/** A thin grey horizontal line. */
export function rule(doc: Doc, y: number, x = PAGE.margin, width = CONTENT_WIDTH): void {
  doc
    .moveTo(x, y)
    .lineTo(x + width, y)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
}

/** Label and value rows, the labels muted, in a block `width` wide at `x`; returns the height drawn. */
export function keyValues(
  doc: Doc,
  rows: readonly (readonly [label: string, value: string])[],
  at: { x: number; y: number; width: number; labelWidth: number },
): number {
  let y = at.y;
  for (const [label, value] of rows) {
    text(doc, label, at.x, y, { width: at.labelWidth, size: 8.5, color: MUTED });
    const height = text(doc, value, at.x + at.labelWidth, y, {
      width: at.width - at.labelWidth,
      size: 8.5,
      bold: true,
    });
    y += Math.max(height, 11) + 1.5;
  }
  return y - at.y;
}

/** Starts a continuation page, headed by the line that names the document. */
export function newPage(cursor: Cursor): void {
  cursor.doc.addPage();
  cursor.y = PAGE.margin;
  text(cursor.doc, cursor.continuedHeading, PAGE.margin, cursor.y, {
    width: CONTENT_WIDTH,
    size: 8.5,
    bold: true,
    color: MUTED,
  });
  cursor.y += CONTINUED_HEIGHT;
}

/** Makes sure `height` points are left on this page, starting a new one when they are not. */
export function ensureRoom(cursor: Cursor, height: number): void {
  if (cursor.y + height > CONTENT_BOTTOM) newPage(cursor);
}

/** The height a block may have and still fit on a page of its own, below the continuation heading. */
export const FULL_PAGE = CONTENT_BOTTOM - PAGE.margin - CONTINUED_HEIGHT;

export interface Cell {
  text: string;
  /** A second, smaller and muted line under the text (a line's variant). */
  note?: string | null;
}

export interface Column {
  header: string;
  align: 'left' | 'right';
  /** The one column that takes the width the others leave; the others are as wide as their widest text. */
  flexible?: boolean;
}

export interface TableRow {
  cells: Cell[];
  bold?: boolean;
}

/** A table sized for drawing: its type size, column widths and row heights. */
export interface TableLayout {
  size: number;
  columns: readonly Column[];
  widths: number[];
  rows: readonly TableRow[];
  rowHeights: number[];
  headerHeight: number;
  /** Header and every row. */
  height: number;
}

/** Each column's width at `size`: its widest header word or cell, and the flexible column takes what is left. */
function columnWidths(doc: Doc, columns: readonly Column[], rows: readonly TableRow[], size: number): number[] {
  const widths = columns.map((column, index) => {
    if (column.flexible) return 0;
    doc.font(FONTS.bold).fontSize(size);
    const header = Math.max(...column.header.split(' ').map((word) => doc.widthOfString(word)));
    const cells = rows.map((row) => {
      doc.font(row.bold ? FONTS.bold : FONTS.regular).fontSize(size);
      return doc.widthOfString(row.cells[index]?.text ?? '');
    });
    // A point to spare, so rounding never wraps the widest amount.
    return Math.ceil(Math.max(header, ...cells)) + 2 * PAD_X + 1;
  });
  const spare = CONTENT_WIDTH - widths.reduce((sum, width) => sum + width, 0);
  return columns.map((column, index) => (column.flexible ? spare : (widths[index] ?? 0)));
}

/**
 * Sizes a table across the page: the largest type size from 8 pt down to 6 pt at which its widest
 * amounts leave the flexible column at least `minimumFlexible` points. An order of ordinary amounts
 * sets at 8 pt; only lakhs of rupees in every column need less.
 */
export function layoutTable(
  doc: Doc,
  columns: readonly Column[],
  rows: readonly TableRow[],
  minimumFlexible: number,
): TableLayout {
  const flexible = columns.findIndex((column) => column.flexible);
  let size = 8;
  let widths = columnWidths(doc, columns, rows, size);
  while (size > 6 && flexible >= 0 && (widths[flexible] ?? 0) < minimumFlexible) {
    size -= 0.5;
    widths = columnWidths(doc, columns, rows, size);
  }
  const inner = (index: number) => (widths[index] ?? 0) - 2 * PAD_X;
  const rowHeights = rows.map(
    (row) =>
      Math.max(
        ...row.cells.map(
          (cell, index) =>
            textHeight(doc, cell.text, inner(index), size, row.bold) +
            (cell.note ? textHeight(doc, cell.note, inner(index), size - 1) : 0),
        ),
      ) +
      2 * PAD_Y,
  );
  const headerHeight =
    Math.max(...columns.map((column, index) => textHeight(doc, column.header, inner(index), size, true))) + 2 * PAD_Y;
  const height = headerHeight + rowHeights.reduce((sum, rowHeight) => sum + rowHeight, 0);
  return { size, columns, widths, rows, rowHeights, headerHeight, height };
}

function drawHeader(cursor: Cursor, table: TableLayout): void {
  const { doc } = cursor;
  doc.rect(PAGE.margin, cursor.y, CONTENT_WIDTH, table.headerHeight).fillColor(HEADER_FILL).fill();
  let x = PAGE.margin;
  table.columns.forEach((column, index) => {
    const width = table.widths[index] ?? 0;
    text(doc, column.header, x + PAD_X, cursor.y + PAD_Y, {
      width: width - 2 * PAD_X,
      size: table.size,
      bold: true,
      align: column.align,
    });
    x += width;
  });
  cursor.y += table.headerHeight;
}

/**
 * Draws a table row by row, its header repeated at the top of each page it runs onto. pdfkit's own
 * table() carries rows over a page break but does not repeat the header, which the reader of a long
 * invoice's second page needs.
 */
export function drawTable(cursor: Cursor, table: TableLayout): void {
  const { doc } = cursor;
  // A header alone at a page's foot helps no one: it goes to the page its first row is on.
  ensureRoom(cursor, table.headerHeight + (table.rowHeights[0] ?? 0));
  drawHeader(cursor, table);
  table.rows.forEach((row, rowIndex) => {
    const height = table.rowHeights[rowIndex] ?? 0;
    if (cursor.y + height > CONTENT_BOTTOM) {
      newPage(cursor);
      drawHeader(cursor, table);
    }
    let x = PAGE.margin;
    row.cells.forEach((cell, index) => {
      const width = (table.widths[index] ?? 0) - 2 * PAD_X;
      const align = table.columns[index]?.align ?? 'left';
      const top = cursor.y + PAD_Y;
      const used = text(doc, cell.text, x + PAD_X, top, { width, size: table.size, bold: row.bold, align });
      if (cell.note) text(doc, cell.note, x + PAD_X, top + used, { width, size: table.size - 1, color: MUTED, align });
      x += table.widths[index] ?? 0;
    });
    cursor.y += height;
    rule(doc, cursor.y);
  });
}

/** 'Page n of N' at the foot of every page, with `label` on the left; the document must buffer its pages. */
export function drawPageNumbers(doc: Doc, label: string): void {
  const { start, count } = doc.bufferedPageRange();
  // Inside the bottom margin's edge, so pdfkit sees no text past it and starts no extra page.
  const y = PAGE.height - PAGE.margin - 12;
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    rule(doc, y - 4);
    text(doc, label, PAGE.margin, y, { width: CONTENT_WIDTH / 2, size: 7.5, color: MUTED });
    text(doc, `Page ${index - start + 1} of ${count}`, PAGE.margin + CONTENT_WIDTH / 2, y, {
      width: CONTENT_WIDTH / 2,
      size: 7.5,
      color: MUTED,
      align: 'right',
    });
  }
}
