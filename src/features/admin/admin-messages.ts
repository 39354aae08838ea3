import { ApiError } from '../../lib/api/http';
import { shopperMessage } from '../../lib/api/error-message';
import { STAFF_LOGIN_REFUSED } from '../../../contract/staff';

/** Said when the API could not be reached at all. */
export const NO_ANSWER = "The shop's server could not be reached. Check the connection and try again.";

/**
 * How long a `Retry-After` value (seconds, or an HTTP date) asks to wait, in words: 'in 40
 * seconds', 'in 5 minutes', 'in 2 hours'; 'later' when it says nothing usable.
 */
export function retryAfterText(value: string | null, nowMs: number): string {
  if (value === null || value.trim() === '') return 'later';
  const seconds = /^\d+$/.test(value.trim()) ? Number(value) : (Date.parse(value) - nowMs) / 1000;
  if (!Number.isFinite(seconds) || seconds <= 0) return 'later';
  const plural = (n: number, unit: string) => `in ${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(Math.ceil(seconds), 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/**
 * What a refused staff login says: the one refusal whatever was wrong (the server never says which
 * part), how long to wait when too many attempts were made, or that the server was not reached.
 */
export function staffLoginMessage(error: unknown, nowMs: number = Date.now()): string {
  const wait = error instanceof ApiError && error.status === 429 ? retryAfterText(error.retryAfter, nowMs) : '';
  return shopperMessage(error, {
    refused: 'Signing in failed. Please try again.',
    noAnswer: NO_ANSWER,
    byStatus: {
      401: STAFF_LOGIN_REFUSED,
      429: `Too many sign-in attempts. Please try again ${wait}.`,
    },
    showServerText: [400],
  });
}

/** What a failed back-office call says: the server's own words (meant for staff), else `refused`. */
export function adminMessage(error: unknown, refused: string): string {
  return shopperMessage(error, {
    refused,
    noAnswer: NO_ANSWER,
    byStatus: { 429: 'Too many attempts. Please wait a little and try again.' },
  });
}
