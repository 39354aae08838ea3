/**
 * Where the shop delivers, how soon, and where cash on delivery is offered: the pincode rule, the
 * shop's serviceability zones and the texts a shopper reads. Plain functions without zod, so the
 * storefront's bundles stay small; the server validates a shop's own zone table with zod.
 */
import { formatCalendarDay, indiaDay } from './format';

/** A 6-digit Indian pincode: no pincode starts with 0 (the first digit is the postal region, 1 to 9). */
export const PINCODE_PATTERN = /^[1-9]\d{5}$/;
/** What a shopper reads for anything that is not a pincode. */
export const PINCODE_MESSAGE = 'Valid 6-digit pincode is required';
/** The answer for a pincode no zone of the shop covers. */
export const NOT_DELIVERABLE_MESSAGE = 'Not deliverable to this pincode yet';
/** Said beside the delivery date where the pincode's zone offers cash on delivery. */
export const COD_AVAILABLE_MESSAGE = 'Cash on delivery available';
/** The largest order paid in cash at the door unless the shop sets COD_LIMIT (couriers carry limited cash). */
export const DEFAULT_COD_LIMIT_RUPEES = 5000;

/** The bounds a zone must keep: prefixes of 1 to 6 digits (never starting with 0), 1 to 30 days. */
export const ZONE_RULES = {
  prefix: /^[1-9]\d{0,5}$/,
  minDays: 1,
  maxDays: 30,
} as const;

/** An area the shop delivers to: the pincodes starting with its prefixes. */
export interface Zone {
  /** The shop's name for the area ('Metro cities', 'North East'), for its own records. */
  name: string;
  /** Pincode prefixes of 1 to 6 digits; a pincode belongs to the zone with its longest matching prefix. */
  prefixes: readonly string[];
  /** Days from order to door, Sundays not counted (1 to 30). */
  days: number;
  /** Cash on delivery is offered here, for orders up to the shop's limit. */
  cod: boolean;
}

/** True for exactly 6 digits whose first is 1 to 9. */
export function isPincode(value: string): boolean {
  return PINCODE_PATTERN.test(value);
}

/**
 * The zone a pincode belongs to: the one with the longest prefix the pincode starts with, so a
 * narrower rule ('6825', islands) overrides a wider one ('68'). Null when the shop does not
 * deliver there, or for anything that is not a pincode.
 */
export function zoneFor(pincode: string, zones: readonly Zone[]): Zone | null {
  if (!isPincode(pincode)) return null;
  let best: Zone | null = null;
  let bestLength = 0;
  for (const zone of zones) {
    for (const prefix of zone.prefixes) {
      if (prefix.length > bestLength && pincode.startsWith(prefix)) {
        best = zone;
        bestLength = prefix.length;
      }
    }
  }
  return best;
}

/**
 * Cash on delivery for an order of `amountPaise` to this zone: the zone offers it and the order
 * is at most the limit (both in paise, so ₹5,000.00 exactly is allowed and ₹5,000.01 is not).
 */
export function codAllowed(zone: Zone | null, amountPaise: number, codLimitPaise: number): boolean {
  return zone !== null && zone.cod && amountPaise <= codLimitPaise;
}

/** When an order placed at `now` arrives: the date in India (YYYY-MM-DD) and the sentence a shopper reads. */
export interface DeliveryEstimate {
  date: string;
  message: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const SUNDAY = 0;

/**
 * The date an order placed at `now` arrives: `days` days on from today in India, Sundays not
 * counted (couriers do not deliver then), so the date itself is never a Sunday. YYYY-MM-DD.
 */
export function deliveryDate(now: Date | number, days: number): string {
  // Today's date in India as midnight UTC of that calendar day, so day arithmetic has no zone.
  let day = Date.parse(`${indiaDay(now)}T00:00:00Z`);
  for (let counted = 0; counted < days; counted += 1) {
    day += DAY_MS;
    if (new Date(day).getUTCDay() === SUNDAY) day += DAY_MS;
  }
  return new Date(day).toISOString().slice(0, 10);
}

/** 'Delivery by Fri, 27 Nov' for the date '2026-11-27'. */
export function deliveryByText(date: string): string {
  return `Delivery by ${formatCalendarDay(date)}`;
}

/** When an order placed at `now` arrives, `days` delivery days on: its date and 'Delivery by Fri, 27 Nov'. */
export function deliveryBy(now: Date | number, days: number): DeliveryEstimate {
  const date = deliveryDate(now, days);
  return { date, message: deliveryByText(date) };
}
