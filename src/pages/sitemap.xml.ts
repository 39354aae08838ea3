import type { APIRoute } from 'astro';
import { allProductIds, catalogueIndex } from '../features/catalogue/build-data';
import * as routes from '../lib/routes';

const STATIC_PAGES = [
  routes.home,
  routes.about,
  routes.contact,
  routes.privacy,
  routes.returns,
  routes.products,
  routes.allProducts,
  routes.orderTrackingHelp,
];

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** sitemap.xml: the static pages, every category, subcategory and product page. */
export const GET: APIRoute = async ({ site }) => {
  const base = site ?? new URL('http://localhost:4321');
  const data = await catalogueIndex();
  const paths = [
    ...STATIC_PAGES,
    ...data.categories.map((c) => routes.category(c.id)),
    ...data.subcategories.map((s) => routes.subcategory(s.id)),
    ...(await allProductIds(data)).map((id) => routes.product(id)),
  ];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(new URL(p, base).href)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
