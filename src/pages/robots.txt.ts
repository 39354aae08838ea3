import type { APIRoute } from 'astro';

/** robots.txt: everything but the Load More fragments and personal pages, plus the sitemap. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL('/sitemap.xml', site ?? 'http://localhost:4321').href;
  const disallowed = [
    '/fragments/',
    '/fallback/',
    '/wishlist',
    '/profile',
    '/myorder',
    '/buynowaddress',
    '/buynowcartaddress',
  ];
  const body = ['User-agent: *', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
