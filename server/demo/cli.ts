import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { catalogueIsEmpty } from '../db/catalogue-state';
import { engineOf, migrate, type Db } from '../db/index';
import { redactUrl } from '../db/postgres';
import { loadEnv } from '../env';
import { exitOnWrongNode, mediaDir, openShopDatabase } from '../runtime';
import { encodePictures } from '../services/images/encoder';
import { drawPhotoRecipeOffThread } from './photo-recipes';
import { seedCatalogue } from './seed';
import { DEFAULT_PRODUCT_COUNT, generateCatalogue } from './generate';

const USAGE = `Usage: npm run seed -- [--products N] [--seed S] [--data-dir DIR] [--reset] [--pictures-later]

Writes a generated catalogue of N products (default ${DEFAULT_PRODUCT_COUNT}) into the shop's database:
the data folder's (DATA_DIR, default ./data), or PostgreSQL's when DATABASE_URL is set. --reset first
deletes that database's tables and the folder's media and built site, which starts a new shop:
accounts and orders in it are lost. The catalogue's photos are drawn and encoded (responsive widths in
AVIF and WebP) before it ends; --pictures-later leaves that to the shop, which does it in the background
when it starts.`;

/** `npm run seed`: a realistic or synthetic catalogue of any size, for development and benchmarks. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: String(DEFAULT_PRODUCT_COUNT) },
      seed: { type: 'string', default: '1' },
      'data-dir': { type: 'string', default: process.env.DATA_DIR || './data' },
      reset: { type: 'boolean', default: false },
      'pictures-later': { type: 'boolean', default: false },
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
  exitOnWrongNode();
  const dataDir = path.resolve(values['data-dir']);
  const env = loadEnv({ ...process.env, DATA_DIR: dataDir });
  if (values.reset) {
    for (const name of ['shop.sqlite', 'shop.sqlite-wal', 'shop.sqlite-shm', 'media', 'site']) {
      fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const db = await openShopDatabase(env);
  try {
    if (values.reset && engineOf(db) === 'postgres') await emptySchema(db);
    await migrate(db);
    if (!(await catalogueIsEmpty(db))) {
      const where =
        env.database.engine === 'postgres' ? `The database of DATABASE_URL=${redactUrl(env.database.url)}` : dataDir;
      const other = env.database.engine === 'postgres' ? 'another DATABASE_URL' : 'another --data-dir';
      throw new Error(`${where} already has a catalogue. Add --reset to replace the whole shop, or pass ${other}.`);
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
    if (!values['pictures-later']) {
      const pictures = await encodePictures(db, mediaDir(env), {
        log: (line) => console.log(line),
        renderRecipe: drawPhotoRecipeOffThread,
      });
      console.log(`Drew and encoded ${pictures.encoded} photos in ${pictures.seconds.toFixed(1)} s.`);
    }
  } finally {
    await db.destroy();
  }
}

/** Drops every table of the schema the shop works in on PostgreSQL, and makes it anew. */
async function emptySchema(db: Db): Promise<void> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The database has no schema to reset: check its search_path');
  await sql`DROP SCHEMA ${sql.id(schema)} CASCADE`.execute(db);
  await sql`CREATE SCHEMA ${sql.id(schema)}`.execute(db);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
