import fs from 'node:fs';
import path from 'node:path';
import { BUDGETS } from './budgets';
import { BENCH_TMP, runCommand, tsxArgs } from './processes';
import { fmt, info, judged, type Cell, type Table } from './report';

/** One static build of a synthetic catalogue. */
export interface BuildResult {
  products: number;
  seedSeconds: number;
  /** `npm run build` from start to exit: API start-up, Astro, pre-compression and swap. */
  wallSeconds: number;
  /** The build's own figure: Astro plus pre-compression. */
  buildSeconds: number;
  pages: number;
  productPages: number;
  productPagesPerSecond: number;
  /** Peak resident memory of the Astro builds (the sum of each one's VmHWM), as the build reports it. */
  peakMemoryMb: number | null;
}

const BUILT = /Built (\d+) pages in ([\d.]+) s .* into (\S+?)(?:, peak memory (\d+) MB)?\s*$/m;

/** Catalogue sizes to build: 1,000 and 10,000 products, and 100,000 with BENCH_LARGE=1. */
export function buildSizes(env: NodeJS.ProcessEnv = process.env): number[] {
  return env.BENCH_LARGE === '1' ? [1_000, 10_000, 100_000] : [1_000, 10_000];
}

function countHtml(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html')).length;
}

/**
 * Seeds a catalogue of `products` into a fresh data folder and builds the site from it; then
 * `afterBuild` may use the built shop's data folder before it is removed.
 */
export async function benchBuild(
  products: number,
  log: (line: string) => void,
  afterBuild?: (dataDir: string) => Promise<void>,
): Promise<BuildResult> {
  const dataDir = path.join(BENCH_TMP, `build-${products}`);
  const minutes = Math.max(10, Math.ceil(products / 1_000));
  try {
    log(`Seeding ${fmt(products)} products into ${dataDir}`);
    const seed = await runCommand(
      process.execPath,
      tsxArgs('server/demo/cli.ts', ['--products', String(products), '--data-dir', dataDir, '--reset']),
      process.env,
      minutes * 60_000,
    );
    if (seed.code !== 0) throw new Error(`Seeding ${products} products failed (exit ${seed.code}):\n${seed.output}`);
    log(`Building the site for ${fmt(products)} products`);
    const build = await runCommand(
      process.execPath,
      tsxArgs('server/build-site.ts'),
      { ...process.env, DATA_DIR: dataDir },
      minutes * 60_000,
    );
    const match = BUILT.exec(build.output);
    const outDir = match?.[3];
    if (build.code !== 0 || !match || !outDir) {
      throw new Error(`The build of ${products} products failed (exit ${build.code}):\n${build.output}`);
    }
    // A build keeps its static files in client/ (beside server/, its on-demand pages).
    const files = fs.existsSync(path.join(outDir, 'client')) ? path.join(outDir, 'client') : outDir;
    const productPages = countHtml(path.join(files, 'product-details'));
    const wallSeconds = build.ms / 1000;
    const result: BuildResult = {
      products,
      seedSeconds: seed.ms / 1000,
      wallSeconds,
      buildSeconds: Number(match[2]),
      pages: Number(match[1]),
      productPages,
      productPagesPerSecond: productPages / wallSeconds,
      peakMemoryMb: match[4] ? Number(match[4]) : null,
    };
    log(
      `  ${fmt(result.pages)} pages (${fmt(productPages)} product pages) in ${fmt(wallSeconds, 1)} s: ` +
        `${fmt(result.productPagesPerSecond)} product pages/s, peak ${result.peakMemoryMb ?? '?'} MB`,
    );
    await afterBuild?.(dataDir);
    return result;
  } finally {
    // A 10,000-product build is hundreds of MB; the figures are all that is kept.
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The static build section's table. */
export function buildTable(results: BuildResult[]): Table {
  const b = BUDGETS.build;
  const rows = results.map((r): Cell[] => {
    const budgeted = r.products === b.atProducts;
    const large = r.products === b.large.atProducts;
    const rate = fmt(r.productPagesPerSecond);
    const wall = `${fmt(r.wallSeconds, 1)} s`;
    const seed = `${fmt(r.seedSeconds, 1)} s`;
    const memory = r.peakMemoryMb === null ? 'n/a' : `${fmt(r.peakMemoryMb)} MB`;
    const maxPeakMemoryMb = budgeted ? b.maxPeakMemoryMb : large ? b.large.maxPeakMemoryMb : null;
    return [
      info(fmt(r.products)),
      info(fmt(r.pages)),
      budgeted ? judged(seed, `< ${b.maxSeedSeconds} s`, r.seedSeconds < b.maxSeedSeconds) : info(seed),
      large ? judged(wall, `≤ ${b.large.maxWallSeconds} s`, r.wallSeconds <= b.large.maxWallSeconds) : info(wall),
      budgeted
        ? judged(rate, `≥ ${b.minProductPagesPerSecond}`, r.productPagesPerSecond >= b.minProductPagesPerSecond)
        : info(rate),
      maxPeakMemoryMb !== null && r.peakMemoryMb !== null
        ? judged(memory, `< ${fmt(maxPeakMemoryMb)} MB`, r.peakMemoryMb < maxPeakMemoryMb)
        : info(memory),
    ];
  });
  return {
    title: 'Static build',
    columns: ['Products', 'Pages', 'Seed', 'Wall time', 'Product pages/s', 'Peak memory'],
    rows,
    notes: [
      'Seed is `npm run seed -- --products N --reset` into a fresh data folder, the catalogue photos drawn and ' +
        'encoded in all their widths and formats before it exits. ' +
        'Wall time is `npm run build` from start to exit (API start-up, Astro, pre-compression, swap); ' +
        'product pages/s = product pages ÷ wall time. The site is built by two Astro builds side by side (`BUILD_WORKERS`, ' +
        'one per core, at most two), each rendering half the product pages and fragments; peak memory is the sum of ' +
        "the two builds' peaks (VmHWM).",
      `Budgets apply at ${fmt(b.atProducts)} products (seed, pages/s, memory) and, with \`BENCH_LARGE=1\`, at ` +
        `${fmt(b.large.atProducts)} (wall time, memory).`,
    ],
  };
}
