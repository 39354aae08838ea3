import { describe, expect, test } from 'vitest';
import type { GstRate } from '../../server/services/invoices/gst';
import {
  buildTaxInvoice,
  gstinCheckCharacter,
  gstinProblem,
  TaxInvoiceError,
  type TaxInvoiceInput,
  type TaxInvoiceLineInput,
} from '../../server/services/invoices/tax-invoice';

// GSTINs made for these tests: state code + an invented PAN + '1Z' + the check character
// computed by hand with the mod-36 scheme (29AACCG1234K1Z → N, 33… → Y).
const KARNATAKA_GSTIN = '29AACCG1234K1ZN';
const TAMIL_NADU_GSTIN = '33AACCG1234K1ZY';

const LINES: TaxInvoiceLineInput[] = [
  {
    description: 'Steel Tiffin, 3 tier',
    variant: '750 ml · Steel',
    hsnCode: '7323',
    gstRate: 18,
    quantity: 2,
    unitPricePaise: 49_900,
  },
  { description: 'Basmati Rice', variant: '5 kg', hsnCode: '1006', gstRate: 5, quantity: 1, unitPricePaise: 62_500 },
  { description: 'Cotton Bedsheet', variant: null, hsnCode: '6302', gstRate: 12, quantity: 3, unitPricePaise: 33_300 },
];

function input(overrides: Partial<TaxInvoiceInput> = {}): TaxInvoiceInput {
  return {
    seller: {
      legalName: 'GharBazaar Retail Private Limited',
      addressLines: ['No. 14, 2nd Cross, Indiranagar', 'Bengaluru 560038'],
      gstin: KARNATAKA_GSTIN,
      state: 'Karnataka',
    },
    buyer: { name: 'Asha Rao', addressLines: ['12 MG Road', 'Mysuru'], state: 'karnataka', pincode: '570001' },
    // 10:30 in India on 5 May 2026: financial year 2026-27.
    invoice: { number: 'GB/26-27/000042', issuedAt: new Date('2026-05-05T05:00:00Z') },
    order: { id: 42, placedAt: new Date('2026-05-04T12:00:00Z'), paymentMethod: 'online' },
    lines: LINES,
    ...overrides,
  };
}

function withBuyerState(state: string): TaxInvoiceInput {
  const base = input();
  return { ...base, buyer: { ...base.buyer, state } };
}

describe('a worked invoice', () => {
  test('each line splits its inclusive amount into taxable value and tax, to the paisa', () => {
    const invoice = buildTaxInvoice(input());
    // 2 × ₹499 = ₹998 at 18 %: 99,800 × 100 / 118 = 84,576.27 → 84,576; tax 15,224 = 7,612 + 7,612.
    // ₹625 at 5 %: 62,500 / 1.05 = 59,523.81 → 59,524; tax 2,976 = 1,488 + 1,488.
    // 3 × ₹333 = ₹999 at 12 %: 99,900 / 1.12 = 89,196.43 → 89,196; tax 10,704 = 5,352 + 5,352.
    expect(
      invoice.lines.map((l) => [l.serial, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise, l.totalPaise]),
    ).toEqual([
      [1, 84_576, 7_612, 7_612, 0, 99_800],
      [2, 59_524, 1_488, 1_488, 0, 62_500],
      [3, 89_196, 5_352, 5_352, 0, 99_900],
    ]);
    expect(invoice.totals).toEqual({
      taxablePaise: 233_296,
      cgstPaise: 14_452,
      sgstPaise: 14_452,
      igstPaise: 0,
      taxPaise: 28_904,
      grandTotalPaise: 262_200,
    });
    expect(invoice.amountInWords).toBe('Rupees Two Thousand Six Hundred Twenty-Two Only');
    expect(invoice.lines[0]).toMatchObject({ description: 'Steel Tiffin, 3 tier', variant: '750 ml · Steel' });
    expect(invoice.lines[2]?.variant).toBeNull();
    expect(invoice.reverseCharge).toBe(false);
    expect(invoice.order).toEqual({ id: 42, placedAt: new Date('2026-05-04T12:00:00Z'), paymentMethod: 'online' });
  });

  test('the same order delivered to another state is taxed as IGST with the same taxable values', () => {
    const invoice = buildTaxInvoice(withBuyerState('Tamil Nadu'));
    expect(invoice.lines.map((l) => [l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [84_576, 0, 0, 15_224],
      [59_524, 0, 0, 2_976],
      [89_196, 0, 0, 10_704],
    ]);
    expect(invoice.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 28_904, grandTotalPaise: 262_200 });
  });

  test('the paise of the grand total are in the words', () => {
    const invoice = buildTaxInvoice(
      input({ lines: [{ ...LINES[1]!, unitPricePaise: 123_456_78, quantity: 1 }] as TaxInvoiceLineInput[] }),
    );
    expect(invoice.amountInWords).toBe(
      'Rupees One Lakh Twenty-Three Thousand Four Hundred Fifty-Six and Seventy-Eight Paise Only',
    );
  });
});

describe('place of supply and supply type', () => {
  test.each([
    ['Karnataka', 'karnataka', 'Karnataka', '29', 'intra-state'],
    ['Karnataka', '  KARNATAKA ', 'Karnataka', '29', 'intra-state'],
    ['Karnataka', '29', 'Karnataka', '29', 'intra-state'],
    ['Karnataka', 'Tamil Nadu', 'Tamil Nadu', '33', 'inter-state'],
    ['Karnataka', 'TN', 'Tamil Nadu', '33', 'inter-state'],
    ['Karnataka', 'Orissa', 'Odisha', '21', 'inter-state'],
    ['Karnataka', 'J&K', 'Jammu and Kashmir', '01', 'inter-state'],
    ['Tamil Nadu', 'tamil nadu', 'Tamil Nadu', '33', 'intra-state'],
    ['Tamil Nadu', 'Karnataka', 'Karnataka', '29', 'inter-state'],
  ])('a %s seller delivering to %s: %s (%s), %s', (sellerState, typed, name, code, supplyType) => {
    const base = input();
    const gstin = sellerState === 'Karnataka' ? KARNATAKA_GSTIN : TAMIL_NADU_GSTIN;
    const invoice = buildTaxInvoice({
      ...base,
      seller: { ...base.seller, state: sellerState, gstin },
      buyer: { ...base.buyer, state: typed },
    });
    expect(invoice.placeOfSupply).toEqual({ name, code });
    expect(invoice.buyer.state).toEqual({ name, code });
    expect(invoice.supplyType).toBe(supplyType);
    const intra = supplyType === 'intra-state';
    for (const line of invoice.lines) {
      expect(line.cgstPaise > 0).toBe(intra);
      expect(line.sgstPaise > 0).toBe(intra);
      expect(line.igstPaise > 0).toBe(!intra);
    }
  });
});

describe('the totals are what the shopper paid', () => {
  const rates: GstRate[] = [0, 5, 12, 18, 28];
  // Odd paise, a single paisa, a round price and a large one; quantities that multiply them oddly.
  const prices = [1, 7, 99, 4_999, 12_345, 49_901, 1_00_000, 9_99_999];
  const quantities = [1, 3, 7];

  test.each(['Karnataka', 'Maharashtra'])('delivered to %s, at every rate and odd paise', (state) => {
    const lines: TaxInvoiceLineInput[] = rates.flatMap((gstRate, r) =>
      prices.map((unitPricePaise, p) => ({
        description: `Item ${r}-${p}`,
        variant: null,
        hsnCode: String(3000 + r),
        gstRate,
        quantity: quantities[(r + p) % quantities.length]!,
        unitPricePaise,
      })),
    );
    const invoice = buildTaxInvoice({ ...withBuyerState(state), lines });
    const paid = lines.reduce((sum, l) => sum + l.quantity * l.unitPricePaise, 0);
    const { totals } = invoice;

    expect(totals.grandTotalPaise).toBe(paid);
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise + totals.igstPaise).toBe(paid);
    expect(totals.taxPaise).toBe(totals.cgstPaise + totals.sgstPaise + totals.igstPaise);
    for (const line of invoice.lines) {
      expect(line.totalPaise).toBe(line.quantity * line.unitPricePaise);
      expect(line.taxablePaise + line.cgstPaise + line.sgstPaise + line.igstPaise).toBe(line.totalPaise);
      // CGST and SGST are halves of the tax; an odd paisa goes to CGST.
      expect([0, 1]).toContain(line.cgstPaise - line.sgstPaise);
      if (line.gstRate === 0) expect(line.taxablePaise).toBe(line.totalPaise);
    }
    const sum = (pick: (l: (typeof invoice.lines)[number]) => number) => invoice.lines.reduce((s, l) => s + pick(l), 0);
    expect(totals.taxablePaise).toBe(sum((l) => l.taxablePaise));
    expect(totals.cgstPaise).toBe(sum((l) => l.cgstPaise));
    expect(totals.igstPaise).toBe(sum((l) => l.igstPaise));
  });
});

describe('the tax summary by HSN code and rate', () => {
  test('lines of the same code and rate are one row; rows are in code then rate order; they sum to the totals', () => {
    const lines: TaxInvoiceLineInput[] = [
      { description: 'Kadai', variant: null, hsnCode: '7323', gstRate: 12, quantity: 1, unitPricePaise: 89_900 },
      { description: 'Rice', variant: '5 kg', hsnCode: '1006', gstRate: 5, quantity: 2, unitPricePaise: 62_500 },
      { description: 'Tiffin', variant: null, hsnCode: '7323', gstRate: 18, quantity: 1, unitPricePaise: 49_900 },
      { description: 'Rice', variant: '1 kg', hsnCode: '1006', gstRate: 5, quantity: 1, unitPricePaise: 13_300 },
      { description: 'Salt', variant: null, hsnCode: '2501', gstRate: 0, quantity: 1, unitPricePaise: 2_800 },
    ];
    const invoice = buildTaxInvoice({ ...input(), lines });
    expect(invoice.taxSummary.map((r) => [r.hsnCode, r.gstRate])).toEqual([
      ['1006', 5],
      ['2501', 0],
      ['7323', 12],
      ['7323', 18],
    ]);
    // The two rice lines: 1,25,000 → 1,19,048 + 5,952 and 13,300 → 12,667 + 633.
    expect(invoice.taxSummary[0]).toEqual({
      hsnCode: '1006',
      gstRate: 5,
      taxablePaise: 119_048 + 12_667,
      cgstPaise: 2_976 + 317,
      sgstPaise: 2_976 + 316,
      igstPaise: 0,
      taxPaise: 5_952 + 633,
    });
    const sum = (pick: (r: (typeof invoice.taxSummary)[number]) => number) =>
      invoice.taxSummary.reduce((s, r) => s + pick(r), 0);
    expect(sum((r) => r.taxablePaise)).toBe(invoice.totals.taxablePaise);
    expect(sum((r) => r.cgstPaise)).toBe(invoice.totals.cgstPaise);
    expect(sum((r) => r.sgstPaise)).toBe(invoice.totals.sgstPaise);
    expect(sum((r) => r.taxPaise)).toBe(invoice.totals.taxPaise);
  });
});

describe('GSTINs', () => {
  test.each([
    // A widely published sample GSTIN, and the ones made for these tests.
    ['27AAPFU0939F1Z', 'V'],
    ['29AACCG1234K1Z', 'N'],
    ['33AACCG1234K1Z', 'Y'],
    ['07AACCG1234K2Z', 'S'],
  ])('the check character of %s is %s', (first14, check) => {
    expect(gstinCheckCharacter(first14)).toBe(check);
    expect(gstinProblem(first14 + check)).toBeNull();
  });

  test.each([
    ['29AACCG1234K1Z', /15 characters, not 14/],
    ['29AACCG1234K1ZNX', /15 characters, not 16/],
    ['29AACC01234K1ZN', /10-character PAN/],
    ['29AACCG1234K0ZN', /registration number/],
    ['29AACCG1234K1YN', /Z and a check character/],
    ['99AACCG1234K1ZN', /99 is not a GST state code/],
    ['29AACCG1234K1ZM', /check character should be N, not M/],
    // One character changed (G → H) is caught by the check character.
    ['29AACCH1234K1ZN', /check character should be/],
  ])('%s is refused: %s', (gstin, problem) => {
    expect(gstinProblem(gstin)).toMatch(problem);
  });
});

describe('input that cannot make an invoice', () => {
  const base = input();
  test.each<[string, TaxInvoiceInput, RegExp]>([
    [
      'an unknown seller state',
      { ...base, seller: { ...base.seller, state: 'Karnatka' } },
      /seller's state 'Karnatka' is not an Indian state/,
    ],
    [
      'an unknown delivery state',
      withBuyerState('Bengaluru'),
      /delivery state 'Bengaluru' is not an Indian state or union territory; correct the address first/,
    ],
    [
      'a GSTIN with a wrong check character',
      { ...base, seller: { ...base.seller, gstin: '29AACCG1234K1ZM' } },
      /GSTIN 29AACCG1234K1ZM is not valid: its check character should be N/,
    ],
    [
      'a GSTIN too short',
      { ...base, seller: { ...base.seller, gstin: '29AACCG1234K' } },
      /not valid: a GSTIN has 15 characters, not 12/,
    ],
    [
      "a GSTIN of another state than the seller's",
      { ...base, seller: { ...base.seller, gstin: TAMIL_NADU_GSTIN } },
      /GSTIN 33AACCG1234K1ZY is of state code 33, not Karnataka \(29\)/,
    ],
    ['an empty seller name', { ...base, seller: { ...base.seller, legalName: '  ' } }, /seller's legal name is empty/],
    ['no seller address', { ...base, seller: { ...base.seller, addressLines: [' '] } }, /seller's address is empty/],
    ['no buyer name', { ...base, buyer: { ...base.buyer, name: '' } }, /buyer's name is empty/],
    ['no delivery address', { ...base, buyer: { ...base.buyer, addressLines: [] } }, /delivery address is empty/],
    ['a 5-digit PIN code', { ...base, buyer: { ...base.buyer, pincode: '57000' } }, /PIN code '57000' is not 6 digits/],
    [
      'an invoice number over 16 characters',
      { ...base, invoice: { ...base.invoice, number: 'GHARBAZAAR/26-27/1' } },
      /must be 1 to 16 letters, digits/,
    ],
    [
      'an invoice number with a space',
      { ...base, invoice: { ...base.invoice, number: 'GB 42' } },
      /must be 1 to 16 letters, digits/,
    ],
    [
      "a number of last year's series",
      { ...base, invoice: { ...base.invoice, number: 'GB/25-26/000042' } },
      /GB\/25-26\/000042 is not of the financial year 2026-27/,
    ],
    [
      'an invalid invoice date',
      { ...base, invoice: { ...base.invoice, issuedAt: new Date('nonsense') } },
      /invoice date is not a date/,
    ],
    [
      'an invoice dated before its order',
      // 23:30 on 3 May in India; the order was placed at 17:30 on 4 May.
      { ...base, invoice: { ...base.invoice, issuedAt: new Date('2026-05-03T18:00:00Z') } },
      /dated before its order was placed/,
    ],
    ['an order id of 0', { ...base, order: { ...base.order, id: 0 } }, /order id 0 is not a positive whole number/],
    [
      'an unknown payment method',
      { ...base, order: { ...base.order, paymentMethod: 'upi' as 'online' } },
      /payment method 'upi' is not one of online, cod/,
    ],
    ['no lines', { ...base, lines: [] }, /the order has no lines/],
    [
      'an empty description',
      { ...base, lines: [{ ...LINES[0]!, description: ' ' }] },
      /description of line 1 is empty/,
    ],
    [
      'a 5-digit HSN code',
      { ...base, lines: [LINES[0]!, { ...LINES[1]!, hsnCode: '10063' }] },
      /HSN code of line 2 must be 4, 6 or 8 digits, not '10063'/,
    ],
    [
      'a rate that is not a GST rate',
      { ...base, lines: [{ ...LINES[0]!, gstRate: 15 as GstRate }] },
      /GST rate of line 1 must be one of 0, 5, 12, 18, 28 %/,
    ],
    [
      'a quantity of 0',
      { ...base, lines: [{ ...LINES[0]!, quantity: 0 }] },
      /quantity of line 1 must be a whole number of at least 1, not 0/,
    ],
    [
      'a fractional price',
      { ...base, lines: [{ ...LINES[0]!, unitPricePaise: 499.5 }] },
      /unit price of line 1 must be a whole number of paise, not 499.5/,
    ],
  ])('%s', (_what, bad, message) => {
    expect(() => buildTaxInvoice(bad)).toThrow(message);
    expect(() => buildTaxInvoice(bad)).toThrow(/^Cannot make the tax invoice: /);
    expect(() => buildTaxInvoice(bad)).toThrow(TaxInvoiceError);
  });
});

describe('tidying what it is given', () => {
  test('a lower-case GSTIN, spaces around text and a blank variant are tidied; the dates are copies', () => {
    const base = input();
    const issuedAt = new Date('2026-05-05T05:00:00Z');
    const invoice = buildTaxInvoice({
      ...base,
      seller: { ...base.seller, gstin: ` ${KARNATAKA_GSTIN.toLowerCase()} ` },
      buyer: { ...base.buyer, name: ' Asha Rao ', addressLines: ['12 MG Road ', '', 'Mysuru'] },
      invoice: { number: ' GB/26-27/000042 ', issuedAt },
      lines: [{ ...LINES[0]!, variant: '  ' }],
    });
    expect(invoice.seller.gstin).toBe(KARNATAKA_GSTIN);
    expect(invoice.buyer).toMatchObject({ name: 'Asha Rao', addressLines: ['12 MG Road', 'Mysuru'] });
    expect(invoice.number).toBe('GB/26-27/000042');
    expect(invoice.lines[0]?.variant).toBeNull();
    issuedAt.setFullYear(2030);
    expect(invoice.issuedAt.toISOString()).toBe('2026-05-05T05:00:00.000Z');
  });

  test("an invoice stamped a moment before its order's time, on the same day, is not refused", () => {
    // Timestamps stored to the second can put a paid order's invoice a fraction before the order itself.
    const base = input();
    const invoice = buildTaxInvoice({
      ...base,
      invoice: { ...base.invoice, issuedAt: new Date('2026-05-04T11:59:59Z') },
      order: { ...base.order, placedAt: new Date('2026-05-04T12:00:00.400Z') },
    });
    expect(invoice.issuedAt.toISOString()).toBe('2026-05-04T11:59:59.000Z');
  });

  test('a number of another series is taken as it is; only the shop series carries a year to check', () => {
    const base = input();
    expect(buildTaxInvoice({ ...base, invoice: { ...base.invoice, number: 'INV-2026-0042' } }).number).toBe(
      'INV-2026-0042',
    );
  });
});
