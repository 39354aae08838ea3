import { jwtDecode } from 'jwt-decode';

/** Why a token counts as expired, or null when it is still valid. */
export type TokenProblem = 'missing' | 'invalid' | 'no-expiry' | 'expired';

/**
 * Checks a session token at `nowMs`: missing, undecodable (not dot-separated parts whose second
 * part is base64 JSON), without a numeric `exp`, or with `exp` (seconds) before now are expired.
 */
export function tokenProblem(token: unknown, nowMs: number): TokenProblem | null {
  if (typeof token !== 'string' || token === '' || token === 'null' || token === 'undefined') return 'missing';
  let payload: { exp?: unknown };
  try {
    payload = jwtDecode<{ exp?: unknown }>(token);
  } catch {
    return 'invalid';
  }
  if (typeof payload !== 'object' || payload === null) return 'invalid';
  if (typeof payload.exp !== 'number' || !Number.isFinite(payload.exp)) return 'no-expiry';
  return payload.exp * 1000 <= nowMs ? 'expired' : null;
}

/** True when the token is missing, undecodable, without expiry, or expired at `nowMs`. */
export function isTokenExpired(token: unknown, nowMs: number = Date.now()): boolean {
  return tokenProblem(token, nowMs) !== null;
}

/** Keys of the browser's local storage that hold the session. */
export const STORAGE_KEYS = { token: 'authToken', user: 'user', userId: 'user_id' } as const;
