import { createApp } from './app';
import {
  accountsOptions,
  boundPort,
  envOrExit,
  listen,
  mediaDir,
  outboxDir,
  paymentsOptions,
  prepareData,
  runMain,
} from './runtime';
import { buildSite, currentRenderer, currentSite, removeBuildLeftovers } from './site-builder';

/**
 * `npm start`: migrate and seed the data folder if needed, serve the API at once, build the
 * static site from it (and again on a schedule), and serve the pages, /api/ and /media/.
 */
async function main(): Promise<void> {
  const env = envOrExit();
  const log = (line: string) => console.log(`[shop] ${line}`);
  const db = await prepareData(env, log);
  // A build killed with the shop (kill -9, power loss) leaves folders nobody else removes.
  const leftovers = removeBuildLeftovers(env.dataDir);
  if (leftovers.length) log(`Removed ${leftovers.length} folder(s) left by an interrupted build`);
  if (!env.smtpUrl) log(`No SMTP_URL: e-mails are written to ${outboxDir(env)}`);
  if (!env.rateLimits) log('RATE_LIMITS=off: logins, sign-ups and password resets are not throttled');
  const payments = paymentsOptions(env);
  if (payments.provider.name === 'local') {
    log(
      'Test mode: payments go through the local test checkout and no money is taken (set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET for Razorpay)',
    );
  }
  const app = createApp({
    db,
    mediaDir: mediaDir(env),
    accounts: accountsOptions(env),
    payments,
    trustProxy: env.trustProxy,
    siteUrl: env.siteUrl,
    siteRoot: () => currentSite(env.dataDir),
    renderPage: async (request) => (await currentRenderer(env.dataDir))?.render(request) ?? null,
    log: env.logRequests ? log : undefined,
  });
  const server = await listen(app, env.port, env.host);
  const port = boundPort(server);
  // Stopping the shop stops a build in progress too, rather than leaving it running alone.
  const shutdown = new AbortController();
  const stop = () => {
    shutdown.abort();
    server.close();
    void db.destroy();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  const apiBase = `http://127.0.0.1:${port}/api/`;
  // Pages rendered on demand (search) read the catalogue from this process's own API.
  process.env.API_BASE = apiBase;

  let running: Promise<void> | null = null;
  let again = false;
  const rebuild = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
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
          console.error(`[shop] ${error instanceof Error ? error.message : String(error)}`);
        }
      } while (again);
      running = null;
    })();
    return running;
  };

  const url = `http://localhost:${port}`;
  if (currentSite(env.dataDir)) {
    log(`Shop open at ${url} (refreshing the catalogue pages in the background)`);
    void rebuild();
  } else {
    log(`Building the storefront from the catalogue; the API already answers at ${url}/api/`);
    await rebuild();
    if (currentSite(env.dataDir)) log(`Shop open at ${url}`);
  }
  if (env.rebuildIntervalMinutes > 0) {
    setInterval(() => void rebuild(), env.rebuildIntervalMinutes * 60_000).unref();
  }
}

runMain(main);
