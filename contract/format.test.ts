import { describe, expect, test } from 'vitest';
import {
  formatCalendarDay,
  formatCount,
  formatDate,
  formatDateTime,
  formatDayAndDate,
  formatDeadline,
  formatPaise,
  formatPaiseExact,
  formatCounted,
  formatQuantity,
  formatRating,
  formatRupees,
  formatTime,
  indiaDay,
  readInstant,
  sinceIndiaMidnight,
  startOfIndiaDay,
} from './format';

describe('formatRupees', () => {
  test.each([
    [0, '₹0'],
    [5, '₹5'],
    [999, '₹999'],
    [1000, '₹1,000'],
    [99999, '₹99,999'],
    [100000, '₹1,00,000'],
    [123456, '₹1,23,456'],
    [12345678, '₹1,23,45,678'],
    [99.5, '₹99.50'],
    [1234.05, '₹1,234.05'],
    [0.1, '₹0.10'],
    [NaN, '₹0'],
    [Infinity, '₹0'],
    [-Infinity, '₹0'],
  ])('%s → %s', (amount, expected) => {
    expect(formatRupees(amount)).toBe(expected);
  });

  test('whole rupees never show paise', () => {
    expect(formatRupees(250)).not.toContain('.');
  });
});

describe('formatRating', () => {
  test.each<[number | null | undefined, string]>([
    [undefined, '0.0'],
    [null, '0.0'],
    [NaN, '0.0'],
    [0, '0.0'],
    [4, '4.0'],
    [4.25, '4.3'],
    [4.24, '4.2'],
    [3.96, '4.0'],
    [5, '5.0'],
    [1.05, '1.1'],
  ])('%s → %s', (average, expected) => {
    expect(formatRating(average)).toBe(expected);
  });
});

describe('formatCounted', () => {
  test.each<[number, string, string | undefined, string]>([
    [0, 'review', undefined, '0 reviews'],
    [1, 'review', undefined, '1 review'],
    [2, 'review', undefined, '2 reviews'],
    [1, 'rating', undefined, '1 rating'],
    [100000, 'rating', undefined, '1,00,000 ratings'],
    [1, 'pair', 'pairs', '1 pair'],
    [3, 'box', 'boxes', '3 boxes'],
  ])('(%s, %s) → %s', (n, singular, plural, expected) => {
    expect(formatCounted(n, singular, plural)).toBe(expected);
  });
});

describe('formatQuantity', () => {
  test.each<[number, string, string]>([
    [500, 'g', '500 g'],
    [1, 'kg', '1 kg'],
    [1.5, 'l', '1.5 L'],
    [1, 'l', '1 L'],
    [1, 'L', '1 L'],
    [2, 'ltr', '2 L'],
    [750, 'ML', '750 ml'],
    [5, 'KG', '5 kg'],
    [250, 'gm', '250 g'],
    [3, 'dozen', '3 dozen'],
    [0.333333, 'kg', '0.33 kg'],
    [2.1, 'ml', '2.1 ml'],
    [2.999, 'kg', '3 kg'],
  ])('(%s, %s) → %s', (value, unit, expected) => {
    expect(formatQuantity(value, unit)).toBe(expected);
  });
});

describe('paise', () => {
  test.each([
    [0, '₹0', '₹0.00'],
    [500, '₹5', '₹5.00'],
    [9950, '₹99.50', '₹99.50'],
    [12345600, '₹1,23,456', '₹1,23,456.00'],
    [12345678, '₹1,23,456.78', '₹1,23,456.78'],
    [NaN, '₹0', '₹0.00'],
  ])('%s paise → %s, on paper %s', (paise, shown, printed) => {
    expect(formatPaise(paise)).toBe(shown);
    expect(formatPaiseExact(paise)).toBe(printed);
  });

  test.each([
    [0, '0'],
    [999, '999'],
    [100000, '1,00,000'],
    [1234567, '12,34,567'],
  ])('count %s → %s', (n, expected) => {
    expect(formatCount(n)).toBe(expected);
  });
});

/**
 * Every date and time the shop writes, pinned: pages, islands, e-mails, invoices and the back
 * office all write through these, so they cannot disagree ('Sep', never 'Sept'; India's day, not
 * the server's or the browser's).
 */
describe('dates and times in India', () => {
  test.each([
    // [instant, date, with weekday, time, date and time, with seconds, deadline, India's day]
    [
      '2026-11-27T10:00:00Z',
      '27 Nov 2026',
      'Fri, 27 Nov 2026',
      '3:30 pm',
      '27 Nov 2026, 3:30 pm',
      '27 Nov 2026, 3:30:00 pm',
      '3:30 pm on 27 Nov 2026',
      '2026-11-27',
    ],
    [
      '2026-11-27T19:00:00Z',
      '28 Nov 2026',
      'Sat, 28 Nov 2026',
      '12:30 am',
      '28 Nov 2026, 12:30 am',
      '28 Nov 2026, 12:30:00 am',
      '12:30 am on 28 Nov 2026',
      '2026-11-28',
    ],
    [
      '2026-09-03T00:00:00Z',
      '3 Sep 2026',
      'Thu, 3 Sep 2026',
      '5:30 am',
      '3 Sep 2026, 5:30 am',
      '3 Sep 2026, 5:30:00 am',
      '5:30 am on 3 Sep 2026',
      '2026-09-03',
    ],
    [
      '2026-11-23T18:30:00Z',
      '24 Nov 2026',
      'Tue, 24 Nov 2026',
      '12:00 am',
      '24 Nov 2026, 12:00 am',
      '24 Nov 2026, 12:00:00 am',
      '12:00 am on 24 Nov 2026',
      '2026-11-24',
    ],
    [
      '2026-11-24T06:30:00Z',
      '24 Nov 2026',
      'Tue, 24 Nov 2026',
      '12:00 pm',
      '24 Nov 2026, 12:00 pm',
      '24 Nov 2026, 12:00:00 pm',
      '12:00 pm on 24 Nov 2026',
      '2026-11-24',
    ],
    [
      '2026-11-24T03:35:09Z',
      '24 Nov 2026',
      'Tue, 24 Nov 2026',
      '9:05 am',
      '24 Nov 2026, 9:05 am',
      '24 Nov 2026, 9:05:09 am',
      '9:05 am on 24 Nov 2026',
      '2026-11-24',
    ],
    [
      '2026-12-31T18:29:59Z',
      '31 Dec 2026',
      'Thu, 31 Dec 2026',
      '11:59 pm',
      '31 Dec 2026, 11:59 pm',
      '31 Dec 2026, 11:59:59 pm',
      '11:59 pm on 31 Dec 2026',
      '2026-12-31',
    ],
    [
      '2026-12-31T18:30:00Z',
      '1 Jan 2027',
      'Fri, 1 Jan 2027',
      '12:00 am',
      '1 Jan 2027, 12:00 am',
      '1 Jan 2027, 12:00:00 am',
      '12:00 am on 1 Jan 2027',
      '2027-01-01',
    ],
  ])('%s', (iso, date, dayAndDate, time, dateTime, withSeconds, deadline, day) => {
    for (const at of [iso, new Date(iso), Date.parse(iso)]) {
      expect(formatDate(at)).toBe(date);
      expect(formatDayAndDate(at)).toBe(dayAndDate);
      expect(formatTime(at)).toBe(time);
      expect(formatDateTime(at)).toBe(dateTime);
      expect(formatDateTime(at, { seconds: true })).toBe(withSeconds);
      expect(formatDeadline(at)).toBe(deadline);
      expect(indiaDay(at)).toBe(day);
    }
  });

  test('every month in three letters', () => {
    const months = Array.from({ length: 12 }, (_, m) => formatDate(Date.UTC(2026, m, 15, 6)).split(' ')[1]);
    expect(months).toEqual(['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']);
  });

  test.each([
    ['2026-11-27', 'Fri, 27 Nov'],
    ['2026-09-06', 'Sun, 6 Sep'],
    ['2027-01-01', 'Fri, 1 Jan'],
  ])('calendar day %s → %s', (day, expected) => {
    expect(formatCalendarDay(day)).toBe(expected);
  });

  test('a day in India starts at 18:30 UTC the day before', () => {
    expect(startOfIndiaDay('2026-11-27')).toBe('2026-11-26T18:30:00.000Z');
    expect(indiaDay(startOfIndiaDay('2026-11-27'))).toBe('2026-11-27');
    expect(indiaDay(Date.parse(startOfIndiaDay('2026-11-27')) - 1)).toBe('2026-11-26');
    expect(sinceIndiaMidnight(Date.parse('2026-11-26T18:30:00Z'))).toBe(0);
    expect(sinceIndiaMidnight(new Date('2026-11-26T19:30:00Z'))).toBe(3_600_000);
  });

  test.each([null, undefined, '', 'not a date', NaN])('%s is not an instant', (at) => {
    expect(readInstant(at)).toBeNull();
    if (at !== null && at !== undefined) expect(() => formatDate(at)).toThrow(RangeError);
  });
});
