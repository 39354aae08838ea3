import type { APIRoute } from 'astro';
import { catalogueIndex } from '../features/catalogue/build-data';

const STATIC_PAGES = [
  '/',
  '/aboutus',
  '/contactus',
  '/privacypolicy',
  '/return',
  '/products',
  '/productslisting',
  '/ordertracking',
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
    ...data.categories.map((c) => `/subcategories/${c.id}`),
    ...data.subcategories.map((s) => `/subcategoriesproducts/${s.id}`),
    ...data.products.map((p) => `/product-details/${p.id}`),
  ];
  const urls = paths.map((p) => `  <url><loc>${escapeXml(new URL(p, base).href)}</loc></url>`).join('\n');
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { 'content-type': 'application/xml; charset=utf-8' } });
};
