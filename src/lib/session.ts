import { jwtDecode } from 'jwt-decode';

/** Why a token counts as expired (SPEC.md §4/§5), or null when it is still valid. */
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

/** Keys of the browser's local storage that hold the session (SPEC.md §3). */
export const STORAGE_KEYS = { token: 'authToken', user: 'user', userId: 'user_id' } as const;

/**
 * Where to go after logging in: `next` when it is a path of this site, else '/'. Only a single
 * leading '/' followed by no second '/' or '\' counts: browsers read '//host' and '/\host' as
 * another site, and anything with a scheme (https:, javascript:) is refused outright. Control
 * characters are refused too, since browsers drop tabs and new lines from URLs ('/\t/evil.com'
 * would become '//evil.com').
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return '/';
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return '/';
  return next;
}

/** The login page's address that comes back to `here` (a path with its query) afterwards. */
export function loginPath(here: string): string {
  const back = safeNext(here);
  const path = back.split(/[?#]/, 1)[0].replace(/\/+$/, '');
  // Coming back to a login or reset page, or to home, adds nothing.
  if (back === '/' || ['/login', '/register', '/forgotpassword', '/resetpassword'].includes(path)) return '/login';
  return `/login?next=${encodeURIComponent(back)}`;
}

/** The login address for this page (plain '/login' when rendered on the server). */
export function loginHref(): string {
  if (typeof window === 'undefined') return '/login';
  return loginPath(window.location.pathname + window.location.search);
}
