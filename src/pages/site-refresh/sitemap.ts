import type { APIRoute } from 'astro';
import { refreshJob } from '../../features/catalogue/refresh-job';
import { GET as sitemap } from '../sitemap.xml';

export const prerender = false;

/** Renders the sitemap again after a staff change (see refresh-job.ts); not an address anyone can ask for. */
export const GET: APIRoute = (context) => {
  if (!refreshJob(context.locals, 'sitemap')) return new Response(null, { status: 404 });
  return sitemap(context);
};
