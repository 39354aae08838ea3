/**
 * Headers that protect the shop's pages: who may frame them, which browser features they may
 * use, and (on an https shop) that browsers must never come back over plain http. The scripts a
 * page may run are decided by the Content-Security-Policy meta tag Astro writes into each page
 * with the hashes of its own scripts (astro.config.mjs); a meta tag cannot carry
 * frame-ancestors, so that part is this header. Not hono/secure-headers: its policy would replace
 * the one a page sets instead of adding the missing directives to it, and its defaults add seven
 * headers and differ from the shop's referrer, frame and HSTS values.
 */

/** Origins of Razorpay's checkout: its frame may ask for the Payment Request API. */
const RAZORPAY_ORIGINS = ['https://api.razorpay.com', 'https://checkout.razorpay.com'];

/** Sent with every page: never framed (clickjacking), no plugins, no <base> from elsewhere. */
export const PAGE_CSP = "frame-ancestors 'none'; base-uri 'self'; object-src 'none'";

/**
 * The API reference page (/api/docs): Swagger UI's script and style from the shop itself, its
 * inline style attributes and data: icons, and calls to the shop's own /api/openapi.json only.
 */
export const API_REFERENCE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; form-action 'none'; frame-ancestors 'none'; base-uri 'none'";

/**
 * Browser features no page of the shop uses are off for it and anything it frames; payment is
 * left to the shop and Razorpay's checkout. Only features Chromium knows: an unknown name is
 * logged as an error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'usb=()',
  `payment=(self ${RAZORPAY_ORIGINS.map((o) => `"${o}"`).join(' ')})`,
].join(', ');

/** One year, subdomains included: what HSTS preload lists ask for. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Sets the security headers on an answer's own headers (rebuilding the answer would turn it
 * into a stream). `https` is whether the shop's public address (SITE_URL) is https: HSTS sent
 * from an http shop would lock its visitors out.
 */
export function applySecurityHeaders(headers: Headers, https: boolean): void {
  headers.set('x-content-type-options', 'nosniff');
  headers.set('referrer-policy', 'strict-origin-when-cross-origin');
  headers.set('x-frame-options', 'DENY');
  if (https) headers.set('strict-transport-security', HSTS);
  if (!headers.get('content-type')?.startsWith('text/html')) return;
  headers.set('content-security-policy', withPageDirectives(headers.get('content-security-policy')));
  headers.set('permissions-policy', PERMISSIONS_POLICY);
}

/**
 * A page's own header policy (the search page's, written by Astro; the 'opening soon' page's)
 * with the directives of PAGE_CSP it does not set. A directive named twice would be ignored,
 * with a console error, so each is added only when missing.
 */
export function withPageDirectives(policy: string | null): string {
  if (!policy?.trim()) return PAGE_CSP;
  const named = new Set(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/)[0]?.toLowerCase())
      .filter(Boolean),
  );
  const missing = PAGE_CSP.split(';')
    .map((d) => d.trim())
    .filter((d) => !named.has(d.split(/\s+/)[0]));
  return missing.length ? `${policy.trim().replace(/;+$/, '')}; ${missing.join('; ')}` : policy;
}
