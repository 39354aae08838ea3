/**
 * Latency of GET /api/common/browse on a shop of `--products` (default 10,000) products, in
 * process, one request at a time: a filtered category and a filtered search, p50 and p99 after 20
 * requests to warm (the browse index and the search's ids are made once per catalogue version).
 * `npx tsx bench/browse-latency.ts [--products 10000] [--json]`; TEST_ENGINE=postgres with
 * TEST_DATABASE_URL runs it on PostgreSQL. `npm run bench -- --only search` runs it on both engines.
 */
import { makeTestApp } from '../tests/api/helpers';

/** What one run prints with --json. */
export interface BrowseLatency {
  products: number;
  seedSeconds: number;
  rows: { name: string; p50Ms: number; p99Ms: number }[];
}

const ROUNDS = 300;

async function measure(n: number): Promise<BrowseLatency> {
  const started = Date.now();
  const t = await makeTestApp(n);
  const seedSeconds = (Date.now() - started) / 1000;
  try {
    const cats = await t.db.selectFrom('categories').select('id').orderBy('id').execute();
    const brand = await t.db
      .selectFrom('products')
      .select('brand')
      .where('brand', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    const queries = {
      'filtered category (5 filters, price low to high)': (i: number) =>
        `category=${cats[i % cats.length]?.id}&price=100-&instock=1&discount=10&brand=${encodeURIComponent(brand?.brand ?? '')}&brand=x&sort=price_asc`,
      'filtered search (2 filters, relevance)': (i: number) =>
        `search=${['steel', 'rice', 'cotton', 'atta'][i % 4]}&instock=1&rating=3&sort=relevance`,
    };
    const rows: BrowseLatency['rows'] = [];
    for (const [name, query] of Object.entries(queries)) {
      for (let i = 0; i < 20; i++) await t.get(`/api/common/browse?${query(i)}`);
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t0 = performance.now();
        const res = await t.get(`/api/common/browse?${query(i)}`);
        times.push(performance.now() - t0);
        if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0;
      rows.push({ name, p50Ms: at(0.5), p99Ms: at(0.99) });
    }
    return { products: n, seedSeconds, rows };
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const n = Number(process.argv[process.argv.indexOf('--products') + 1]) || 10_000;
  const result = await measure(n);
  if (process.argv.includes('--json')) console.log(JSON.stringify(result));
  else {
    console.log(`seeded ${n} products in ${result.seedSeconds.toFixed(1)} s`);
    for (const r of result.rows) console.log(`${r.name}: p50 ${r.p50Ms.toFixed(1)} ms, p99 ${r.p99Ms.toFixed(1)} ms`);
  }
}
