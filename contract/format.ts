/**
 * The one formatting module: rupees and paise, counts, ratings, quantities, and dates and times in
 * India time. Pages, islands, e-mails, invoices and the back office all write through it.
 */
import { paiseToRupees } from './pricing';

const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

const alwaysPaise = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Formats a rupee amount the Indian way: 123456 → ₹1,23,456; 99.5 → ₹99.50. */
export function formatRupees(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  // Whole rupees print without paise; anything with paise prints both digits.
  return Number.isInteger(value) ? wholeRupees.format(value) : rupeesAndPaise.format(value);
}

/** Paise as the shop writes rupees: 12345600 → ₹1,23,456; 9950 → ₹99.50. */
export function formatPaise(paise: number): string {
  return formatRupees(paiseToRupees(paise));
}

/** Paise with both paise digits always, as documents print them: 12345678 → ₹1,23,456.78; 500 → ₹5.00. */
export function formatPaiseExact(paise: number): string {
  return alwaysPaise.format(paiseToRupees(Number.isFinite(paise) ? paise : 0));
}

/** A count the Indian way: 100000 → '1,00,000'. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-IN');
}

/** A count with its noun, singular for one: (1, 'review') → '1 review', (1200, 'rating') → '1,200 ratings'. */
export function formatCounted(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** An average rating to one decimal, defaulting to 0.0. */
export function formatRating(average: number | null | undefined): string {
  const value = typeof average === 'number' && Number.isFinite(average) ? average : 0;
  return (Math.round(value * 10) / 10).toFixed(1);
}

/**
 * Units as the Legal Metrology (Packaged Commodities) Rules write them: litre as a capital `L`
 * (a lower-case 'l' beside a '1' reads as '1 I'), the rest in lower case. A unit the rules do not
 * name is written as stored.
 */
const METRIC_UNITS: Readonly<Record<string, string>> = {
  l: 'L',
  ltr: 'L',
  litre: 'L',
  liter: 'L',
  ml: 'ml',
  kg: 'kg',
  g: 'g',
  gm: 'g',
};

/** A unit written as the rules write it: 'l' → 'L', 'KG' → 'kg'. */
export function formatUnit(unit: string): string {
  return METRIC_UNITS[unit.trim().toLowerCase()] ?? unit;
}

/** Label for a weight/volume value: (500, 'g') → '500 g', (1, 'l') → '1 L'. */
export function formatQuantity(value: number, unit: string): string {
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))} ${formatUnit(unit)}`;
}


// ---- Time: every date and time a shopper or the staff read is India's ----

/** The shop's time zone, for the few places that hand a zone to someone else (a mail header, a browser API). */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';

/**
 * India keeps one offset all year (UTC + 5:30, no daylight saving since 1945), so a wall-clock
 * reading is the instant moved by the offset and read as UTC: the same answer on every server and
 * browser, whatever its own zone or ICU version (ICU's en-IN writes September 'Sept' in some
 * versions and 'Sep' in others; the shop writes every month in three letters).
 */
export const INDIA_OFFSET_MS = 330 * 60_000;
const DAY_MS = 24 * 60 * 60_000;
/** The months and weekdays in three letters (also the English names RFC 5322 mail dates use). */
export const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
export const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** An instant as the shop receives one (a Date, epoch milliseconds or an ISO string); null when it cannot be read. */
export function readInstant(at: Date | number | string | null | undefined): Date | null {
  if (at === null || at === undefined || at === '') return null;
  const date = at instanceof Date ? at : new Date(at);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The wall clock in India at `at`, as a Date whose UTC fields read India's calendar and clock. */
function indiaClock(at: Date | number | string): Date {
  const date = readInstant(at);
  if (!date) throw new RangeError(`Not a time: ${String(at)}`);
  return new Date(date.getTime() + INDIA_OFFSET_MS);
}

/** The calendar day in India at `at`: 'YYYY-MM-DD'. */
export function indiaDay(at: Date | number | string): string {
  return indiaClock(at).toISOString().slice(0, 10);
}

/** '2026-11-27 17:04': India's date and 24-hour time, as a spreadsheet sorts and reads them. */
export function formatIndiaStamp(at: Date | number | string): string {
  return indiaClock(at).toISOString().slice(0, 16).replace('T', ' ');
}

/** Milliseconds since midnight in India at `at`. */
export function sinceIndiaMidnight(at: Date | number): number {
  const ms = at instanceof Date ? at.getTime() : at;
  return (((ms + INDIA_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS;
}

/** The instant a day (YYYY-MM-DD) starts in India, as an ISO UTC time: '2026-11-27' → '2026-11-26T18:30:00.000Z'. */
export function startOfIndiaDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - INDIA_OFFSET_MS).toISOString();
}

/** The calendar day after `day` (YYYY-MM-DD): '2026-11-30' → '2026-12-01'. */
export function dayAfter(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}

/** A calendar date, no zone: '2026-11-27' → 'Fri, 27 Nov' (the weekday tells a shopper when to be in). */
export function formatCalendarDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}`;
}

function datePart(clock: Date): string {
  return `${clock.getUTCDate()} ${MONTHS[clock.getUTCMonth()]} ${clock.getUTCFullYear()}`;
}

function clockPart(clock: Date, seconds: boolean): string {
  const hour = clock.getUTCHours();
  const mm = String(clock.getUTCMinutes()).padStart(2, '0');
  const ss = seconds ? `:${String(clock.getUTCSeconds()).padStart(2, '0')}` : '';
  return `${hour % 12 || 12}:${mm}${ss} ${hour < 12 ? 'am' : 'pm'}`;
}

/** '27 Nov 2026': the date in India. */
export function formatDate(at: Date | number | string): string {
  return datePart(indiaClock(at));
}

/** 'Fri, 27 Nov 2026': the date in India with its weekday. */
export function formatDayAndDate(at: Date | number | string): string {
  const clock = indiaClock(at);
  return `${WEEKDAYS[clock.getUTCDay()]}, ${datePart(clock)}`;
}

/** '5:04 pm': the time in India. */
export function formatTime(at: Date | number | string): string {
  return clockPart(indiaClock(at), false);
}

/** '27 Nov 2026, 5:04 pm' (with `seconds`, '27 Nov 2026, 5:04:09 pm'): date and time in India. */
export function formatDateTime(at: Date | number | string, options: { seconds?: boolean } = {}): string {
  const clock = indiaClock(at);
  return `${datePart(clock)}, ${clockPart(clock, options.seconds ?? false)}`;
}

/** '6:30 pm on 27 Nov 2026': a deadline, as a sentence says it. */
export function formatDeadline(at: Date | number | string): string {
  const clock = indiaClock(at);
  return `${clockPart(clock, false)} on ${datePart(clock)}`;
}
