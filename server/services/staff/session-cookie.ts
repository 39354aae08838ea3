import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { serialize, type CookieOptions } from 'hono/utils/cookie';
import type { TrustProxy } from '../../shared/proxy-trust';
import { isHttps } from '../auth/device-cookies';

/**
 * The back office's session cookie: the staff token itself, so its 8-hour limit, logout
 * (revoked_tokens) and disabling the account (tokens_valid_after) work as they do for a bearer
 * token. HttpOnly (the pages' scripts never hold it), SameSite=Strict (no other site's page makes a
 * browser send it), sent only to /api/admin/, Secure on https, and kept no longer than the token
 * lasts. Every tab of the browser shares it, so a second tab or a Ctrl+click opens signed in.
 */
export const STAFF_SESSION_COOKIE = 'gb_staff_session';
const COOKIE_PATH = '/api/admin/';

function cookieOptions(c: Context, trustProxy: TrustProxy, maxAge: number): CookieOptions & { path: string } {
  return { httpOnly: true, sameSite: 'Strict', secure: isHttps(c, trustProxy), path: COOKIE_PATH, maxAge };
}

/** The staff token the request's session cookie carries, if any. */
export function presentedStaffSession(c: Context): string | undefined {
  return getCookie(c, STAFF_SESSION_COOKIE) || undefined;
}

/** Gives the browser the session cookie for `token`, which expires at `exp` (Unix seconds). */
export function setStaffSessionCookie(
  c: Context,
  token: string,
  exp: number,
  nowMs: number,
  trustProxy: TrustProxy,
): void {
  const maxAge = Math.max(0, exp - Math.floor(nowMs / 1000));
  setCookie(c, STAFF_SESSION_COOKIE, token, cookieOptions(c, trustProxy, maxAge));
}

/** The Set-Cookie value that makes the browser forget its session cookie (for answers built elsewhere, errors). */
export function clearedStaffSessionCookie(c: Context, trustProxy: TrustProxy): string {
  return serialize(STAFF_SESSION_COOKIE, '', cookieOptions(c, trustProxy, 0));
}

/** Makes the browser forget its session cookie with this answer. */
export function clearStaffSessionCookie(c: Context, trustProxy: TrustProxy): void {
  c.header('set-cookie', clearedStaffSessionCookie(c, trustProxy), { append: true });
}
