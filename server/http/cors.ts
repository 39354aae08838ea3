import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

/** The methods the API's routes answer (the storefront's client sends no others). */
export const API_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
/** What the storefront's calls carry: the session's bearer token and JSON bodies. */
export const API_REQUEST_HEADERS = ['authorization', 'content-type'];
/** Browsers keep a preflight's answer this long (Chromium caps it at 2 hours). */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * CORS for a storefront served from another origin (STOREFRONT_ORIGIN): that origin alone is
 * allowed, never `*`; every answer says it varies by Origin. No credentials: the shop's calls
 * carry a bearer token, not cookies, so a cross-origin browser sends none.
 */
export function storefrontCors(origin: string): MiddlewareHandler {
  return cors({
    origin,
    allowMethods: API_METHODS,
    allowHeaders: API_REQUEST_HEADERS,
    maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  });
}
