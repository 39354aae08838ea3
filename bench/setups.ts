import { Redis } from 'ioredis';
import pg from 'pg';
import { quoteIdentifier, redactUrl } from '../server/db/postgres';
import { redisAddress } from '../server/shared/redis';
import {
  benchCartWriteRow,
  benchRead,
  MAIN_CATALOGUE_READ,
  MAIN_LOADS,
  prepareCartLoad,
  type ApiResult,
  type ApiSetup,
  type CartLoad,
} from './api';
import { fmt, info, judged, median, type Cell, type Table } from './report';
import { startShop, type RunningShop } from './shop';

/** The admin connection that creates and drops the bench's database (BENCH_DATABASE_URL). */
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis the two-process shops share their throttles and caches through (BENCH_REDIS_URL). */
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** Dropped before each PostgreSQL shop starts (a run that was interrupted leaves it) and after it stops. */
const BENCH_DATABASE = 'gharbazaar_bench';
/** How long PostgreSQL or Redis may take to answer before its rows say it did not. */
const CONNECT_TIMEOUT_MS = 3000;

/** A way of running the shop; `sqlite-1` is the main bench shop, the one the others are compared with. */
interface Setup {
  name: ApiSetup;
  label: string;
  postgres: boolean;
  processes: number;
}

const SETUPS: readonly Setup[] = [
  { name: 'sqlite-1', label: 'SQLite, 1 process', postgres: false, processes: 1 },
  { name: 'postgres-1', label: 'PostgreSQL, 1 process', postgres: true, processes: 1 },
  { name: 'postgres-2', label: 'PostgreSQL, 2 processes', postgres: true, processes: 2 },
  { name: 'sqlite-2', label: 'SQLite, 2 processes', postgres: false, processes: 2 },
];

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The admin connection, or why PostgreSQL cannot be used. */
async function connectAdmin(): Promise<pg.Client | string> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => undefined);
    return `PostgreSQL at ${redactUrl(ADMIN_URL)} did not answer (${message(error)})`;
  }
}

/** The database of a PostgreSQL set-up (each its own: the set-ups run side by side). */
function benchDatabase(setup: ApiSetup): string {
  return `${BENCH_DATABASE}_${setup.replace('-', '_')}`;
}

/** That database's address on the admin connection's server. */
function benchDatabaseUrl(setup: ApiSetup): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${benchDatabase(setup)}`;
  return url.toString();
}

/** Drops a set-up's database, closing any connection a stopped shop left behind. */
async function dropBenchDatabase(admin: pg.Client, setup: ApiSetup): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(benchDatabase(setup))} WITH (FORCE)`);
}

/** A connection to Redis that answered PING, or why Redis cannot be used. */
async function connectRedis(): Promise<Redis | string> {
  const client = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: CONNECT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The connection's own error says why (connect() itself only says "Connection is closed.").
  let lastError = '';
  client.on('error', (error: Error) => {
    lastError = error.message;
  });
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.disconnect();
    return `Redis at ${redisAddress(REDIS_URL)} did not answer (${lastError || message(error)})`;
  }
}

/** Deletes every key the bench's shops wrote under `prefix`. */
async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}

type MainLoad = (typeof MAIN_LOADS)[number];

function notMeasured(setup: ApiSetup, load: MainLoad, reason: string): ApiResult {
  return { ...load, setup, available: false, reason: `not measured: ${reason}` };
}

/** The shop as `setup` says, on a fresh data folder (and a fresh database on PostgreSQL). */
async function startSetupShop(
  setup: Setup,
  admin: pg.Client | null,
  redisPrefix: string,
  log: (line: string) => void,
): Promise<RunningShop> {
  // No pages, so no pictures: the background encoder would only compete with the load.
  const env: Record<string, string> = {
    SITE_BUILDS: 'off',
    PICTURE_ENCODING: 'off',
    WEB_CONCURRENCY: String(setup.processes),
  };
  if (admin) {
    await dropBenchDatabase(admin, setup.name);
    // The shop creates the database on its first start.
    env.DATABASE_URL = benchDatabaseUrl(setup.name);
  }
  if (setup.processes > 1) Object.assign(env, { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix });
  log(`${setup.label}: starting the shop (migrate, seed, no site)`);
  return startShop(log, { name: `shop-${setup.name}`, env });
}

/** One set-up in the comparison: its shop once started, this round's cart shoppers, its figures per round. */
interface Contender {
  setup: Setup;
  shop?: RunningShop;
  cart?: CartLoad;
  /** Why its cart writes cannot be loaded (the cart API does not answer as it should). */
  cartMissing?: string;
  /** Why it has no figures (or no more): PostgreSQL or Redis away, its shop failed, no cart API. */
  reason?: string;
  rounds: Record<MainLoad['kind'], ApiResult[]>;
}

/** A set-up's rounds of one load as one row: the median of each figure, the counts summed. */
function combine(setup: ApiSetup, rounds: ApiResult[]): ApiResult {
  const [first] = rounds;
  if (!first) throw new Error('No rounds to combine');
  const middle = (figure: (r: ApiResult) => number | undefined) => {
    const values = rounds.map(figure).filter((v): v is number => v !== undefined);
    return values.length ? median(values) : undefined;
  };
  const statusCodes: Record<string, number> = {};
  for (const r of rounds) {
    for (const [code, count] of Object.entries(r.statusCodes ?? {}))
      statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  return {
    ...first,
    setup,
    rounds: rounds.length,
    requestsPerSecond: middle((r) => r.requestsPerSecond),
    p50Ms: middle((r) => r.p50Ms),
    p99Ms: middle((r) => r.p99Ms),
    serverCpuPercent: middle((r) => r.serverCpuPercent),
    databaseCpuPercent: middle((r) => r.databaseCpuPercent),
    bytesPerAnswer: middle((r) => r.bytesPerAnswer),
    non2xx: rounds.reduce((sum, r) => sum + (r.non2xx ?? 0), 0),
    errors: rounds.reduce((sum, r) => sum + (r.errors ?? 0), 0),
    statusCodes,
  };
}

/** `list` starting at its `n`th item: each round loads the set-ups in another order. */
function rotated<T>(list: T[], n: number): T[] {
  const start = list.length ? n % list.length : 0;
  return [...list.slice(start), ...list.slice(0, start)];
}

/**
 * The main catalogue read and the cart writes on the main shop (SQLite, one process) and on
 * PostgreSQL with one and two processes and SQLite with two, all running side by side: each
 * round puts one load on every shop in turn before the next load, so a machine that gets busier
 * during the run weighs on every set-up alike. A set-up whose PostgreSQL or Redis does not
 * answer is not measured and says why; one whose shop fails is not measured either, and its
 * failure is returned so the bench reports it.
 */
export async function benchSetups(
  main: RunningShop,
  rounds: number,
  log: (line: string) => void,
): Promise<{ results: ApiResult[]; failures: string[] }> {
  const failures: string[] = [];
  const admin = await connectAdmin();
  const redis = await connectRedis();
  const redisPrefix = `gharbazaar-bench-${process.pid}-${Date.now().toString(36)}:`;
  const contenders: Contender[] = SETUPS.map((setup) => ({ setup, rounds: { catalogue: [], 'cart-write': [] } }));
  const fail = (contender: Contender, error: unknown) => {
    failures.push(
      `${contender.setup.label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    contender.reason = `the shop failed (${message(error).split('\n')[0]})`;
  };
  const live = () => contenders.filter((c) => c.shop && !c.reason);
  const prepareCart = async (contender: Contender) => {
    const cart = await prepareCartLoad(contender.shop?.origin ?? '').catch((error: unknown) => {
      fail(contender, error);
      return null;
    });
    contender.cart = cart && !('missing' in cart) ? cart : undefined;
    if (cart && 'missing' in cart) {
      log(`${contender.setup.label}: cart ${cart.missing}`);
      contender.cartMissing = cart.missing;
    }
  };
  try {
    for (const contender of contenders) {
      const { setup } = contender;
      if (setup.name === 'sqlite-1') {
        contender.shop = main;
        continue;
      }
      const missing =
        (setup.postgres && typeof admin === 'string' ? admin : null) ??
        (setup.processes > 1 && typeof redis === 'string' ? redis : null);
      if (missing) {
        log(`${setup.label}: not measured: ${missing}`);
        contender.reason = missing;
        continue;
      }
      try {
        contender.shop = await startSetupShop(setup, setup.postgres ? (admin as pg.Client) : null, redisPrefix, log);
      } catch (error) {
        fail(contender, error);
      }
    }
    for (let round = 0; round < rounds; round += 1) {
      log(`Round ${round + 1} of ${rounds}`);
      for (const load of MAIN_LOADS) {
        // Fresh shoppers for each round's cart writes: a round that stops between an add and its
        // delete leaves a line the next round's add would find ("already in your cart").
        if (load.kind === 'cart-write') for (const contender of live()) await prepareCart(contender);
        for (const contender of rotated(live(), round)) {
          const { shop, cart, setup } = contender;
          if (!shop || (load.kind === 'cart-write' && !cart)) continue;
          const labelled = (line: string) => log(`${setup.label}: ${line.trim()}`);
          const watched = { pid: shop.pid, database: setup.postgres ? benchDatabase(setup.name) : undefined };
          try {
            contender.rounds[load.kind].push(
              load.kind === 'catalogue'
                ? await benchRead(shop.origin, watched, MAIN_CATALOGUE_READ, labelled)
                : await benchCartWriteRow(shop.origin, watched, cart as CartLoad, labelled),
            );
            shop.assertRunning();
          } catch (error) {
            fail(contender, error);
          }
        }
      }
    }
  } finally {
    for (const contender of contenders) {
      if (!contender.shop || contender.shop === main) continue;
      await contender.shop
        .stop()
        .catch((error: unknown) => failures.push(`${contender.setup.label}: ${message(error)}`));
    }
    if (typeof admin !== 'string') {
      for (const { setup } of contenders) if (setup.postgres) await dropBenchDatabase(admin, setup.name);
      await admin.end().catch(() => undefined);
    }
    if (typeof redis !== 'string') {
      await deleteKeys(redis, redisPrefix).catch(() => undefined);
      redis.disconnect();
    }
  }
  const results = contenders.flatMap(({ setup, reason, cartMissing, rounds: measured }) =>
    MAIN_LOADS.map((load) => {
      const done = measured[load.kind];
      if (reason || !done.length) return notMeasured(setup.name, load, reason ?? cartMissing ?? 'no round finished');
      return combine(setup.name, done);
    }),
  );
  return { results, failures };
}

const percent = (value: number | undefined): Cell => info(value === undefined ? '–' : `${fmt(value)} %`);

const ratio = (value: number | undefined, reference: number | undefined): Cell =>
  info(value === undefined || !reference ? '–' : `${fmt(value / reference, 2)}×`);

/**
 * A row per load and way of running the shop, each with its ratio to SQLite with one process
 * under the same load. Null when the results have no set-up rows.
 */
export function setupsTable(results: ApiResult[]): Table | null {
  if (!results.some((r) => r.setup !== undefined)) return null;
  const rows: Cell[][] = [];
  const notes: string[] = [];
  let rounds = 0;
  for (const load of MAIN_LOADS) {
    const find = (setup: ApiSetup) => results.find((r) => r.setup === setup && r.name === load.name);
    const reference = find('sqlite-1');
    const loadName = load.kind === 'catalogue' ? 'Catalogue read' : 'Cart writes';
    for (const { name, label } of SETUPS) {
      const r = find(name);
      const head = [info(loadName), info(label)];
      if (!r?.available) {
        rows.push([...head, info(r?.reason ?? 'not measured in this run'), ...Array<Cell>(7).fill(info('–'))]);
        continue;
      }
      rounds = Math.max(rounds, r.rounds ?? 1);
      const failed = (r.non2xx ?? 0) + (r.errors ?? 0);
      if (failed > 0)
        notes.push(
          `${label}, ${loadName}: status codes ${JSON.stringify(r.statusCodes)}, ${r.errors} connection errors.`,
        );
      rows.push([
        ...head,
        info(fmt(r.requestsPerSecond ?? 0)),
        info(`${fmt(r.p50Ms ?? 0)} ms`),
        info(`${fmt(r.p99Ms ?? 0)} ms`),
        percent(r.serverCpuPercent),
        percent(r.databaseCpuPercent),
        judged(fmt(r.non2xx ?? 0) + (r.errors ? ` + ${r.errors} errors` : ''), '', failed === 0),
        ratio(r.requestsPerSecond, reference?.available ? reference.requestsPerSecond : undefined),
        ratio(r.p99Ms, reference?.available ? reference.p99Ms : undefined),
      ]);
    }
  }
  const [read, write] = MAIN_LOADS;
  notes.unshift(
    `Catalogue read: \`${read.name}\`, ${read.load}, after a warm-up. Cart writes: \`${write.name}\`, ${write.load} ` +
      '(a fixed rate: compare p50 and p99; requests/s falls short of it only when answers are slow).',
    'SQLite with 1 process is the main shop of the API table, measured again here. The others run beside it, each ' +
      'started on a fresh data folder with `SITE_BUILDS=off` and the same seed; PostgreSQL on a fresh database ' +
      `(\`${BENCH_DATABASE}_*\`, dropped afterwards); 2 processes are \`WEB_CONCURRENCY=2\` with Redis (a ` +
      '`node:cluster` primary that serves nothing and two workers on one port).',
    `Each round puts one load on every shop in turn (the order rotating from round to round) before the next load; ` +
      `figures are the median of ${rounds} round${rounds === 1 ? '' : 's'} (\`BENCH_RUNS\`).`,
    "Shop CPU sums the shop's processes (a cluster's primary and workers); PostgreSQL CPU sums the server's " +
      "processes serving the shop's database (100 % is one core). The load generator (one thread), the shop and " +
      'PostgreSQL share the 2 cores.',
  );
  return {
    title: 'API by database and processes',
    columns: [
      'Load',
      'Set-up',
      'Requests/s',
      'p50',
      'p99',
      'Shop CPU',
      'PostgreSQL CPU',
      'Non-2xx',
      'Req/s ÷ SQLite, 1',
      'p99 ÷ SQLite, 1',
    ],
    rows,
    notes,
  };
}
