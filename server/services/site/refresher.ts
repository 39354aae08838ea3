import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db';
import {
  listingsOfProducts,
  markAllSiteChangesDone,
  markSiteChangesDone,
  markSiteChangesFailed,
  newestPendingSiteChange,
  pendingSiteChanges,
} from '../../repositories/site-changes';
import type { RefreshedPages } from '../../../integrations/site-renderer';
import { workerPool } from '../../shared/worker-pool';
import { putMenuInPages, type MenuSplice } from './menu-splice';
import { currentRenderer, currentSite, sitePaths } from '../../site-builder';
import { renderSearchShell, withPolicyMeta } from '../../site/static-folder';
import { mergeSiteChanges, parseSiteChange, type SiteChange } from './changes';

/** Changes rendered in one go at most (a bulk import's thousands wait for the next round). */
const BATCH = 500;
/**
 * Puts a new menu into every page on a worker thread (menu-splice.ts): the shop's own thread
 * renders the pages the change names meanwhile, and answers requests. One thread: one splice at a time.
 */
const spliceOffThread = workerPool<MenuSplice, number>({
  module: new URL('./menu-thread.ts', import.meta.url),
  size: 1,
  runHere: putMenuInPages,
});

/** What one refresh did. */
export interface RefreshOutcome {
  /** Changes rendered (site_changes rows marked done). */
  changes: number;
  pages: number;
  removed: number;
  /** Live pages given the new category menu in place (the pages rendered again carry it already). */
  menus: number;
  ms: number;
  /** Of `ms`: rendering the pages, and putting the new menu into every page (the two overlap). */
  renderMs: number;
  menuMs: number;
}

/** What the refresher needs of the shop: its database, data folder and public address. */
export interface RefreshContext {
  db: Db;
  dataDir: string;
  siteUrl: string;
}

/** The file of a page in a built site's static folder. */
export function pageFile(root: string, pagePath: string): string {
  const clean = pagePath.replace(/\/+$/, '');
  if (/\.[a-z]+$/.test(clean)) return path.join(root, clean);
  return path.join(root, clean, 'index.html');
}

/**
 * The pending changes: those a page refresh can render (merged), and whether any asks for a
 * whole build (a menu change), which is left pending for the build to mark done.
 */
export async function pendingChanges(
  db: Db,
): Promise<{ ids: number[]; change: SiteChange; wholeBuild: boolean } | null> {
  const rows = await pendingSiteChanges(db, BATCH);
  if (rows.length === 0) return null;
  const parsed = rows.map((r) => ({ id: r.id, change: parseSiteChange(r.change) }));
  const pages = parsed.filter((r) => !r.change.everything);
  return {
    ids: pages.map((r) => r.id),
    change: mergeSiteChanges(pages.map((r) => r.change)),
    wholeBuild: pages.length < parsed.length,
  };
}

/**
 * Renders again the pages the pending catalogue changes touch, with the live build's own
 * renderer (so they are what a build would write), and swaps them in: every page is rendered
 * into a staging folder first, so a failure leaves the live site as it was; then each file is
 * renamed over the live one (one rename each: a visitor gets the old page or the new, never a
 * part). `wholeBuild` says a pending change needs a whole build (a change to the menu, or a
 * build from before pages could be rendered again); the others are rendered all the same, so a
 * build to come never holds up a product's pages. Null when nothing is pending.
 */
export async function refreshPages(
  context: RefreshContext,
): Promise<{ wholeBuild: boolean; refreshed: RefreshOutcome | null } | null> {
  const started = performance.now();
  const pending = await pendingChanges(context.db);
  if (!pending) return null;
  const renderer = await currentRenderer(context.dataDir);
  const root = currentSite(context.dataDir);
  if (!renderer?.refreshPages || !root) return { wholeBuild: true, refreshed: null };
  if (pending.ids.length === 0) return { wholeBuild: pending.wholeBuild, refreshed: null };

  // A product hidden or moved leaves the listings it was in: they are named from the database
  // (which keeps hidden products' places), besides the ones it is in now.
  const listings = await listingsOfProducts(context.db, pending.change.products ?? []);
  const change = {
    ...pending.change,
    categories: [...new Set([...(pending.change.categories ?? []), ...listings.categories])],
    subcategories: [...new Set([...(pending.change.subcategories ?? []), ...listings.subcategories])],
  };
  const live = (pagePath: string) => {
    try {
      return fs.readFileSync(pageFile(root, pagePath), 'utf8');
    } catch {
      return null;
    }
  };
  // The new menu goes into every live page while the pages the change names render (their own
  // files, written after, carry it too). A failure leaves the menus it reached new, and the
  // change pending: the next try finds those done.
  // Held in an object: started from the renderer's callback, which TypeScript's narrowing cannot see.
  const menuJob: { splicing: Promise<{ pages: number; ms: number }> | null } = { splicing: null };
  const spliceFrom = (menu: string) => {
    const started = performance.now();
    menuJob.splicing ??= spliceOffThread({ root, menu }).then((pages) => ({ pages, ms: performance.now() - started }));
  };
  try {
    const rendering = performance.now();
    const result = await renderer.refreshPages(change, {
      siteUrl: context.siteUrl,
      liveFile: live,
      onMenu: spliceFrom,
    });
    // A build from before the menu could be rendered alone: only a whole build will do.
    if (change.menu && result.menu === undefined) return { wholeBuild: true, refreshed: null };
    // The static hosts' search page lists categories too (the server renders its own when asked).
    if (change.menu) result.pages.push(await renderSearchShell(renderer, context.siteUrl));
    const rendered = performance.now();
    if (result.menu !== undefined) spliceFrom(result.menu);
    const menus = (await menuJob.splicing) ?? { pages: 0, ms: 0 };
    swapIn(context.dataDir, root, result);
    await markSiteChangesDone(context.db, pending.ids, new Date().toISOString());
    return {
      wholeBuild: pending.wholeBuild,
      refreshed: {
        changes: pending.ids.length,
        pages: result.pages.length,
        removed: result.removed.length,
        menus: menus.pages,
        ms: performance.now() - started,
        renderMs: rendered - rendering,
        menuMs: menus.ms,
      },
    };
  } catch (error) {
    // No write of this try may land after the next one starts.
    await menuJob.splicing?.catch(() => undefined);
    await markSiteChangesFailed(context.db, pending.ids, error instanceof Error ? error.message : String(error));
    throw error;
  }
}

let staged = 0;

/** A folder beside the builds, on their disk, for files on their way into the live site. */
function stagingFolder(dataDir: string): string {
  return path.join(sitePaths(dataDir).root, `refresh-${process.pid}-${(staged += 1)}`);
}

/** Writes the pages into a staging folder beside the builds, then renames each over the live file. */
function swapIn(dataDir: string, root: string, result: RefreshedPages): void {
  const staging = stagingFolder(dataDir);
  fs.rmSync(staging, { recursive: true, force: true });
  try {
    const moves: [string, string][] = [];
    for (const page of result.pages) {
      const file = pageFile(staging, page.path);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const body = file.endsWith('.html') ? withPolicyMeta(page.body, page.policy) : page.body;
      fs.writeFileSync(file, body);
      moves.push([file, pageFile(root, page.path)]);
    }
    for (const [from, to] of moves) {
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.renameSync(from, to);
    }
    for (const pagePath of result.removed) {
      const file = pageFile(root, pagePath);
      fs.rmSync(file, { force: true });
      // The page's own folder goes with it when nothing else is in it.
      if (file.endsWith(`${path.sep}index.html`)) {
        try {
          fs.rmdirSync(path.dirname(file));
        } catch {
          // Not empty, or gone already.
        }
      }
    }
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** After a whole build that read the catalogue after change `upToId`: those changes are rendered. */
export async function changesBuilt(db: Db, upToId: number): Promise<void> {
  if (upToId > 0) await markAllSiteChangesDone(db, upToId, new Date().toISOString());
}

/** The newest pending change's id (0 when none): a build starting now renders everything up to it. */
export function newestPendingChange(db: Db): Promise<number> {
  return newestPendingSiteChange(db);
}
