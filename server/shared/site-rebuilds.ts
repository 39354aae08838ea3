import type { Env } from '../env';
import { buildSite, currentSite } from '../site-builder';
import type { BuildLock } from './build-lock';

/** While no site is live and another process holds the build lock, how often to look again. */
const WAIT_FOR_SITE_MS = 10_000;

export interface SiteRebuildOptions {
  env: Env;
  /** The API the build reads the catalogue from (this process's, or the workers' shared port). */
  apiBase: string;
  /** Where the shop answers, for the log (http://localhost:PORT). */
  url: string;
  log: (line: string) => void;
  /** Who builds: one process at a time among those sharing it. */
  lock: BuildLock;
}

export interface SiteRebuilds {
  /**
   * Builds at start (waiting for the build when no site is live yet), then every
   * REBUILD_INTERVAL_MINUTES; with SITE_BUILDS=off, never. Resolves once a site is live or has
   * been asked for.
   */
  start(): Promise<void>;
  /** Stops a build in progress and the schedule; resolves once the build's process has ended. */
  stop(): Promise<void>;
}

/**
 * The static site's builds for one process: one at a time here (a rebuild asked for during a
 * build runs once after it), and one at a time among every process sharing `lock`. A process that
 * does not get the lock serves the last build; one that has none yet looks again every 10 s,
 * until the holder's build is live (a shared DATA_DIR) or the lock is free.
 */
export function siteRebuilds({ env, apiBase, url, log, lock }: SiteRebuildOptions): SiteRebuilds {
  const shutdown = new AbortController();
  let running: Promise<void> | null = null;
  let again = false;
  const timers: NodeJS.Timeout[] = [];

  const buildOnce = async (): Promise<void> => {
    const taken = await lock.acquire();
    if (!taken.held) {
      log(`Not building the site: ${taken.reason}; serving the last build.`);
      return;
    }
    try {
      const result = await buildSite({
        dataDir: env.dataDir,
        apiBase,
        siteUrl: env.siteUrl,
        workers: env.buildWorkers,
        log,
        signal: shutdown.signal,
      });
      log(`Built ${result.pages} pages in ${(result.ms / 1000).toFixed(1)} s`);
    } catch (error) {
      if (!shutdown.signal.aborted) console.error(`[shop] ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await taken.held.release();
    }
  };

  const rebuild = (): Promise<void> => {
    if (shutdown.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await buildOnce();
      } while (again && !shutdown.signal.aborted);
      running = null;
    })();
    return running;
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
            } else if (!running) {
              void rebuild();
            }
          }, WAIT_FOR_SITE_MS);
          look.unref();
          timers.push(look);
        }
      }
      if (env.rebuildIntervalMinutes > 0) {
        const every = setInterval(() => void rebuild(), env.rebuildIntervalMinutes * 60_000);
        every.unref();
        timers.push(every);
      }
    },
    async stop() {
      for (const timer of timers) clearInterval(timer);
      shutdown.abort();
      await running;
    },
  };
}
