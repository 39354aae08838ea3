/**
 * The search section of `npm run bench`: GET /api/common/browse (a filtered category and a
 * filtered search, facet counts included) at 10,000 and 100,000 products, on SQLite and on
 * PostgreSQL, each run in a process of its own (bench/browse-latency.ts). PostgreSQL runs in a
 * database of the bench's own (gharbazaar_bench_search), created and dropped through
 * BENCH_DATABASE_URL; where no server answers, its rows say so.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import type { BrowseLatency } from './browse-latency';
import { BUDGETS } from './budgets';
import { PROJECT_ROOT } from './processes';
import { fmt, info, judged, type Table } from './report';

const run = promisify(execFile);
const ADMIN_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'gharbazaar_bench_search';

export interface SearchResult extends BrowseLatency {
  engine: 'SQLite' | 'PostgreSQL';
  /** Why the engine was not measured. */
  skipped?: string;
}

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function once(products: number, env: NodeJS.ProcessEnv): Promise<BrowseLatency> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'bench/browse-latency.ts', '--products', String(products), '--json'],
    { cwd: PROJECT_ROOT, env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024, timeout: 30 * 60_000 },
  );
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as BrowseLatency;
}

export async function benchSearch(sizes: number[], log: (line: string) => void): Promise<SearchResult[]> {
  const results: SearchResult[] = [];
  for (const products of sizes) {
    log(`Browsing ${fmt(products)} products on SQLite`);
    results.push({ engine: 'SQLite', ...(await once(products, { TEST_ENGINE: 'sqlite' })) });
    let ready = false;
    try {
      await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
      await admin(`CREATE DATABASE ${DATABASE}`);
      ready = true;
    } catch (error) {
      results.push({
        engine: 'PostgreSQL',
        products,
        seedSeconds: 0,
        rows: [],
        skipped: `no PostgreSQL at ${ADMIN_URL}: ${(error as Error).message}`,
      });
    }
    if (!ready) continue;
    try {
      log(`Browsing ${fmt(products)} products on PostgreSQL`);
      const url = new URL(ADMIN_URL);
      url.pathname = `/${DATABASE}`;
      results.push({
        engine: 'PostgreSQL',
        ...(await once(products, { TEST_ENGINE: 'postgres', TEST_DATABASE_URL: url.toString() })),
      });
    } finally {
      await admin(`DROP DATABASE IF EXISTS ${DATABASE}`);
    }
  }
  return results;
}

export function searchTable(results: SearchResult[]): Table {
  const rows = results.flatMap((r) => {
    if (r.skipped) return [[info(r.engine), info(fmt(r.products)), info('—'), info('—'), info(r.skipped)]];
    const budget = BUDGETS.search.maxP99Ms[r.products];
    return r.rows.map((row) => [
      info(r.engine),
      info(fmt(r.products)),
      info(row.name),
      info(`${fmt(row.p50Ms, 1)} ms`),
      budget === undefined
        ? info(`${fmt(row.p99Ms, 1)} ms`)
        : judged(`${fmt(row.p99Ms, 1)} ms`, `≤ ${budget} ms`, row.p99Ms <= budget),
    ]);
  });
  return {
    title: 'Browsing and search (GET /api/common/browse, facet counts included)',
    columns: ['Engine', 'Products', 'Request', 'p50', 'p99'],
    rows,
    notes: [
      'In process, one request at a time, 300 requests after 20 to warm; each engine and size in a process of its own.',
    ],
  };
}
