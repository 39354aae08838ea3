import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { peerIsTrustedProxy, type TrustProxy } from '../../shared/proxy-trust';

/**
 * Device cookies (OWASP, "Slow down online guessing attacks with device cookies"): a browser
 * that has logged in to an account gets a signed cookie naming that account. Its later login and
 * reset requests for that account are counted against the cookie alone, so a stranger's failures
 * (which lock out unknown browsers) never lock out the owner's own browser.
 *
 * One cookie per account (`gb_device_<user id>`), so a family computer keeps one for each of its
 * shoppers. The value is `<user id>.<nonce>.<HMAC-SHA256>`; the nonce is the key its failures
 * are counted under.
 */
const COOKIE_PREFIX = 'gb_device_';
/** A year: a device stays trusted as long as a shopper plausibly keeps a browser. */
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;
const VALUE = /^([1-9]\d{0,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function deviceCookieName(userId: number): string {
  return `${COOKIE_PREFIX}${userId}`;
}

/** A key of its own, so a device cookie's signature can never pass for a session token's or a PIN's. */
function signingKey(secret: Uint8Array): Buffer {
  return crypto.createHmac('sha256', secret).update('gharbazaar device cookie v1').digest();
}

function signature(secret: Uint8Array, userId: number, nonce: string): string {
  return crypto.createHmac('sha256', signingKey(secret)).update(`${userId}.${nonce}`).digest('base64url');
}

/** A new device cookie value for this account. */
export function newDeviceCookie(secret: Uint8Array, userId: number): string {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${userId}.${nonce}.${signature(secret, userId, nonce)}`;
}

/**
 * The nonce of `value` when it is a well-signed device cookie naming `userId`, else null (a
 * cookie of another account, a forged or damaged one all count as no cookie).
 */
export function deviceCookieNonce(secret: Uint8Array, value: string | undefined, userId: number): string | null {
  const [, owner, nonce, signed] = (value && VALUE.exec(value)) || [];
  if (!owner || !nonce || !signed || Number(owner) !== userId) return null;
  const expected = Buffer.from(signature(secret, userId, nonce));
  const given = Buffer.from(signed);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? nonce : null;
}

/** The nonce of the valid device cookie this request presents for `userId`, if any. */
export function presentedDevice(c: Context, secret: Uint8Array, userId: number): string | null {
  return deviceCookieNonce(secret, getCookie(c, deviceCookieName(userId)), userId);
}

/** True when the browser reached the shop over https (directly, or through the trusted proxy). */
export function isHttps(c: Context, trustProxy: TrustProxy): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return peerIsTrustedProxy(c, trustProxy) && c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim() === 'https';
}

/**
 * Gives the browser a fresh device cookie for `userId`: HttpOnly (scripts never see it),
 * SameSite=Lax, sent only to the account API (`apiPath`), Secure whenever the shop is on https.
 */
export function setDeviceCookie(
  c: Context,
  secret: Uint8Array,
  userId: number,
  apiPath: string,
  trustProxy: TrustProxy,
) {
  setCookie(c, deviceCookieName(userId), newDeviceCookie(secret, userId), {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, trustProxy),
    path: apiPath,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}
