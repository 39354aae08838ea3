import { LIST_FILTERS } from '../../contract/browse';
import { PAGE_CSP, PERMISSIONS_POLICY } from '../http/security-headers';

/**
 * What a host needs besides the built files to serve the storefront: the addresses no file
 * answers (rewritten to a page that does), the cache rules and the security headers. One list,
 * written at the end of every build in the formats static hosts read: an nginx include
 * (`nginx-site.conf`), Netlify's and Cloudflare Pages' `_redirects` and `_headers`, and the
 * `serve.json` of vercel's `serve`. The shop's own server answers the same rewrites (app.ts).
 */

/** Where a rewrite applies: one exact address, or one more path segment below a prefix. */
export type RewriteSource =
  | { exact: string }
  | {
      prefix: string;
      /** `digits`: a plain decimal id (1–15 digits, no leading zero); `segment`: any one segment. */
      id: 'digits' | 'segment';
    };

export interface SiteRewrite {
  from: RewriteSource;
  /** The page (a folder with its index.html) that answers, with the address left as it was. */
  page: string;
  /**
   * The shop's server answers only for a product its database holds (anything else is the 404
   * page); a static host cannot ask, so it answers every id and the page says when none exists.
   */
  onlyKnownProduct?: boolean;
  /** Why the rule exists, written beside it in every generated file. */
  why: string;
}

/** The page a static host serves at /searchproductlist; the shop's server renders that address itself. */
export const SEARCH_FALLBACK_PAGE = '/fallback/search/';

export const SITE_REWRITES: readonly SiteRewrite[] = [
  {
    from: { prefix: '/trackorder/', id: 'segment' },
    page: '/trackorder/',
    why: 'Order ids are private: one page serves them all and reads the id from the address.',
  },
  {
    from: { prefix: '/product-details/', id: 'digits' },
    page: '/fallback/product/',
    onlyKnownProduct: true,
    why: 'A product added after the build: the fallback page reads it in the browser.',
  },
  {
    from: { exact: '/searchproductlist' },
    page: SEARCH_FALLBACK_PAGE,
    why: 'Search results: the page without results, whose island searches from the browser.',
  },
];

/** Hashed file names: a changed file gets a new name, so a year is safe. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Pages and unhashed files: a browser or CDN may keep them, but asks again before each use. */
export const REVALIDATE = 'public, max-age=0, must-revalidate';
/** The folder of Astro's hashed files. */
export const HASHED_PREFIX = '/_astro/';

/** Security headers of every answer (the shop's server sends the same: http/security-headers.ts). */
export const STATIC_SECURITY_HEADERS: readonly [string, string][] = [
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['X-Frame-Options', 'DENY'],
  // frame-ancestors cannot be set by the pages' meta tag; the rest of the policy is in each page.
  ['Content-Security-Policy', PAGE_CSP],
  ['Permissions-Policy', PERMISSIONS_POLICY],
];

const DIGITS = '[1-9][0-9]{0,14}';

/** The rewrite's test as a regular expression over a decoded path (an optional trailing slash). */
function sourcePattern(from: RewriteSource): string {
  if ('exact' in from) return `^${escapeRegExp(from.exact)}/?$`;
  return `^${escapeRegExp(from.prefix)}${from.id === 'digits' ? DIGITS : '[^/]+'}/?$`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const compiled = SITE_REWRITES.map((rewrite) => ({ rewrite, pattern: new RegExp(sourcePattern(rewrite.from)) }));

/** The rewrite that applies to `urlPath`, with the id it matched (null for an exact rule), or null. */
export function matchRewrite(urlPath: string): { rewrite: SiteRewrite; id: string | null } | null {
  for (const { rewrite, pattern } of compiled) {
    if (!pattern.test(urlPath)) continue;
    const id = 'prefix' in rewrite.from ? urlPath.slice(rewrite.from.prefix.length).replace(/\/$/, '') : null;
    return { rewrite, id };
  }
  return null;
}

/** The index file of a page folder: `/trackorder/` → `/trackorder/index.html`. */
function indexOf(page: string): string {
  return `${page.replace(/\/?$/, '/')}index.html`;
}

const quote = (value: string) => `"${value.replace(/(["\\])/g, '\\$1')}"`;

/** The address keys that narrow a category's or subcategory's list (contract/browse.ts). */
const NARROWING_KEYS = [
  ...LIST_FILTERS,
  'price',
  'price_min',
  'price_max',
  'rating',
  'discount',
  'instock',
  'sort',
  'page',
];
/** The lists' static pages, by path. */
const LIST_PAGE = `^/(subcategories|subcategoriesproducts)/${'[1-9][0-9]{0,8}'}/?$`;
/** The internal prefix under which nginx hands a narrowed list to the shop's server. */
const NARROWED_PREFIX = '/__narrowed';

/**
 * A `server { … }` include for nginx: `root` points at the build's `client/` folder, then this
 * file is included. Every location repeats the headers, since nginx drops a level's add_header
 * lines in any location that has its own. With `shopOrigin` (the shop's server, when the API is
 * on another origin), a category's or subcategory's address narrowed by a filter, a sort or a
 * page is handed to the shop's server, which draws that list; without it, the static page answers.
 */
export function nginxSite(shopOrigin?: string): string {
  const headers = (cache: string) =>
    [['Cache-Control', cache] as const, ...STATIC_SECURITY_HEADERS].map(
      ([name, value]) => `    add_header ${name} ${quote(value)} always;`,
    );
  const lines = [
    '# Generated by the shop build (server/site/static-host.ts); rebuilt with the site.',
    '# Use inside a server block:  root <build>/client;  include <build>/nginx-site.conf;',
    'index index.html;',
    'error_page 404 /404.html;',
    '',
    `location ${HASHED_PREFIX} {`,
    '    # The build keeps a .gz copy of each large asset beside it.',
    '    gzip_static on;',
    '    gzip_vary on;',
    ...headers(IMMUTABLE),
    '    try_files $uri =404;',
    '}',
  ];
  for (const rewrite of SITE_REWRITES) {
    const target = indexOf(rewrite.page);
    // A built page wins (a product built with the site); otherwise the rewrite's page answers.
    const files = 'prefix' in rewrite.from ? '$uri $uri/index.html ' : '';
    lines.push(
      '',
      `# ${rewrite.why}`,
      `location ~ ${quote(sourcePattern(rewrite.from))} {`,
      ...headers(REVALIDATE),
      `    try_files ${files}${target} =404;`,
      '}',
    );
  }
  if (shopOrigin) {
    lines.push(
      '',
      "# A category or subcategory narrowed by its address (?brand=…&sort=…): the shop's server draws that list.",
      `location ~ ${quote(LIST_PAGE)} {`,
      `    if ($args ~ ${quote(`(^|&)(${NARROWING_KEYS.join('|')})=`)}) {`,
      `        rewrite ^ ${NARROWED_PREFIX}$uri last;`,
      '    }',
      ...headers(REVALIDATE),
      '    try_files $uri $uri/index.html =404;',
      '}',
      '',
      `location ^~ ${NARROWED_PREFIX}/ {`,
      '    internal;',
      `    rewrite ^${NARROWED_PREFIX}(/.*)$ $1 break;`,
      `    proxy_pass ${new URL(shopOrigin).origin};`,
      '}',
    );
  }
  lines.push('', 'location / {', ...headers(REVALIDATE), '    try_files $uri $uri/index.html =404;', '}', '');
  return lines.join('\n');
}

/** Netlify's `/a/:id` placeholder, or the exact path; each also with a trailing slash. */
function placeholderSources(from: RewriteSource): string[] {
  const base = 'exact' in from ? from.exact : `${from.prefix}:id`;
  return [base, `${base}/`];
}

/**
 * `_redirects` for Netlify and Cloudflare Pages (status 200: the address stays, the page
 * answers). Netlify serves an existing file before a rule; Cloudflare Pages applies the rule
 * first, so there a built product page is answered by the fallback page too (it reads the
 * product in the browser).
 */
export function redirectsFile(): string {
  const lines = ['# Generated by the shop build (server/site/static-host.ts); rebuilt with the site.'];
  for (const rewrite of SITE_REWRITES) {
    lines.push(`# ${rewrite.why}`);
    for (const source of placeholderSources(rewrite.from)) lines.push(`${source} ${rewrite.page} 200`);
  }
  return `${lines.join('\n')}\n`;
}

/**
 * `_headers` for Netlify and Cloudflare Pages. Both join the values of a header that several
 * matching rules set, so Cache-Control is set for the hashed files only: everything else gets
 * both hosts' default, `public, max-age=0, must-revalidate` (REVALIDATE).
 */
export function headersFile(): string {
  const lines = [
    '# Generated by the shop build (server/site/static-host.ts); rebuilt with the site.',
    '/*',
    ...STATIC_SECURITY_HEADERS.map(([name, value]) => `  ${name}: ${value}`),
    `${HASHED_PREFIX}*`,
    `  Cache-Control: ${IMMUTABLE}`,
  ];
  return `${lines.join('\n')}\n`;
}

/**
 * `serve.json` for vercel's `serve` (serve-handler). It rewrites before looking for a file, so
 * a built product page is answered by the fallback page, as on Cloudflare Pages. Of several
 * matching header rules the last wins: the hashed files' rule comes after the general one.
 */
export function serveJson(): string {
  const toHeaders = (cache: string) =>
    [['Cache-Control', cache] as const, ...STATIC_SECURITY_HEADERS].map(([key, value]) => ({ key, value }));
  const config = {
    rewrites: SITE_REWRITES.flatMap((rewrite) =>
      placeholderSources(rewrite.from).map((source) => ({ source, destination: indexOf(rewrite.page) })),
    ),
    headers: [
      { source: '/**', headers: toHeaders(REVALIDATE) },
      { source: `${HASHED_PREFIX}**`, headers: toHeaders(IMMUTABLE) },
    ],
  };
  return `${JSON.stringify(config, null, 2)}\n`;
}

/** The files written for static hosts: names relative to the build folder, and their text. */
export function staticHostFiles(shopOrigin?: string): { file: string; text: string }[] {
  return [
    // Beside client/, not in it: the folder a host publishes need not carry nginx's settings.
    { file: 'nginx-site.conf', text: nginxSite(shopOrigin) },
    { file: 'client/_redirects', text: redirectsFile() },
    { file: 'client/_headers', text: headersFile() },
    { file: 'client/serve.json', text: serveJson() },
  ];
}
