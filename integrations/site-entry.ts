import { createApp } from 'astro/app/entrypoint';
import { catalogueIndex, forgetCatalogue } from '../src/features/catalogue/build-data';
import { REFRESH_ROUTES } from '../src/features/catalogue/refresh-job';
import { planRefresh, type SitePageJob } from '../src/features/catalogue/refresh-plan';
import * as routes from '../src/lib/routes';
import { categoryMenuRange, type RefreshedPage, type SiteRenderer } from './site-renderer';

/**
 * The server module of the built site (see shop-server.ts): Astro bundles it with the on-demand
 * pages into `server/entry.mjs` of each build, and the shop imports its two functions.
 */
const app = createApp();

export const render: SiteRenderer['render'] = async (request) => {
  const route = app.match(request);
  // The refresh page is the server's own tool, never an address anyone can ask for.
  if (!route || route.route.startsWith(REFRESH_ROUTES)) return null;
  return app.render(request, { routeData: route });
};

/** Renders one page of a refresh job at the page's own address (so it names itself as the build does). */
async function renderJob(job: SitePageJob, siteUrl: string): Promise<RefreshedPage> {
  const routeData = app.match(new Request(new URL(`${REFRESH_ROUTES}${job.kind}`, siteUrl)));
  if (!routeData) throw new Error(`This build cannot render ${job.kind} pages again.`);
  const response = await app.render(new Request(new URL(job.path, siteUrl)), {
    routeData,
    locals: { sitePage: job },
  });
  if (response.status !== 200) throw new Error(`${job.path} could not be rendered again (${response.status}).`);
  return { path: job.path, body: await response.text(), policy: response.headers.get('content-security-policy') };
}

export const refreshPages: NonNullable<SiteRenderer['refreshPages']> = async (
  change,
  { siteUrl, liveFile, onMenu },
) => {
  forgetCatalogue();
  const data = await catalogueIndex();
  const plan = planRefresh(change, data, (grid) => {
    const html = liveFile(routes.gridFragment(grid.kind, grid.id, 1));
    const total = html === null ? null : /data-total="(\d+)"/.exec(html)?.[1];
    return total === undefined || total === null ? null : Number(total);
  });
  // The menu first: the shop puts it into every page while the others render.
  let menu: string | undefined;
  if (change.menu) {
    const { categories, subcategories } = data;
    const rendered = await renderJob(
      { kind: 'menu', path: routes.home, props: { categories, subcategories } },
      siteUrl,
    );
    const range = categoryMenuRange(rendered.body);
    if (!range) throw new Error('The category menu rendered without its <nav>.');
    menu = rendered.body.slice(...range);
    onMenu?.(menu);
  }
  const pages: RefreshedPage[] = [];
  for (const job of plan.jobs) pages.push(await renderJob(job, siteUrl));
  return { pages, removed: plan.removed, ...(menu === undefined ? {} : { menu }) };
};
