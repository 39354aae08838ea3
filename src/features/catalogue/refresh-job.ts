import type { SitePageJob } from './refresh-plan';

/** The address under which each kind of page is rendered again (src/pages/site-refresh/). */
export const REFRESH_ROUTES = '/site-refresh/';

/**
 * The job the shop's server handed a site-refresh page in `Astro.locals` (integrations/
 * site-entry.ts), when it is of `kind`; undefined for anyone asking for the address. One page per
 * kind rather than one for all: each inlines only its own page's styles, as the build does.
 */
export function refreshJob<K extends SitePageJob['kind']>(
  locals: object,
  kind: K,
): Extract<SitePageJob, { kind: K }> | undefined {
  const job = (locals as { sitePage?: SitePageJob }).sitePage;
  return job?.kind === kind ? (job as Extract<SitePageJob, { kind: K }>) : undefined;
}
