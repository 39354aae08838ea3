/**
 * When the storefront asks again by itself. A moment when the shop cannot answer (one of its API
 * processes restarting behind the load balancer, the database restarting) answers 502, 503 or
 * 504, or nothing at all; the same call a moment later usually succeeds. Only calls the server
 * treats as repeatable are asked again: reads, placing an order (the unpaid order of the same cart
 * is handed out again) and verifying a payment (an order is paid once).
 */

/** Statuses worth asking again for; 0 is no answer at all. */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([0, 502, 503, 504]);

/** Waits before the 2nd, 3rd, 4th and 5th attempt: 7.5 s in all when the server names no wait. */
export const RETRY_DELAYS_MS: readonly number[] = [500, 1000, 2000, 4000];

/** A Retry-After longer than this is shortened: a shopper is not kept waiting longer for one attempt. */
export const MAX_RETRY_AFTER_MS = 5000;

/** The most a shopper waits in all before being told the shop is busy, whatever Retry-After says. */
export const RETRY_BUDGET_MS = 10_000;

/**
 * How long to wait before attempt `attempt + 1` after attempt `attempt` (0-based) failed with
 * `status` and the server's `Retry-After` (seconds, or an HTTP date), having waited `waitedMs`
 * already; null when not to ask again.
 */
export function retryDelay(
  attempt: number,
  status: number,
  retryAfter: string | null,
  waitedMs = 0,
  now = Date.now(),
): number | null {
  if (!RETRYABLE_STATUSES.has(status)) return null;
  const planned = RETRY_DELAYS_MS[attempt];
  if (planned === undefined) return null;
  const asked = retryAfterMs(retryAfter, now);
  const wait = asked === null ? planned : Math.min(Math.max(asked, planned), MAX_RETRY_AFTER_MS);
  return waitedMs + wait > RETRY_BUDGET_MS ? null : wait;
}

/** Retry-After in milliseconds, or null when absent or unreadable. */
function retryAfterMs(value: string | null, now: number): number | null {
  if (value === null || value.trim() === '') return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** True for the statuses of a shop that could not answer for a moment (as opposed to a refusal). */
export function isMomentaryFailure(status: number): boolean {
  return RETRYABLE_STATUSES.has(status);
}

/** A failed attempt as the client reports it: its status (0: no answer) and Retry-After header. */
export interface FailedAttempt {
  status: number;
  retryAfter: string | null;
}

function isFailedAttempt(error: unknown): error is FailedAttempt {
  const e = error as Partial<FailedAttempt> | null;
  return typeof e?.status === 'number' && (e.retryAfter === null || typeof e.retryAfter === 'string');
}

/**
 * Runs `once`, and again after each momentary failure on the schedule above, until it succeeds, a
 * refusal comes, the attempts or the 10 s budget run out or `signal` aborts; rejects with the
 * last failure.
 */
export async function askAgainWhileBusy<T>(once: () => Promise<T>, signal?: AbortSignal | null): Promise<T> {
  let waited = 0;
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await once();
    } catch (error) {
      const wait = isFailedAttempt(error) ? retryDelay(attempt, error.status, error.retryAfter, waited) : null;
      if (wait === null || signal?.aborted) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
      waited += wait;
      if (signal?.aborted) throw error;
    }
  }
}
