/** Whether, and how soon, the shop delivers to a pincode: the delivery check's answer. */
import type { DeliveryAnswer } from '../../../contract/api/delivery';
import {
  DEFAULT_COD_LIMIT_RUPEES,
  deliveryBy,
  NOT_DELIVERABLE_MESSAGE,
  zoneFor,
  type Zone,
} from '../../../contract/delivery';
import { sinceIndiaMidnight } from '../../../contract/format';
import { paiseToRupees, rupeesToPaise } from '../../../contract/pricing';
import { DEFAULT_ZONES } from './zones';

/** The shop's serviceability: its zones and the largest order paid in cash at the door. */
export interface DeliveryOptions {
  zones: readonly Zone[];
  codLimitPaise: number;
}

/** The demo shop's zones and the ₹5,000 cash-on-delivery limit. */
export const DEFAULT_DELIVERY: DeliveryOptions = {
  zones: DEFAULT_ZONES,
  codLimitPaise: rupeesToPaise(DEFAULT_COD_LIMIT_RUPEES),
};

/**
 * The answer for a valid pincode (the route has checked it) for an order placed at `now`:
 * deliverable or not, the date in India and its sentence, and whether the zone offers cash on
 * delivery (the order's amount is checked against `cod_limit` at checkout).
 */
export function deliveryAnswer(pincode: string, options: DeliveryOptions, now: number): DeliveryAnswer {
  const zone = zoneFor(pincode, options.zones);
  const codLimit = paiseToRupees(options.codLimitPaise);
  if (!zone) {
    return {
      pincode,
      deliverable: false,
      days: null,
      delivery_by: null,
      message: NOT_DELIVERABLE_MESSAGE,
      cod_available: false,
      cod_limit: codLimit,
    };
  }
  const estimate = deliveryBy(now, zone.days);
  return {
    pincode,
    deliverable: true,
    days: zone.days,
    delivery_by: estimate.date,
    message: estimate.message,
    cod_available: zone.cod,
    cod_limit: codLimit,
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seconds an answer may be cached: five minutes, but never past midnight in India, when every
 * date it gives moves on a day (a cached answer would then promise a day too early).
 */
export function answerMaxAge(now: number, maxSeconds = 300): number {
  const sinceMidnight = sinceIndiaMidnight(now);
  return Math.min(maxSeconds, Math.floor((DAY_MS - sinceMidnight) / 1000));
}
