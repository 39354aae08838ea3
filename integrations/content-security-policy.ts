/**
 * Content-Security-Policy of every page, as the meta tag Astro writes: Astro adds to script-src
 * and style-src the hashes of every script and stylesheet it bundles or inlines (processed
 * `<script>`s, the island loader and its client directives), so no inline script runs unless it
 * is one of them (or the one fixed inline script named below). frame-ancestors cannot be set in a meta tag: the shop's server sends it as a
 * header (server/http/security-headers.ts).
 */

import { createHash } from 'node:crypto';
import { OFFER_SEEN_SCRIPT } from '../src/features/home/offer-seen';

/** The hash that lets one fixed inline script run: the home page's offer pop-up check (offer-seen.ts). */
function inlineScriptHash(script: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}`;
}

/**
 * Razorpay's checkout: its script, the frame it opens and the calls that frame's page makes
 * from ours. Allowed always: a shop switched to Razorpay keys needs no rebuild to take payments.
 */
const RAZORPAY = {
  script: ['https://checkout.razorpay.com'],
  frame: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connect: ['https://api.razorpay.com', 'https://lumberjack.razorpay.com'],
};

/**
 * The origin the browser code reaches the API at when it lives on another origin
 * (PUBLIC_API_BASE is an absolute URL): its calls, media and the local test checkout script come
 * from there. Null when the API is the site's own origin.
 */
export function publicApiOrigin(publicApiBase: string | undefined): string | null {
  return publicApiBase && /^https?:\/\//i.test(publicApiBase) ? new URL(publicApiBase).origin : null;
}

/** The `security.csp` setting of astro.config.mjs for a site whose API is at `apiOrigin`. */
export function contentSecurityPolicy(apiOrigin: string | null) {
  const apiOrigins = apiOrigin ? [apiOrigin] : [];
  return {
    algorithm: 'SHA-256' as const,
    directives: [
      "default-src 'self'",
      "base-uri 'self'",
      "object-src 'none'",
      `form-action ${["'self'", ...apiOrigins].join(' ')}`,
      // Product pictures may come from a backend's CDN (Razorpay's logos too), or from the API's
      // own origin's /media/ (named for an http one); uploads are previewed from blob: URLs.
      `img-src ${["'self'", 'data:', 'blob:', 'https:', ...apiOrigins].join(' ')}`,
      "font-src 'self' data:",
      `connect-src ${["'self'", ...apiOrigins, ...RAZORPAY.connect].join(' ')}`,
      `frame-src ${RAZORPAY.frame.join(' ')}`,
    ],
    scriptDirective: {
      resources: ["'self'", ...apiOrigins, ...RAZORPAY.script],
      hashes: [inlineScriptHash(OFFER_SEEN_SCRIPT)],
    },
    // React writes style attributes (a rating's star fill, a review bar's width) into the HTML:
    // `style-src-attr 'unsafe-inline'`, while <style> elements keep to 'self' and Astro's hashes.
    // A style attribute cannot run code, and script-src has no 'unsafe-inline' at all.
    styleDirective: { resources: [{ resource: "'unsafe-inline'", kind: 'attribute' as const }] },
  };
}
