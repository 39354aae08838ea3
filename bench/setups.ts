import { Redis } from 'ioredis';
import pg from 'pg';
import { quoteIdentifier, redactUrl } from '../server/db/postgres';
import { redisAddress } from '../server/shared/redis';
import { benchMainLoads, MAIN_LOADS, type ApiResult, type ApiSetup } from './api';
import { fmt, info, judged, type Cell, type Table } from './report';
import { startShop } from './shop';

/** The admin connection that creates and drops the bench's database (BENCH_DATABASE_URL). */
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
/** The Redis the two-process shops share their throttles and caches through (BENCH_REDIS_URL). */
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** Dropped before each PostgreSQL shop starts (a run that was interrupted leaves it) and after it stops. */
const BENCH_DATABASE = 'gharbazaar_bench';
/** How long PostgreSQL or Redis may take to answer before its rows say it did not. */
const CONNECT_TIMEOUT_MS = 3000;

/** A way of running the shop, compared with the main bench shop (SQLite, one process). */
interface Setup {
  name: ApiSetup;
  label: string;
  postgres: boolean;
  processes: number;
}

const MAIN_LABEL = 'SQLite, 1 process';

const SETUPS: readonly Setup[] = [
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

/** The bench database's address on the admin connection's server. */
function benchDatabaseUrl(): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/** Drops the bench database, closing any connection a stopped shop left behind. */
async function dropBenchDatabase(admin: pg.Client): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdentifier(BENCH_DATABASE)} WITH (FORCE)`);
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

function notMeasured(setup: ApiSetup, reason: string): ApiResult[] {
  return MAIN_LOADS.map((load) => ({ ...load, setup, available: false, reason: `not measured: ${reason}` }));
}

/** Starts the shop as `setup` says, puts the main loads on it and stops it. */
async function benchSetup(
  setup: Setup,
  admin: pg.Client | null,
  redisPrefix: string,
  log: (line: string) => void,
): Promise<ApiResult[]> {
  const env: Record<string, string> = { SITE_BUILDS: 'off', WEB_CONCURRENCY: String(setup.processes) };
  if (admin) {
    await dropBenchDatabase(admin);
    // The shop creates the database on its first start.
    env.DATABASE_URL = benchDatabaseUrl();
  }
  if (setup.processes > 1) Object.assign(env, { REDIS_URL, REDIS_KEY_PREFIX: redisPrefix });
  log(`${setup.label}: starting the shop (migrate, seed, no site)`);
  const shop = await startShop(log, { name: `shop-${setup.name}`, env });
  try {
    const results = await benchMainLoads(shop.origin, shop.pid, log);
    shop.assertRunning();
    return results.map((r) => ({ ...r, setup: setup.name }));
  } finally {
    await shop.stop();
    if (admin) await dropBenchDatabase(admin);
  }
}

/**
 * The main catalogue read and the cart writes on PostgreSQL with one and two processes, and on
 * SQLite with two, each shop started on its own data after the last one stopped. A set-up whose
 * PostgreSQL or Redis does not answer is not measured and says why; one whose shop fails is
 * not measured either, and its failure is returned so the bench reports it.
 */
export async function benchSetups(log: (line: string) => void): Promise<{ results: ApiResult[]; failures: string[] }> {
  const results: ApiResult[] = [];
  const failures: string[] = [];
  const admin = await connectAdmin();
  const redis = await connectRedis();
  const redisPrefix = `gharbazaar-bench-${process.pid}-${Date.now().toString(36)}:`;
  try {
    for (const setup of SETUPS) {
      const missing =
        (setup.postgres && typeof admin === 'string' ? admin : null) ??
        (setup.processes > 1 && typeof redis === 'string' ? redis : null);
      if (missing) {
        log(`${setup.label}: not measured: ${missing}`);
        results.push(...notMeasured(setup.name, missing));
        continue;
      }
      try {
        results.push(...(await benchSetup(setup, setup.postgres ? (admin as pg.Client) : null, redisPrefix, log)));
      } catch (error) {
        failures.push(`${setup.label}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        results.push(...notMeasured(setup.name, `the shop failed (${message(error).split('\n')[0]})`));
      }
    }
  } finally {
    if (typeof admin !== 'string') await admin.end().catch(() => undefined);
    if (typeof redis !== 'string') {
      await deleteKeys(redis, redisPrefix).catch(() => undefined);
      redis.disconnect();
    }
  }
  return { results, failures };
}

const ratio = (value: number | undefined, reference: number | undefined): Cell =>
  info(value === undefined || !reference ? '–' : `${fmt(value / reference, 2)}×`);

/**
 * The set-ups against the main shop, a row per way of running it and load, each with its ratio
 * to SQLite with one process under the same load. Null when the results have no set-up rows.
 */
export function setupsTable(results: ApiResult[]): Table | null {
  if (!results.some((r) => r.setup !== undefined)) return null;
  const rows: Cell[][] = [];
  const notes: string[] = [];
  for (const load of MAIN_LOADS) {
    const reference = results.find((r) => r.setup === undefined && r.name === load.name);
    const loadName = load.kind === 'catalogue' ? 'Catalogue read' : 'Cart writes';
    const measuredRows: [string, ApiResult | undefined][] = [
      [MAIN_LABEL, reference],
      ...SETUPS.map((s): [string, ApiResult | undefined] => [
        s.label,
        results.find((r) => r.setup === s.name && r.name === load.name),
      ]),
    ];
    for (const [label, r] of measuredRows) {
      const head = [info(loadName), info(label)];
      if (!r?.available) {
        rows.push([...head, info(r?.reason ?? 'not measured in this run'), ...Array<Cell>(6).fill(info('–'))]);
        continue;
      }
      const failed = (r.non2xx ?? 0) + (r.errors ?? 0);
      if (failed > 0 && r.setup !== undefined)
        notes.push(
          `${label}, ${loadName}: status codes ${JSON.stringify(r.statusCodes)}, ${r.errors} connection errors.`,
        );
      rows.push([
        ...head,
        info(fmt(r.requestsPerSecond ?? 0)),
        info(`${fmt(r.p50Ms ?? 0)} ms`),
        info(`${fmt(r.p99Ms ?? 0)} ms`),
        info(r.serverCpuPercent === undefined ? '–' : `${fmt(r.serverCpuPercent)} %`),
        judged(fmt(r.non2xx ?? 0) + (r.errors ? ` + ${r.errors} errors` : ''), '', failed === 0),
        ratio(r.requestsPerSecond, reference?.available ? reference.requestsPerSecond : undefined),
        ratio(r.p99Ms, reference?.available ? reference.p99Ms : undefined),
      ]);
    }
  }
  const [read, write] = MAIN_LOADS;
  notes.unshift(
    `Catalogue read: \`${read.name}\`, ${read.load}, after a warm-up. Cart writes: \`${write.name}\`, ${write.load} ` +
      '(a fixed rate: compare p50 and p99, not requests/s).',
    `"${MAIN_LABEL}" is the main shop of the API table above (it also built the site). The others are started one ` +
      'after the other once it is idle, each on a fresh data folder with `SITE_BUILDS=off` and the same seed: ' +
      `PostgreSQL on a fresh database \`${BENCH_DATABASE}\` (dropped afterwards); 2 processes are \`WEB_CONCURRENCY=2\` ` +
      'with Redis (a `node:cluster` primary that serves nothing and two workers on one port).',
    "Shop CPU sums the shop's processes (a cluster's primary and workers); PostgreSQL's own processes are not counted. " +
      'The load generator (one thread), the shop and PostgreSQL share the 2 cores.',
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
      'Non-2xx',
      'Req/s ÷ SQLite, 1',
      'p99 ÷ SQLite, 1',
    ],
    rows,
    notes,
  };
}
