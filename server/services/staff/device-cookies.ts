import crypto from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { TrustProxy } from '../../shared/proxy-trust';
import { deviceCookieNonce, isHttps, newDeviceCookie } from '../auth/device-cookies';

/**
 * Device cookies for staff logins: the shoppers' rule (services/auth/device-cookies.ts) with a
 * cookie of its own, `gb_staff_device_<staff id>`, sent only to /api/admin/, and signed with a
 * key of its own, so a shopper's device cookie for user 5 never counts as staff member 5's.
 */
const COOKIE_PREFIX = 'gb_staff_device_';
const COOKIE_PATH = '/api/admin/';
/** 90 days: staff browsers are re-trusted after a season, shoppers' after a year. */
const COOKIE_MAX_AGE_SECONDS = 90 * 24 * 3600;

function staffDeviceKey(secret: Uint8Array): Buffer {
  return crypto.createHmac('sha256', secret).update('gharbazaar staff device cookie v1').digest();
}

/** The nonce of the valid staff device cookie this request presents for `staffId`, if any. */
export function presentedStaffDevice(c: Context, secret: Uint8Array, staffId: number): string | null {
  return deviceCookieNonce(staffDeviceKey(secret), getCookie(c, `${COOKIE_PREFIX}${staffId}`), staffId);
}

/** Gives the browser a fresh staff device cookie: HttpOnly, SameSite=Strict, Secure on https. */
export function setStaffDeviceCookie(c: Context, secret: Uint8Array, staffId: number, trustProxy: TrustProxy): void {
  setCookie(c, `${COOKIE_PREFIX}${staffId}`, newDeviceCookie(staffDeviceKey(secret), staffId), {
    httpOnly: true,
    sameSite: 'Strict',
    secure: isHttps(c, trustProxy),
    path: COOKIE_PATH,
    maxAge: COOKIE_MAX_AGE_SECONDS,
  });
}
