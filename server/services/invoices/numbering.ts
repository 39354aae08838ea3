/**
 * What an Indian tax invoice states besides its lines: the amount in words, in Indian numbering
 * (thousand, lakh, crore), and the invoice number, from a series that restarts each financial
 * year (1 April to 31 March, India Standard Time).
 */
import { indiaDay } from '../../../contract/format';
import { PAISE_PER_RUPEE } from '../../../contract/pricing';

const ONES = [
  '',
  'One',
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Eleven',
  'Twelve',
  'Thirteen',
  'Fourteen',
  'Fifteen',
  'Sixteen',
  'Seventeen',
  'Eighteen',
  'Nineteen',
];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 1–99 in words ('Forty-Two'). */
function belowHundred(n: number): string {
  if (n < 20) return ONES[n] ?? '';
  const ones = n % 10;
  return `${TENS[Math.floor(n / 10)] ?? ''}${ones ? `-${ONES[ones] ?? ''}` : ''}`;
}

/** 1–999 in words ('Nine Hundred Ninety-Nine'). */
function belowThousand(n: number): string {
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  return [hundreds ? `${ONES[hundreds] ?? ''} Hundred` : '', rest ? belowHundred(rest) : ''].filter(Boolean).join(' ');
}

/**
 * A whole number in words with Indian grouping: 12,34,56,789 is 'Twelve Crore Thirty-Four Lakh
 * Fifty-Six Thousand Seven Hundred Eighty-Nine'. Crores above 99 are themselves read in words
 * ('One Hundred Twenty Crore').
 */
export function indianWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`Not a whole number: ${n}`);
  if (n === 0) return 'Zero';
  const crore = Math.floor(n / 10_000_000);
  const lakh = Math.floor((n % 10_000_000) / 100_000);
  const thousand = Math.floor((n % 100_000) / 1000);
  const rest = n % 1000;
  return [
    crore ? `${indianWords(crore)} Crore` : '',
    lakh ? `${belowHundred(lakh)} Lakh` : '',
    thousand ? `${belowHundred(thousand)} Thousand` : '',
    rest ? belowThousand(rest) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** An amount as an invoice writes it: 'Rupees One Lakh Twenty Only', 'Rupees Ten and Five Paise Only'. */
export function rupeesInWords(paise: number): string {
  if (!Number.isSafeInteger(paise) || paise < 0) throw new RangeError(`Not an amount in paise: ${paise}`);
  const rupees = Math.floor(paise / PAISE_PER_RUPEE);
  const rest = paise % PAISE_PER_RUPEE;
  return `Rupees ${indianWords(rupees)}${rest ? ` and ${belowHundred(rest)} Paise` : ''} Only`;
}

/** The financial year of a moment, as '2026-27': April to March, by the date in India. */
export function financialYear(at: Date): string {
  const [calendarYear, month] = indiaDay(at).split('-').map(Number) as [number, number];
  const year = month >= 4 ? calendarYear : calendarYear - 1;
  return `${year}-${String((year + 1) % 100).padStart(2, '0')}`;
}

/**
 * The invoice number of the `serial`-th invoice of a financial year ('2026-27'): 'GB/26-27/000042'.
 * A series prefix of at most 3 capitals or digits keeps it within the 16 characters GST allows.
 */
export function invoiceNumber(prefix: string, year: string, serial: number): string {
  if (!/^[A-Z0-9]{1,3}$/.test(prefix)) throw new RangeError(`Not an invoice series prefix: ${prefix}`);
  const years = /^\d{2}(\d{2})-(\d{2})$/.exec(year);
  if (!years) throw new RangeError(`Not a financial year: ${year}`);
  if (!Number.isSafeInteger(serial) || serial < 1 || serial > 999_999) {
    throw new RangeError(`Not an invoice serial of the year: ${serial}`);
  }
  return `${prefix}/${years[1]}-${years[2]}/${String(serial).padStart(6, '0')}`;
}
