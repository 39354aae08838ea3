import type { APIRoute } from 'astro';
import * as routes from '../lib/routes';

/** robots.txt: everything but the Load More fragments and personal pages, plus the sitemap. */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL(routes.sitemap, site ?? 'http://localhost:4321').href;
  const disallowed = [
    routes.fragments,
    routes.fallback,
    routes.wishlist,
    routes.profile,
    routes.myOrders,
    routes.buyNowCheckout,
    routes.cartCheckout,
  ];
  const body = ['User-agent: *', ...disallowed.map((p) => `Disallow: ${p}`), '', `Sitemap: ${sitemap}`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
};
