import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { catalogueIsEmpty } from '../db/catalogue-state';
import { databaseFile, migrate, openDatabase } from '../db/index';
import { seedCatalogue } from './seed';
import { DEFAULT_PRODUCT_COUNT, generateCatalogue } from './generate';

const USAGE = `Usage: npm run seed -- [--products N] [--seed S] [--data-dir DIR] [--reset]

Writes a generated catalogue of N products (default ${DEFAULT_PRODUCT_COUNT}) into the data folder
(DATA_DIR, default ./data). --reset first deletes that folder's database, media and built site,
which starts a new shop: accounts and orders in it are lost.`;

/** `npm run seed`: a realistic or synthetic catalogue of any size, for development and benchmarks. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: String(DEFAULT_PRODUCT_COUNT) },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string', default: process.env.DATA_DIR || './data' },
      reset: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const products = Number(values.products);
  const seed = Number(values.seed);
  if (!Number.isInteger(products) || products < 1 || products > 1_000_000) {
    throw new Error(`--products must be a whole number from 1 to 1000000, not "${values.products}".\n\n${USAGE}`);
  }
  if (!Number.isInteger(seed)) throw new Error(`--seed must be a whole number, not "${values.seed}".`);
  const dataDir = path.resolve(values['data-dir']);
  if (values.reset) {
    for (const name of ['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'media', 'site']) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  const db = openDatabase(databaseFile(dataDir));
  try {
    await migrate(db);
    if (!(await catalogueIsEmpty(db))) {
      throw new Error(
        `${dataDir} already has a catalogue. Add --reset to replace the whole shop, or pass another --data-dir.`,
      );
    }
    let started = performance.now();
    const catalogue = generateCatalogue({ products, seed });
    const generated = performance.now() - started;
    started = performance.now();
    await seedCatalogue(db, catalogue);
    console.log(
      `Seeded ${products} products (${catalogue.products.reduce((n, p) => n + p.variants.length, 0)} variants) into ${dataDir}: ` +
        `generated in ${Math.round(generated)} ms, stored in ${Math.round(performance.now() - started)} ms.`,
    );
  } finally {
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
