import { describe, expect, test } from 'vitest';
import { gstState, invoiceLines, isIntraState, splitInclusive, type GstRate } from '../../server/services/invoices/gst';
import { financialYear, indianWords, invoiceNumber, rupeesInWords } from '../../server/services/invoices/numbering';

describe('splitting a GST-inclusive price', () => {
  test.each<[number, GstRate, number, number]>([
    // ₹118 at 18 %: ₹100 + ₹18.
    [11_800, 18, 10_000, 1_800],
    // ₹105 at 5 %: ₹100 + ₹5.
    [10_500, 5, 10_000, 500],
    // ₹499 at 18 %: 49,900 × 100 / 118 = 42,288.135… → 42,288 paise.
    [49_900, 18, 42_288, 7_612],
    // ₹99 at 12 %: 9,900 × 100 / 112 = 8,839.2857… → 8,839.
    [9_900, 12, 8_839, 1_061],
    // Half a paisa rounds up: 59 × 100 / 118 = 50.0 exactly; 1 × 100 / 128 = 0.78 → 1.
    [59, 18, 50, 9],
    [1, 28, 1, 0],
    // Exempt goods and nothing at all.
    [12_345, 0, 12_345, 0],
    [0, 18, 0, 0],
  ])('%i paise at %i %% is %i taxable + %i tax', (gross, rate, taxable, tax) => {
    expect(splitInclusive(gross, rate)).toEqual({ taxablePaise: taxable, taxPaise: tax });
  });

  test('taxable value and tax always add up to the price, and the tax is the rate of the taxable value to the paisa', () => {
    for (const rate of [5, 12, 18, 28] as const) {
      for (let gross = 0; gross <= 20_000; gross += 7) {
        const { taxablePaise, taxPaise } = splitInclusive(gross, rate);
        expect(taxablePaise + taxPaise).toBe(gross);
        expect(Math.abs(taxablePaise * rate - taxPaise * 100)).toBeLessThanOrEqual(100 + rate);
      }
    }
  });

  test.each([
    [-1, 18],
    [10.5, 18],
    [100, 15],
  ])('%s paise at %s %% is refused', (gross, rate) => {
    expect(() => splitInclusive(gross, rate as GstRate)).toThrow(RangeError);
  });
});

describe('the state rule', () => {
  test.each([
    ['Karnataka', 'karnataka', true],
    ['Karnataka', '  KARNATAKA ', true],
    ['Karnataka', 'Tamil Nadu', false],
    ['Tamil Nadu', 'TN', true],
    ['Odisha', 'Orissa', true],
    ['Jammu and Kashmir', 'J&K', true],
    ['Jammu & Kashmir', 'Jammu and Kashmir', true],
    ['Delhi', 'New Delhi', true],
    ['Puducherry', 'Pondicherry', true],
    ['Maharashtra', 'Goa', false],
    ['29', 'Karnataka', true],
  ])('%s shop, delivery to %s: within the state %s', (shop, delivery, intra) => {
    expect(isIntraState(shop, delivery)).toBe(intra);
  });

  test('a delivery state that is not an Indian state is an error, not a guess', () => {
    expect(() => isIntraState('Karnataka', 'Karnatka')).toThrow('Not an Indian state: Karnatka');
    expect(() => isIntraState('Nowhere', 'Karnataka')).toThrow("The shop's state is not an Indian state");
  });

  test('every state and union territory has its GST code', () => {
    expect(gstState('Karnataka')).toEqual({ code: '29', name: 'Karnataka' });
    expect(gstState('ladakh')).toEqual({ code: '38', name: 'Ladakh' });
    expect(gstState('Andhra Pradesh')?.code).toBe('37');
    expect(gstState('Telangana')?.code).toBe('36');
    expect(gstState('Daman & Diu')?.code).toBe('26');
  });
});

describe('an invoice of several lines', () => {
  const lines = [
    { description: 'Steel Tiffin, 3 tier', hsn: '7323', quantity: 2, unitPaise: 49_900, rate: 18 as const },
    { description: 'Basmati Rice, 5 kg', hsn: '1006', quantity: 1, unitPaise: 62_500, rate: 5 as const },
    { description: 'Cotton Bedsheet', hsn: '6302', quantity: 3, unitPaise: 33_300, rate: 12 as const },
  ];

  test('within the state: CGST and SGST, half each, the odd paisa to CGST; totals equal what was paid', () => {
    const { lines: split, totals } = invoiceLines(lines, true);
    expect(split.map((l) => [l.grossPaise, l.taxablePaise, l.cgstPaise, l.sgstPaise, l.igstPaise])).toEqual([
      [99_800, 84_576, 7_612, 7_612, 0],
      [62_500, 59_524, 1_488, 1_488, 0],
      [99_900, 89_196, 5_352, 5_352, 0],
    ]);
    expect(totals).toEqual({
      taxablePaise: 233_296,
      cgstPaise: 14_452,
      sgstPaise: 14_452,
      igstPaise: 0,
      grossPaise: 262_200,
    });
    expect(totals.taxablePaise + totals.cgstPaise + totals.sgstPaise).toBe(totals.grossPaise);
  });

  test('an odd paisa of tax goes to CGST', () => {
    const [line] = invoiceLines(
      [{ description: 'Soap', hsn: '3401', quantity: 1, unitPaise: 5_900, rate: 18 }],
      true,
    ).lines;
    // 5,900 → 5,000 taxable + 900 tax: even. 6,000 → 5,085 + 915: odd.
    expect(line).toMatchObject({ taxablePaise: 5_000, cgstPaise: 450, sgstPaise: 450 });
    const [odd] = invoiceLines(
      [{ description: 'Soap', hsn: '3401', quantity: 1, unitPaise: 6_000, rate: 18 }],
      true,
    ).lines;
    expect(odd).toMatchObject({ taxablePaise: 5_085, cgstPaise: 458, sgstPaise: 457, igstPaise: 0 });
  });

  test('between states: IGST only, the same tax in all', () => {
    const within = invoiceLines(lines, true).totals;
    const between = invoiceLines(lines, false).totals;
    expect(between).toEqual({ ...within, cgstPaise: 0, sgstPaise: 0, igstPaise: within.cgstPaise + within.sgstPaise });
  });

  test('a quantity below one is refused', () => {
    expect(() => invoiceLines([{ ...lines[0]!, quantity: 0 }], true)).toThrow(RangeError);
  });
});

describe('amounts in words, Indian numbering', () => {
  test.each([
    [0, 'Zero'],
    [7, 'Seven'],
    [15, 'Fifteen'],
    [42, 'Forty-Two'],
    [100, 'One Hundred'],
    [999, 'Nine Hundred Ninety-Nine'],
    [1_000, 'One Thousand'],
    [10_001, 'Ten Thousand One'],
    [99_999, 'Ninety-Nine Thousand Nine Hundred Ninety-Nine'],
    [1_00_000, 'One Lakh'],
    [12_34_567, 'Twelve Lakh Thirty-Four Thousand Five Hundred Sixty-Seven'],
    [1_00_00_000, 'One Crore'],
    [12_34_56_789, 'Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine'],
    [1_20_00_00_000, 'One Hundred Twenty Crore'],
  ])('%i is %s', (n, words) => {
    expect(indianWords(n)).toBe(words);
  });

  test.each([
    [2_62_200, 'Rupees Two Thousand Six Hundred Twenty-Two Only'],
    [1_00_000_05, 'Rupees One Lakh and Five Paise Only'],
    [49_999, 'Rupees Four Hundred Ninety-Nine and Ninety-Nine Paise Only'],
    [50, 'Rupees Zero and Fifty Paise Only'],
  ])('%i paise is %s', (paise, words) => {
    expect(rupeesInWords(paise)).toBe(words);
  });

  test('negative and fractional amounts are refused', () => {
    expect(() => rupeesInWords(-100)).toThrow(RangeError);
    expect(() => indianWords(1.5)).toThrow(RangeError);
  });
});

describe('invoice numbers: a series per financial year', () => {
  test.each([
    ['2026-04-01T00:00:00+05:30', '2026-27'],
    ['2026-03-31T23:59:59+05:30', '2025-26'],
    // 31 March 19:00 UTC is already 1 April in India.
    ['2027-03-31T19:00:00Z', '2027-28'],
    ['2027-03-31T18:29:59Z', '2026-27'],
    ['2099-12-31T12:00:00Z', '2099-00'],
  ])('%s falls in %s', (at, year) => {
    expect(financialYear(new Date(at))).toBe(year);
  });

  test('numbers stay within the 16 characters GST allows', () => {
    expect(invoiceNumber('GB', '2026-27', 42)).toBe('GB/26-27/000042');
    expect(invoiceNumber('GBZ', '2026-27', 999_999)).toBe('GBZ/26-27/999999');
    expect(invoiceNumber('GBZ', '2026-27', 999_999)).toHaveLength(16);
  });

  test.each([
    ['gb', '2026-27', 1],
    ['GBAZ', '2026-27', 1],
    ['GB', '26-27', 1],
    ['GB', '2026-27', 0],
    ['GB', '2026-27', 1_000_000],
  ])('prefix %s, year %s, serial %i is refused', (prefix, year, serial) => {
    expect(() => invoiceNumber(prefix, year, serial)).toThrow(RangeError);
  });
});
