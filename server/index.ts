import cluster from 'node:cluster';
import { createApp } from './app';
import { runPrimary } from './cluster';
import type { Env } from './env';
import {
  accountsOptions,
  boundPort,
  closeServer,
  connectSharedRedis,
  deliveryOptions,
  drawDemoPhoto,
  envOrExit,
  listen,
  mediaDir,
  orderingOptions,
  paymentsOptions,
  prepareData,
  runMain,
  sayWhatRuns,
  SHUTDOWN_GRACE_MS,
} from './runtime';
import type { DeliveryOptions } from './services/delivery/serviceability';
import { createInvoices } from './services/invoices/issuing';
import { createOrderNotifier } from './services/orders/notifications';
import { createOrdering } from './services/orders/ordering';
import { createRefunds } from './services/orders/refunds';
import { startOrderSweeper } from './services/orders/sweeper';
import { createStaffAlerts } from './services/staff/order-alerts';
import { backgroundSettled } from './services/background';
import { encodeInBackground } from './services/images/encoder';
import { redisStore } from './services/rate-limit';
import { buildLockKey, LOCAL_BUILD_LOCK, redisBuildLock, refreshLockKey, type BuildLock } from './shared/build-lock';
import { SITE_CHANGED_MESSAGE, siteRebuilds, type SiteRebuilds } from './shared/site-rebuilds';
import { currentBuildTime, currentRenderer, currentSite, removeBuildLeftovers } from './site-builder';

/**
 * `npm start`: migrate and seed the data folder if needed, serve the API at once, build the
 * static site from it (and again on a schedule), and serve the pages, /api/ and /media/.
 * WEB_CONCURRENCY=N > 1: the primary process prepares the data, runs N API workers sharing the
 * port (server/cluster.ts) and builds the site; each worker serves.
 */
async function main(): Promise<void> {
  const env = envOrExit();
  // A zone file that cannot be used stops start-up here, before any database, worker or build.
  const delivery = deliveryOptions(env);
  if (env.webConcurrency > 1 && cluster.isPrimary) return runPrimary(env);
  return serve(env, cluster.isWorker, delivery);
}

/**
 * One API process. Alone (`worker` false) it also builds the site and says what runs; as a
 * cluster worker it serves only, and its log lines carry its pid.
 */
async function serve(env: Env, worker: boolean, delivery: DeliveryOptions): Promise<void> {
  const prefix = worker ? `[shop ${process.pid}]` : '[shop]';
  const log = (line: string) => console.log(`${prefix} ${line}`);
  const redis = await connectSharedRedis(env, log);
  const db = await prepareData(env, log);
  if (!worker) {
    // A build killed with the shop (kill -9, power loss) leaves folders nobody else removes.
    const leftovers = removeBuildLeftovers(env.dataDir);
    if (leftovers.length) log(`Removed ${leftovers.length} folder(s) left by an interrupted build`);
    sayWhatRuns(env, log);
  }
  const payments = paymentsOptions(env);
  const accounts = {
    ...accountsOptions(env),
    throttleStore: redis ? redisStore(redis.client, redis.prefix) : undefined,
  };
  const notifier = createOrderNotifier(db, accounts.mailer, Date.now, {
    siteUrl: env.siteUrl,
    delivery,
    invoices: createInvoices(db, env.seller),
    log,
  });
  let builds: SiteRebuilds | null = null;
  const app = createApp({
    db,
    mediaDir: mediaDir(env),
    // A picture asked for before the background encoder reached it is made then (never a broken image).
    renderRecipe: env.pictureEncoding ? drawDemoPhoto : undefined,
    accounts,
    payments,
    notifier,
    seller: env.seller,
    orders: orderingOptions(env),
    delivery,
    trustProxy: env.trustProxy,
    siteUrl: env.siteUrl,
    storefrontOrigin: env.storefrontOrigin,
    siteRoot: () => currentSite(env.dataDir),
    renderPage: async (request) => (await currentRenderer(env.dataDir))?.render(request) ?? null,
    log: env.logRequests ? log : undefined,
    redis,
    builtAt: () => currentBuildTime(env.dataDir),
    // A staff change's pages are rendered again by whoever builds: this process, or the primary
    // of WEB_CONCURRENCY=N (told over the cluster's channel; it also polls for them).
    siteChanged: () => {
      if (worker) process.send?.(SITE_CHANGED_MESSAGE);
      else builds?.refresh();
    },
  });
  const server = await listen(app, env.port, env.host);
  const refunds = createRefunds(db, payments.provider, Date.now);
  const stopSweeper = startOrderSweeper(
    {
      ordering: createOrdering(db, { provider: payments.provider, refunds }, Date.now, orderingOptions(env)),
      refunds,
      notifier,
      alerts: createStaffAlerts(db, accounts.mailer, Date.now, { siteUrl: env.siteUrl, log }),
    },
    log,
  );
  // The process that builds also draws and encodes the pictures still waiting (a new demo seed,
  // a pipeline upgrade), beside the first build: pages name pictures by address, not by file.
  const pictures = !worker && env.backgroundEncoding ? encodeInBackground(db, mediaDir(env), log, drawDemoPhoto) : null;
  const port = boundPort(server);
  const apiBase = `http://127.0.0.1:${port}/api/`;
  // Pages rendered on demand (search) read the catalogue from this process's own API.
  process.env.API_BASE = apiBase;

  let stopping = false;
  // SIGTERM or SIGINT: stop accepting, finish the requests under way (10 s at most), stop a
  // build in progress, close the database and Redis, exit 0.
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    log(`Stopping: finishing the requests under way (${SHUTDOWN_GRACE_MS / 1000} s at most)`);
    // Whatever hangs (a database that does not close), the process ends.
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS + 5000).unref();
    const stopBuilds = builds?.stop();
    const stopPictures = pictures?.stop();
    await closeServer(server, SHUTDOWN_GRACE_MS);
    await stopBuilds;
    await stopPictures;
    await stopSweeper();
    // A Contact Us e-mail a finished request started writes its mailed_at when sent.
    await backgroundSettled();
    await db.destroy();
    await redis?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  // A worker whose primary is gone has nobody to restart or stop it: it stops by itself.
  if (worker) process.on('disconnect', () => void stop());

  if (worker) {
    log(`Serving on port ${port}`);
    return;
  }
  const lock: BuildLock = redis ? redisBuildLock(redis.client, buildLockKey(redis.prefix)) : LOCAL_BUILD_LOCK;
  const refreshLock = redis ? redisBuildLock(redis.client, refreshLockKey(redis.prefix)) : LOCAL_BUILD_LOCK;
  builds = siteRebuilds({ env, apiBase, url: `http://localhost:${port}`, log, lock, db, refreshLock });
  await builds.start();
}

runMain(main);
