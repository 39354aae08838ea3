import cluster, { type Worker } from 'node:cluster';
import type { Env } from './env';
import {
  connectSharedRedis,
  drawDemoPhoto,
  mediaDir,
  prepareData,
  sayWhatRuns,
  SHUTDOWN_GRACE_MS,
  StartupError,
} from './runtime';
import { encodeInBackground } from './services/images/encoder';
import { buildLockKey, LOCAL_BUILD_LOCK, redisBuildLock, refreshLockKey } from './shared/build-lock';
import { SITE_CHANGED_MESSAGE, siteRebuilds } from './shared/site-rebuilds';
import { removeBuildLeftovers } from './site-builder';

/** A worker that lived less than this before dying counts as a crash loop: the next restart waits longer. */
const QUICK_DEATH_MS = 30_000;
/** Longest wait before restarting a worker (it doubles from 1 s with each quick death). */
const MAX_RESTART_DELAY_MS = 30_000;
/** After the workers' grace period, how long the primary waits before killing one that has not exited. */
const KILL_AFTER_MS = SHUTDOWN_GRACE_MS + 3_000;

/**
 * The primary of WEB_CONCURRENCY=N: it migrates and seeds the data once, then starts N API
 * workers one after the other (the port is shared by node:cluster, which hands each new
 * connection to the next worker), restarts a worker that dies unexpectedly, and builds the site.
 *
 * The primary builds rather than a worker: it serves no request, so a build's bookkeeping never
 * delays an answer, and a worker restarted after a crash never cuts a build short. Builds read
 * the catalogue through the shared port, from whichever worker answers.
 */
export async function runPrimary(env: Env): Promise<void> {
  const log = (line: string) => console.log(`[shop] ${line}`);
  const redis = await connectSharedRedis(env, log);
  // Migrated and seeded here, once, before any worker opens the database; kept open for the
  // catalogue changes whose pages the primary renders again.
  const db = await prepareData(env, log);
  const leftovers = removeBuildLeftovers(env.dataDir);
  if (leftovers.length) log(`Removed ${leftovers.length} folder(s) left by an interrupted build`);
  sayWhatRuns(env, log);

  let stopping = false;
  let quickDeaths = 0;
  const bornAt = new Map<Worker, number>();

  const fork = (): Worker => {
    const worker = cluster.fork();
    bornAt.set(worker, Date.now());
    return worker;
  };

  /** Starts one worker; resolves once it listens, rejects when it exits before (it said why). */
  let port = env.port;
  const startWorker = (): Promise<Worker> =>
    new Promise((resolve, reject) => {
      const worker = fork();
      const onListening = (address: { port: number }) => {
        worker.off('exit', onExit);
        // PORT=0: the port the system chose, shared by every worker.
        port = address.port;
        resolve(worker);
      };
      const onExit = (code: number | null) => {
        worker.off('listening', onListening);
        reject(new StartupError(`An API worker could not start (exit ${code ?? 'by signal'}); see the line above.`));
      };
      worker.once('listening', onListening);
      worker.once('exit', onExit);
    });

  try {
    for (let i = 0; i < env.webConcurrency; i += 1) {
      const worker = await startWorker();
      log(`Worker ${i + 1} of ${env.webConcurrency} (pid ${worker.process.pid}) is serving on port ${port}`);
    }
  } catch (error) {
    if (!(error instanceof StartupError)) throw error;
    // The worker printed its own one line (a port in use, a bad DATA_DIR): the primary adds none.
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    await redis?.close();
    process.exit(1);
  }

  cluster.on('exit', (worker, code, signal) => {
    const born = bornAt.get(worker) ?? 0;
    bornAt.delete(worker);
    if (stopping) return;
    quickDeaths = Date.now() - born < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** Math.max(0, quickDeaths - 1));
    log(
      `Worker pid ${worker.process.pid} died (${signal ?? `exit ${code}`}); starting another in ${(delay / 1000).toFixed(0)} s`,
    );
    setTimeout(() => {
      if (stopping) return;
      const next = fork();
      next.once('listening', () => log(`Worker pid ${next.process.pid} is serving on port ${port}`));
    }, delay).unref();
  });

  // The primary draws and encodes the pictures still waiting, as it builds the site.
  const pictures = env.backgroundEncoding ? encodeInBackground(db, mediaDir(env), log, drawDemoPhoto) : null;
  // Pages rendered again here after a staff change read the catalogue through the shared port.
  process.env.API_BASE = `http://127.0.0.1:${port}/api/`;
  const builds = siteRebuilds({
    env,
    apiBase: `http://127.0.0.1:${port}/api/`,
    url: `http://localhost:${port}`,
    log,
    lock: redis ? redisBuildLock(redis.client, buildLockKey(redis.prefix)) : LOCAL_BUILD_LOCK,
    refreshLock: redis ? redisBuildLock(redis.client, refreshLockKey(redis.prefix)) : LOCAL_BUILD_LOCK,
    db,
  });
  cluster.on('message', (_worker, message) => {
    if (message === SITE_CHANGED_MESSAGE) builds.refresh();
  });

  // SIGTERM or SIGINT: each worker finishes its requests under way and exits; a build stops.
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log(`Stopping ${Object.keys(cluster.workers ?? {}).length} worker(s)`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    const exited = workers.map(
      (worker) =>
        new Promise<void>((resolve) => {
          if (worker.isDead()) return resolve();
          const kill = setTimeout(() => worker.process.kill('SIGKILL'), KILL_AFTER_MS);
          worker.once('exit', () => {
            clearTimeout(kill);
            resolve();
          });
          worker.process.kill('SIGTERM');
        }),
    );
    await Promise.all([builds.stop(), pictures?.stop(), ...exited]);
    await db.destroy();
    await redis?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());

  await builds.start();
}
