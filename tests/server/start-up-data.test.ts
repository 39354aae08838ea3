import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { databaseFile, migrate, openDatabase, type Db } from '../../server/db';
import { loadEnv } from '../../server/env';
import { prepareData } from '../../server/runtime';

// The demo module is watched (every call still goes through) to see whether start-up reached it.
vi.mock('../../server/demo/seed', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/demo/seed')>();
  return { ...actual, prepareDemo: vi.fn(actual.prepareDemo) };
});
const { prepareDemo } = await import('../../server/demo/seed');

const open: Db[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.destroy()));
  vi.mocked(prepareDemo).mockClear();
});

function freshDataDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'shop-start-'));
}

async function start(dataDir: string): Promise<Db> {
  const db = await prepareData(loadEnv({ DATA_DIR: dataDir, SEED_PRODUCTS: '3' }), () => {});
  open.push(db);
  return db;
}

async function count(db: Db, table: 'products' | 'illustrations' | 'images'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A database filled the way an import would: its own rows and no demo pictures. */
async function importedCatalogue(dataDir: string): Promise<void> {
  const db = openDatabase(databaseFile(dataDir));
  await migrate(db);
  await db.insertInto('categories').values({ id: 1, name: 'Imported', position: 0, image: null }).execute();
  await db
    .insertInto('subcategories')
    .values({ id: 1, category_id: 1, name: 'Imported goods', position: 0, image: null })
    .execute();
  await db
    .insertInto('products')
    .values({
      id: 1,
      subcategory_id: 1,
      name: 'Brass lota',
      description: 'From the supplier’s feed.',
      weight_grams: 400,
      unit: 'piece',
      length_cm: 10,
      width_cm: 10,
      height_cm: 14,
      big_deal: 0,
      popular: 0,
    })
    .execute();
  await db.destroy();
}

describe('start-up data', () => {
  test('an empty database gets the demo catalogue, its photos recorded as recipes for the encoder', async () => {
    const db = await start(freshDataDir());
    expect(prepareDemo).toHaveBeenCalledTimes(1);
    expect(await count(db, 'products')).toBe(3);
    const pictures = await db.selectFrom('images').select(['hash', 'recipe', 'encoded']).execute();
    expect(pictures.length).toBeGreaterThan(0);
    for (const picture of pictures) {
      expect(picture.hash).toMatch(/^[0-9a-f]{16}$/);
      expect(JSON.parse(picture.recipe ?? 'null')).toHaveProperty('type');
      expect(picture.encoded).toBe(0);
    }
    // Every image a product names is one of them.
    const named = await db.selectFrom('variant_images').select('image').execute();
    const hashes = new Set(pictures.map((p) => p.hash));
    for (const { image } of named)
      expect(hashes.has(image.slice('/media/images/'.length, '/media/images/'.length + 16))).toBe(true);
  });

  test('a catalogue filled otherwise starts without the demo and keeps its own rows', async () => {
    const dataDir = freshDataDir();
    await importedCatalogue(dataDir);
    const db = await start(dataDir);
    expect(prepareDemo).not.toHaveBeenCalled();
    expect(await count(db, 'products')).toBe(1);
    expect(await count(db, 'illustrations')).toBe(0);
    expect(await count(db, 'images')).toBe(0);
  });

  test('a second start of a seeded shop does not reach the demo again', async () => {
    const dataDir = freshDataDir();
    await (await start(dataDir)).destroy();
    open.pop();
    vi.mocked(prepareDemo).mockClear();
    const db = await start(dataDir);
    expect(prepareDemo).not.toHaveBeenCalled();
    expect(await count(db, 'products')).toBe(3);
  });

  test('drawings of a shop seeded before photos, stored as recipes only, are drawn at start-up under their old names', async () => {
    const dataDir = freshDataDir();
    const seeded = await start(dataDir);
    const spec = { type: 'tile', kind: 'jar', background: '#fde68a' };
    await seeded
      .insertInto('illustrations')
      .values({ hash: '0123456789', spec: JSON.stringify(spec), svg: null })
      .execute();
    await seeded.destroy();
    open.pop();
    vi.mocked(prepareDemo).mockClear();
    const db = await start(dataDir);
    expect(prepareDemo).toHaveBeenCalledTimes(1);
    expect(await count(db, 'products')).toBe(3);
    const drawn = await db.selectFrom('illustrations').select(['hash', 'svg']).execute();
    expect(drawn).toHaveLength(1);
    expect(drawn[0]?.hash).toBe('0123456789');
    expect(drawn[0]?.svg).toMatch(/^<svg[\s\S]*<\/svg>$/);
  });
});
