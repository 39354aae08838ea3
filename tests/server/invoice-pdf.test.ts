import PDFDocument from 'pdfkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, test } from 'vitest';
import { invoiceAmount, invoiceDate, renderInvoicePdf } from '../../server/services/invoices/invoice-pdf';
import { renderInvoicePdfOffThread } from '../../server/services/invoices/off-thread';
import { FONTS } from '../../server/services/invoices/pdf-layout';
import {
  buildTaxInvoice,
  type TaxInvoice,
  type TaxInvoiceInput,
  type TaxInvoiceLineInput,
} from '../../server/services/invoices/tax-invoice';

// 29AACCG1234K1Z + check character N: a GSTIN made for these tests (see tax-invoice.test.ts).
const SELLER_GSTIN = '29AACCG1234K1ZN';

const THREE_LINES: TaxInvoiceLineInput[] = [
  {
    description: 'Double-door Refrigerator',
    variant: '340 l · Steel',
    hsnCode: '8418',
    gstRate: 18,
    quantity: 1,
    unitPricePaise: 1_23_456_78,
  },
  { description: 'Basmati Rice', variant: '5 kg', hsnCode: '1006', gstRate: 5, quantity: 2, unitPricePaise: 62_500 },
  { description: 'Cotton Bedsheet', variant: null, hsnCode: '6302', gstRate: 12, quantity: 3, unitPricePaise: 33_300 },
];

function invoiceOf(lines: TaxInvoiceLineInput[], deliveryState = 'Karnataka'): TaxInvoice {
  const input: TaxInvoiceInput = {
    seller: {
      legalName: 'GharBazaar Retail Private Limited',
      addressLines: ['No. 14, 2nd Cross, Indiranagar', 'Bengaluru 560038'],
      gstin: SELLER_GSTIN,
      state: 'Karnataka',
    },
    buyer: { name: 'Asha Rao', addressLines: ['12 MG Road', 'Mysuru'], state: deliveryState, pincode: '570001' },
    invoice: { number: 'GB/26-27/000042', issuedAt: new Date('2026-05-05T05:00:00Z') },
    order: { id: 1042, placedAt: new Date('2026-05-04T12:00:00Z'), paymentMethod: 'online' },
    lines,
  };
  return buildTaxInvoice(input);
}

interface ReadPdf {
  pages: string[];
  info: Record<string, unknown>;
}

/** The text of each page as pdf.js reads it (the way a reader's copy and paste or a search sees it). */
async function readPdf(pdf: Buffer): Promise<ReadPdf> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    const { info } = await document.getMetadata();
    return { pages, info: info as Record<string, unknown> };
  } finally {
    await document.destroy();
  }
}

/** Whether `text` holds `wanted`, whatever the line breaks and spacing between them. */
function holds(text: string, wanted: string): boolean {
  const squash = (value: string) => value.replace(/\s+/g, '');
  return squash(text).includes(squash(wanted));
}

describe('amounts and dates as the invoice prints them', () => {
  test.each([
    [1_23_456_78, '₹1,23,456.78'],
    [1_00_00_000_00, '₹1,00,00,000.00'],
    [2_622_00, '₹2,622.00'],
    [100, '₹1.00'],
    [5, '₹0.05'],
    [0, '₹0.00'],
  ])('%i paise is %s', (paise, printed) => {
    expect(invoiceAmount(paise)).toBe(printed);
  });

  test.each([
    // 23:59 in India is still that day; 18:30 UTC is already the next.
    ['2026-05-05T18:29:00Z', '5 May 2026'],
    ['2026-05-05T18:30:00Z', '6 May 2026'],
    ['2027-03-31T18:00:00Z', '31 Mar 2027'],
  ])('%s is dated %s', (at, printed) => {
    expect(invoiceDate(new Date(at))).toBe(printed);
  });

  test('the embedded font draws the rupee sign itself, not the box of a missing glyph', () => {
    const doc = new PDFDocument({ font: FONTS.regular });
    // Devanagari letter A is not in DejaVu Sans: its width is the missing glyph's.
    const missing = doc.widthOfString('\u0905');
    expect(doc.widthOfString('₹')).not.toBe(missing);
    doc.font(FONTS.bold);
    expect(doc.widthOfString('₹')).not.toBe(doc.widthOfString('\u0905'));
  });
});

describe('a three-line invoice', () => {
  let intra: ReadPdf;
  let inter: ReadPdf;
  let pdf: Buffer;
  beforeAll(async () => {
    pdf = await renderInvoicePdf(invoiceOf(THREE_LINES));
    intra = await readPdf(pdf);
    inter = await readPdf(await renderInvoicePdf(invoiceOf(THREE_LINES, 'Tamil Nadu')));
  });

  test('is one A4 page carrying the invoice, the seller, the buyer and the place of supply', () => {
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(intra.pages).toHaveLength(1);
    const [page] = intra.pages;
    for (const wanted of [
      'TAX INVOICE',
      'GB/26-27/000042',
      'GharBazaar Retail Private Limited',
      SELLER_GSTIN,
      'Karnataka, code 29',
      '5 May 2026',
      '#1042',
      '4 May 2026',
      'Paid online',
      'Asha Rao',
      '12 MG Road',
      'Karnataka 570001',
      'Place of supply',
      'Karnataka (29)',
      'Reverse charge',
      'Page 1 of 1',
      'This is a computer-generated invoice and needs no signature.',
    ]) {
      expect(holds(page!, wanted), wanted).toBe(true);
    }
  });

  test('lists every line with its HSN code, variant, rate and amounts in Indian grouping', () => {
    const [page] = intra.pages;
    const invoice = invoiceOf(THREE_LINES);
    for (const line of invoice.lines) {
      const cells = [line.description, line.hsnCode, `${line.gstRate}%`, String(line.quantity)];
      const amounts = [line.unitPricePaise, line.taxablePaise, line.cgstPaise, line.sgstPaise, line.totalPaise];
      for (const wanted of [...cells, ...amounts.map(invoiceAmount), line.variant ?? '']) {
        expect(holds(page!, wanted), wanted).toBe(true);
      }
    }
    expect(holds(page!, '₹1,23,456.78')).toBe(true);
  });

  test('within the state: CGST and SGST, the totals and the amount in words', () => {
    const [page] = intra.pages;
    // 1,23,456.78 at 18 % → 1,04,624.39 + 18,832.39; 1,250 at 5 % → 1,190.48 + 59.52; 999 at 12 % → 891.96 + 107.04.
    for (const wanted of [
      'Intra-state: CGST + SGST',
      'Taxable value ₹1,06,706.83',
      'CGST ₹9,499.48',
      'SGST ₹9,499.47',
      'Grand total ₹1,25,705.78',
      'Rupees One Lakh Twenty-Five Thousand Seven Hundred Five and Seventy-Eight Paise Only',
      // The summary by HSN: half the rate each for CGST and SGST.
      'TAX SUMMARY BY HSN',
      '8418 ₹1,04,624.39 9% ₹9,416.20 9% ₹9,416.19 ₹18,832.39',
      '1006 ₹1,190.48 2.5% ₹29.76 2.5% ₹29.76 ₹59.52',
      'Total ₹1,06,706.83 ₹9,499.48 ₹9,499.47 ₹18,998.95',
    ]) {
      expect(holds(page!, wanted), wanted).toBe(true);
    }
    expect(page).not.toContain('IGST');
  });

  test('between states: IGST alone', () => {
    const [page] = inter.pages;
    for (const wanted of [
      'Place of supply Tamil Nadu (33)',
      'Inter-state: IGST',
      'Tamil Nadu 570001',
      'IGST ₹18,998.95',
      'Grand total ₹1,25,705.78',
      '8418 ₹1,04,624.39 18% ₹18,832.39 ₹18,832.39',
    ]) {
      expect(holds(page!, wanted), wanted).toBe(true);
    }
    expect(page).not.toMatch(/CGST|SGST/);
  });

  test("names itself in the file's properties, dated as the invoice", () => {
    expect(intra.info).toMatchObject({
      Title: 'Tax invoice GB/26-27/000042',
      Author: 'GharBazaar Retail Private Limited',
      Creator: 'GharBazaar',
      CreationDate: 'D:20260505050000Z',
      ModDate: 'D:20260505050000Z',
      Language: 'en-IN',
    });
  });

  test('is the same file every time it is rendered', async () => {
    const again = await renderInvoicePdf(invoiceOf(THREE_LINES));
    expect(again.equals(pdf)).toBe(true);
  });
});

describe('a fifty-line invoice', () => {
  const rates = [0, 5, 12, 18, 28] as const;
  const lines: TaxInvoiceLineInput[] = Array.from({ length: 50 }, (_, index) => ({
    description: `Steel Storage Container no. ${index + 1}`,
    variant: index % 2 ? '1.2 l · Round' : null,
    hsnCode: String(7321 + (index % 4)),
    gstRate: rates[index % rates.length]!,
    quantity: 1 + (index % 3),
    unitPricePaise: 19_999 + index * 1_001,
  }));
  const invoice = invoiceOf(lines);
  let read: ReadPdf;
  beforeAll(async () => {
    read = await readPdf(await renderInvoicePdf(invoice));
  });

  test('runs over pages numbered n of N, each continuation page naming the invoice', () => {
    const count = read.pages.length;
    expect(count).toBeGreaterThanOrEqual(2);
    read.pages.forEach((page, index) => {
      expect(holds(page, `Page ${index + 1} of ${count}`)).toBe(true);
      if (index > 0) expect(holds(page, 'Tax invoice GB/26-27/000042 (continued)')).toBe(true);
    });
    expect(holds(read.pages[0]!, 'Page 1 of')).toBe(true);
  });

  test('repeats the table header on the page the lines run onto, and lists every line once, in order', () => {
    const header = '# Description HSN Qty Unit price Taxable value GST CGST SGST Amount';
    const pagesWithLines = read.pages.filter((page) => page.includes('Steel Storage Container'));
    expect(pagesWithLines.length).toBeGreaterThanOrEqual(2);
    for (const page of pagesWithLines) expect(holds(page, header)).toBe(true);

    const all = read.pages.join(' ');
    const found = [...all.matchAll(/Steel Storage Container no\. (\d+)/g)].map((match) => Number(match[1]));
    expect(found).toEqual(lines.map((_, index) => index + 1));
  });

  test('ends with the totals, the words and the tax summary', () => {
    const all = read.pages.join(' ');
    for (const wanted of [
      `Grand total ${invoiceAmount(invoice.totals.grandTotalPaise)}`,
      `CGST ${invoiceAmount(invoice.totals.cgstPaise)}`,
      invoice.amountInWords,
      `Total ${invoiceAmount(invoice.totals.taxablePaise)}`,
      'This is a computer-generated invoice and needs no signature.',
    ]) {
      expect(holds(all, wanted), wanted).toBe(true);
    }
    expect(invoice.totals.grandTotalPaise).toBe(lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0));
  });
});

describe('drawn off the shop thread', () => {
  /** The longest pause of a 2 ms timer while `work` runs: how long the thread was held. */
  async function longestPause(work: () => Promise<unknown>): Promise<number> {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 2);
    try {
      await work();
    } finally {
      clearInterval(timer);
    }
    // A thread held to the end never ran the timer at all: the pause is still running.
    return Math.max(longest, performance.now() - last);
  }

  test('the same bytes as drawn here, for short and long invoices', async () => {
    for (const lines of [THREE_LINES, Array.from({ length: 50 }, () => THREE_LINES[1] as TaxInvoiceLineInput)]) {
      const invoice = invoiceOf(lines);
      const [here, there] = await Promise.all([renderInvoicePdf(invoice), renderInvoicePdfOffThread(invoice)]);
      expect(Buffer.compare(here, there)).toBe(0);
    }
  });

  test('the shop thread keeps answering while invoices are drawn', async () => {
    const invoices = Array.from({ length: 6 }, () =>
      invoiceOf(Array(20).fill(THREE_LINES[0]) as TaxInvoiceLineInput[]),
    );
    await renderInvoicePdfOffThread(invoices[0] as TaxInvoice); // the thread started
    const here = await longestPause(() => Promise.all(invoices.map((i) => renderInvoicePdf(i))));
    const there = await longestPause(() => Promise.all(invoices.map((i) => renderInvoicePdfOffThread(i))));
    // Drawn here, each invoice holds the thread for tens of milliseconds; off it, the timer barely waits.
    expect(there).toBeLessThan(here / 2);
  });
});
