import type { Db } from '../db';
import type { Env } from '../env';
import { pendingSiteChanges } from '../repositories/site-changes';
import { changesBuilt, newestPendingChange, refreshPages } from '../services/site/refresher';
import { buildSite, currentSite } from '../site-builder';
import { LOCAL_BUILD_LOCK, type BuildLock } from './build-lock';

/** What a cluster worker sends its primary after a catalogue change (the primary builds and refreshes). */
export const SITE_CHANGED_MESSAGE = 'gharbazaar:site-changed';

/** While no site is live and another process holds the build lock, how often to look again. */
const WAIT_FOR_SITE_MS = 10_000;
/**
 * Changes asked for within this of each other are rendered together (a form that saves a product
 * and then its stock, a few quick edits): one read of the catalogue for all of them.
 */
const REFRESH_BATCH_MS = 200;
/**
 * How often pending changes are looked for besides being told of them: changes made by a process
 * that cannot tell this one (another machine), and retries after a failed refresh.
 */
const REFRESH_POLL_MS = 5_000;
/** A refresh that failed this many times in a row gives way to a whole build. */
const REFRESH_ATTEMPTS = 3;

export interface SiteRebuildOptions {
  env: Env;
  /** The API the build reads the catalogue from (this process's, or the workers' shared port). */
  apiBase: string;
  /** Where the shop answers, for the log (http://localhost:PORT). */
  url: string;
  log: (line: string) => void;
  /** Who builds: one process at a time among those sharing it. */
  lock: BuildLock;
  /**
   * Who renders pages again after a change: one process at a time among those sharing it. Apart
   * from the build lock, so that a whole build (a minute at 10,000 products) never holds up a
   * product's pages; the one process by default.
   */
  refreshLock?: BuildLock;
  /** The shop's database, for the catalogue changes whose pages are rendered again (site_changes). */
  db?: Db;
}

export interface SiteRebuilds {
  /**
   * Builds at start (waiting for the build when no site is live yet), then every
   * REBUILD_INTERVAL_MINUTES; with SITE_BUILDS=off, never. Resolves once a site is live or has
   * been asked for.
   */
  start(): Promise<void>;
  /**
   * A catalogue change was committed (with its site_changes row): the pages it touches are
   * rendered again soon, together with any other change made meanwhile.
   */
  refresh(): void;
  /** Resolves once the builds and refreshes asked for so far are done. */
  settled(): Promise<void>;
  /** Stops a build in progress and the schedule; resolves once the build's process has ended. */
  stop(): Promise<void>;
}

/**
 * The static site's builds for one process: one at a time here (a rebuild asked for during a
 * build runs once after it), and one at a time among every process sharing `lock`. A process that
 * does not get the lock serves the last build; one that has none yet looks again every 10 s,
 * until the holder's build is live (a shared DATA_DIR) or the lock is free.
 */
export function siteRebuilds({
  env,
  apiBase,
  url,
  log,
  lock,
  db,
  refreshLock = LOCAL_BUILD_LOCK,
}: SiteRebuildOptions): SiteRebuilds {
  const shutdown = new AbortController();
  let building: Promise<void> | null = null;
  let refreshing: Promise<void> | null = null;
  let wantBuild = false;
  let wantRefresh = false;
  let failedRefreshes = 0;
  let refreshTimer: NodeJS.Timeout | null = null;
  const timers: NodeJS.Timeout[] = [];

  const buildOnce = async (): Promise<void> => {
    const taken = await lock.acquire();
    if (!taken.held) {
      log(`Not building the site: ${taken.reason}; serving the last build.`);
      return;
    }
    try {
      // Changes made before the build reads the catalogue are in it; later ones are refreshed after.
      const builtUpTo = db ? await newestPendingChange(db) : 0;
      const result = await buildSite({
        dataDir: env.dataDir,
        apiBase,
        siteUrl: env.siteUrl,
        workers: env.buildWorkers,
        log,
        signal: shutdown.signal,
      });
      log(`Built ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s`);
      if (db) await changesBuilt(db, builtUpTo);
      failedRefreshes = 0;
    } catch (error) {
      if (!shutdown.signal.aborted) console.error(`[shop] ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await taken.held.release();
    }
  };

  /** Renders the pages of the pending catalogue changes again, or asks for a build when only that will do. */
  const refreshOnce = async (): Promise<void> => {
    if (!db || !currentSite(env.dataDir)) return;
    // Looked at before the lock: most polls find nothing, and need not take it.
    if ((await pendingSiteChanges(db, 1)).length === 0) return;
    const taken = await refreshLock.acquire();
    if (!taken.held) return; // Another process refreshes; the next poll looks again.
    try {
      const outcome = await refreshPages({ db, dataDir: env.dataDir, siteUrl: env.siteUrl });
      // A build under way marks the menu changes it read as done; those after it ask for the next.
      if (outcome?.wholeBuild && !building) void rebuild();
      const done = outcome?.refreshed;
      if (done) {
        failedRefreshes = 0;
        log(
          `Pages refreshed: ${done.pages} rendered, ${done.removed} removed${done.menus > 0 ? `, ${done.menus} given the new menu (${(done.menuMs / 1000).toFixed(2)} s)` : ''}, for ${done.changes} change(s) in ${(done.ms / 1000).toFixed(2)} s`,
        );
      }
    } catch (error) {
      if (shutdown.signal.aborted) return;
      failedRefreshes += 1;
      // The live pages are as they were; the changes stay pending for the next poll, or a whole build.
      console.error(
        `[shop] Pages not refreshed (attempt ${failedRefreshes}): ${error instanceof Error ? error.message : String(error)}`,
      );
      if (failedRefreshes >= REFRESH_ATTEMPTS) void rebuild();
    } finally {
      await taken.held.release();
    }
  };

  /**
   * Whole builds, one at a time (one asked for during a build runs once after it). A build writes
   * a new folder and swaps it in at the end, so refreshes go on beside it: one that lands in the
   * old folder is drawn again in the new one, as its change is newer than what the build read.
   */
  const rebuild = (): Promise<void> => {
    wantBuild = true;
    if (shutdown.signal.aborted) return Promise.resolve();
    building ??= (async () => {
      try {
        while (wantBuild && !shutdown.signal.aborted) {
          wantBuild = false;
          await buildOnce();
          // Changes committed while it built are not in it.
          wantRefresh = true;
          void refreshNow();
        }
      } finally {
        building = null;
      }
    })();
    return building;
  };

  /** Refreshes, one at a time: one asked for during a refresh runs once after it. */
  const refreshNow = (): Promise<void> => {
    if (shutdown.signal.aborted) return Promise.resolve();
    refreshing ??= (async () => {
      try {
        while (wantRefresh && !shutdown.signal.aborted) {
          wantRefresh = false;
          await refreshOnce().catch((error: unknown) => {
            if (!shutdown.signal.aborted)
              console.error(`[shop] ${error instanceof Error ? error.message : String(error)}`);
          });
        }
      } finally {
        refreshing = null;
      }
    })();
    return refreshing;
  };

  const refresh = (): void => {
    if (!env.siteBuilds || !db || shutdown.signal.aborted || refreshTimer) return;
    refreshTimer = setTimeout(() => {
      refreshTimer = null;
      wantRefresh = true;
      void refreshNow();
    }, REFRESH_BATCH_MS);
    refreshTimer.unref();
  };

  return {
    async start() {
      if (!env.siteBuilds) {
        log(
          currentSite(env.dataDir)
            ? `Shop open at ${url}; SITE_BUILDS=off: the last build is served and never rebuilt here`
            : `API open at ${url}/api/; SITE_BUILDS=off: the pages are built and served elsewhere`,
        );
        return;
      }
      if (currentSite(env.dataDir)) {
        log(`Shop open at ${url} (refreshing the catalogue pages in the background)`);
        void rebuild();
      } else {
        log(`Building the storefront from the catalogue; the API already answers at ${url}/api/`);
        await rebuild();
        if (currentSite(env.dataDir)) log(`Shop open at ${url}`);
        else if (!shutdown.signal.aborted) {
          const look = setInterval(() => {
            if (currentSite(env.dataDir)) {
              clearInterval(look);
              log(`Shop open at ${url}`);
            } else if (!building) {
              void rebuild();
            }
          }, WAIT_FOR_SITE_MS);
          look.unref();
          timers.push(look);
        }
      }
      if (db) {
        const poll = setInterval(refresh, REFRESH_POLL_MS);
        poll.unref();
        timers.push(poll);
      }
      if (env.rebuildIntervalMinutes > 0) {
        const every = setInterval(() => void rebuild(), env.rebuildIntervalMinutes * 60_000);
        every.unref();
        timers.push(every);
      }
    },
    refresh,
    async settled() {
      while (refreshTimer || building || refreshing) {
        await Promise.all([building, refreshing, new Promise((resolve) => setTimeout(resolve, REFRESH_BATCH_MS))]);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      if (refreshTimer) clearTimeout(refreshTimer);
      shutdown.abort();
      await Promise.all([building, refreshing]);
    },
  };
}
