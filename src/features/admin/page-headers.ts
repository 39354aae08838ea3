/**
 * Headers of every /admin page, set by the page as it is rendered: never kept by a browser or a
 * shared cache (the pages are the same for everyone, but what they lead to is not for caches), and
 * never indexed.
 */
export function setAdminPageHeaders(headers: Headers): void {
  headers.set('cache-control', 'no-store');
  headers.set('x-robots-tag', 'noindex, nofollow');
}
