import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { accountsTable, benchAccounts, type AccountsResult } from './accounts';
import { apiTable, benchApi, type ApiResult } from './api';
import { BUDGETS } from './budgets';
import { benchBuild, buildSizes, buildTable, type BuildResult } from './build';
import { CHROMIUM_PATH } from './chromium';
import { benchLighthouse, lighthouseRuns, lighthouseTable, type LighthouseResult } from './lighthouse';
import { PROJECT_ROOT, stopAll } from './processes';
import { fmt, overBudget, renderReport, type Table } from './report';
import { benchSearch, searchTable, type SearchResult } from './search';
import { benchSetups, setupsTable } from './setups';
import { benchRefresh, refreshTable, type RefreshResult } from './refresh';
import { startShop, type RunningShop } from './shop';
import { benchWeight, weightTable, type WeightResult } from './weight';

const SECTIONS = ['build', 'weight', 'lighthouse', 'api', 'accounts', 'search'] as const;
type Section = (typeof SECTIONS)[number];

const RESULTS_FILE = path.join(PROJECT_ROOT, 'bench', 'results.json');

const USAGE = `Usage: npm run bench -- [--only ${SECTIONS.join(',')}]

Measures the static build, page weight, Lighthouse scores, API throughput and sign-up/login
timings against the budgets
in bench/budgets.ts, prints markdown tables and writes bench/results.json. Environment:
BENCH_LARGE=1 also builds 100,000 products; BENCH_RUNS=3 takes the median of 3 Lighthouse runs
and of 3 rounds of the API set-ups. The API section also compares its main loads on SQLite and
PostgreSQL with one and two processes: BENCH_DATABASE_URL (default
postgres://postgres@127.0.0.1:5432/postgres) is the admin connection that creates and drops the
databases gharbazaar_bench_*, BENCH_REDIS_URL (default redis://127.0.0.1:6379) the Redis the
two-process shops share; where either does not answer, those rows say so. The search section
times browsing (a filtered category and a filtered search) in process at 10,000 products (and
100,000 with BENCH_LARGE=1) on SQLite and on PostgreSQL (BENCH_DATABASE_URL again).`;

interface SectionRecord<T> {
  measuredAt: string;
  seconds: number;
  results: T;
}

/** bench/results.json: the last measurement of each section, kept when a run measures only some. */
interface ResultsFile {
  updatedAt: string;
  machine: Record<string, string | number>;
  build?: SectionRecord<BuildResult[]>;
  /** Measured in the build section, on its 10,000-product shop. */
  refresh?: SectionRecord<RefreshResult>;
  weight?: SectionRecord<WeightResult[]>;
  lighthouse?: SectionRecord<LighthouseResult[]>;
  api?: SectionRecord<ApiResult[]>;
  accounts?: SectionRecord<AccountsResult>;
  search?: SectionRecord<SearchResult[]>;
  markdown?: string;
}

const log = (line: string) => console.log(`[bench] ${line}`);

function parseSections(argv: string[]): Section[] | null {
  const { values } = parseArgs({
    args: argv,
    options: { only: { type: 'string' }, help: { type: 'boolean', default: false } },
  });
  if (values.help) return null;
  if (!values.only) return [...SECTIONS];
  const wanted = values.only
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = wanted.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length || !wanted.length) {
    throw new Error(`--only takes a list of ${SECTIONS.join(', ')}; not "${values.only}".\n\n${USAGE}`);
  }
  return SECTIONS.filter((s) => wanted.includes(s));
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return 'unknown';
  }
}

/** The 1-minute load average (`os.loadavg()` always answers three figures; 0 where the OS has none). */
function oneMinuteLoad(): number {
  const [oneMinute = 0] = os.loadavg();
  return oneMinute;
}

function machine(): Record<string, string | number> {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    chromium: chromiumVersion(),
    /** The machine may be shared: its 1-minute load average when the run started. */
    loadAverageAtStart: Number(oneMinuteLoad().toFixed(1)),
  };
}

function readResults(): Partial<ResultsFile> {
  try {
    return JSON.parse(fs.readFileSync(RESULTS_FILE, 'utf8')) as Partial<ResultsFile>;
  } catch {
    return {};
  }
}

/** Tables of every section the results file holds, each dated. */
function recordedTables(file: ResultsFile): Table[] {
  const dated = (table: Table, record: { measuredAt: string }) => ({
    ...table,
    title: `${table.title} (${record.measuredAt.slice(0, 10)})`,
  });
  const tables: Table[] = [];
  if (file.build) tables.push(dated(buildTable(file.build.results), file.build));
  if (file.refresh) tables.push(dated(refreshTable(file.refresh.results), file.refresh));
  if (file.weight) tables.push(dated(weightTable(file.weight.results), file.weight));
  if (file.lighthouse) tables.push(dated(lighthouseTable(file.lighthouse.results), file.lighthouse));
  if (file.api) {
    tables.push(dated(apiTable(file.api.results), file.api));
    const setups = setupsTable(file.api.results);
    if (setups) tables.push(dated(setups, file.api));
  }
  if (file.accounts) tables.push(dated(accountsTable(file.accounts.results), file.accounts));
  if (file.search) tables.push(dated(searchTable(file.search.results), file.search));
  return tables;
}

async function timed<T>(work: () => Promise<T>): Promise<SectionRecord<T>> {
  const started = performance.now();
  const results = await work();
  return { measuredAt: new Date().toISOString(), seconds: Math.round((performance.now() - started) / 1000), results };
}

/** `npm run bench`: measures the chosen sections, prints the tables and records the figures. */
async function main(): Promise<number> {
  const sections = parseSections(process.argv.slice(2));
  if (!sections) {
    console.log(USAGE);
    return 0;
  }
  const runs = lighthouseRuns();
  const started = performance.now();
  const file: ResultsFile = { ...readResults(), updatedAt: new Date().toISOString(), machine: machine() };
  const tables: Table[] = [];
  const failures: string[] = [];
  let shop: RunningShop | null = null;
  const attempt = async (section: Section | 'shop', work: () => Promise<void>) => {
    log(`— ${section} —`);
    try {
      await work();
      (shop as RunningShop | null)?.assertRunning();
    } catch (error) {
      let message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      try {
        (shop as RunningShop | null)?.assertRunning();
      } catch (crash) {
        message = `${message}\n${(crash as Error).message}`;
      }
      failures.push(`${section}: ${message}`);
      console.error(`[bench] ${section} failed: ${message}`);
    }
  };

  if (sections.includes('build')) {
    await attempt('build', async () => {
      let refresh: SectionRecord<RefreshResult> | null = null;
      const record = await timed(async () => {
        const results: BuildResult[] = [];
        for (const products of buildSizes()) {
          // The staff change → static page time is measured on the shop the budget's build made.
          const afterBuild =
            products === BUDGETS.refresh.atProducts
              ? async (dataDir: string) => {
                  log(`Staff price changes on the ${fmt(products)}-product shop, followed to the static page`);
                  refresh = await timed(() => benchRefresh(dataDir, products, log));
                }
              : undefined;
          results.push(await benchBuild(products, log, afterBuild));
        }
        return results;
      });
      file.build = record;
      tables.push(buildTable(record.results));
      if (refresh) {
        file.refresh = refresh;
        tables.push(refreshTable((refresh as SectionRecord<RefreshResult>).results));
      }
    });
  }

  if (sections.includes('search')) {
    await attempt('search', async () => {
      const sizes = process.env.BENCH_LARGE === '1' ? [10_000, 100_000] : [10_000];
      file.search = await timed(() => benchSearch(sizes, log));
      tables.push(searchTable(file.search.results));
    });
  }

  const needsShop = sections.some((s) => s !== 'build' && s !== 'search');
  try {
    if (needsShop) {
      await attempt('shop', async () => {
        log('Starting the shop on a fresh data folder (migrate, seed, build)');
        shop = await startShop(log);
      });
    }
    const origin = (shop as RunningShop | null)?.origin;
    const shopPid = (shop as RunningShop | null)?.pid ?? 0;
    if (origin && sections.includes('weight')) {
      await attempt('weight', async () => {
        file.weight = await timed(() => benchWeight(origin, log));
        tables.push(weightTable(file.weight.results));
      });
    }
    if (origin && sections.includes('lighthouse')) {
      await attempt('lighthouse', async () => {
        file.lighthouse = await timed(() => benchLighthouse(origin, runs, log));
        tables.push(lighthouseTable(file.lighthouse.results));
      });
    }
    if (origin && sections.includes('api')) {
      await attempt('api', async () => {
        let setupFailures: string[] = [];
        file.api = await timed(async () => {
          const main = await benchApi(origin, shopPid, log);
          log('The main loads on SQLite and PostgreSQL, with one and two processes');
          const setups = await benchSetups(shop as RunningShop, runs, log);
          setupFailures = setups.failures;
          return [...main, ...setups.results];
        });
        tables.push(apiTable(file.api.results));
        const setups = setupsTable(file.api.results);
        if (setups) tables.push(setups);
        if (setupFailures.length) throw new Error(setupFailures.join('\n'));
      });
    }
    if (origin && sections.includes('accounts')) {
      await attempt('accounts', async () => {
        file.accounts = await timed(() => benchAccounts(origin, log));
        tables.push(accountsTable(file.accounts.results));
      });
    }
  } finally {
    if (shop) await (shop as RunningShop).stop();
    await stopAll();
  }

  const seconds = (performance.now() - started) / 1000;
  const m = file.machine;
  const load = `load average ${m.loadAverageAtStart} at start, ${oneMinuteLoad().toFixed(1)} at end`;
  const machineLine = `${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB, Node ${m.node}, ${m.chromium}`;
  const subset = sections.length < SECTIONS.length ? ` (--only ${sections.join(',')})` : '';
  const markdown = renderReport(tables, [
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npm run bench\`${subset} on ${machineLine}; ` +
      `${load}; run time ${fmt(seconds / 60, 1)} min. Budgets are in bench/budgets.ts; ✅ within budget, ❌ over.`,
  ]);
  // The file keeps the last figures of every section, so its tables cover them all.
  file.markdown = renderReport(recordedTables(file), [
    `Last measured with \`npm run bench\` on ${machineLine}. Budgets are in bench/budgets.ts; ✅ within budget, ❌ over.`,
  ]);
  fs.writeFileSync(RESULTS_FILE, `${JSON.stringify(file, null, 2)}\n`);
  console.log(`\n${markdown}`);
  const over = overBudget(tables);
  log(
    over.length
      ? `Over budget: ${over.map((o) => `${o.table} (${o.cells})`).join(', ')}`
      : 'Every measured figure is within its budget.',
  );
  log(`Results written to ${path.relative(PROJECT_ROOT, RESULTS_FILE)} in ${fmt(seconds, 0)} s`);
  if (failures.length) {
    console.error(`[bench] ${failures.length} step(s) crashed:\n${failures.join('\n')}`);
    return 1;
  }
  return 0;
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`[bench] ${signal}: stopping everything the bench started`);
    void stopAll().finally(() => process.exit(130));
  });
}

main().then(
  (code) => process.exit(code),
  async (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    await stopAll();
    process.exit(1);
  },
);
