import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { migrationProvider } from '../../server/db/migrations';
import { afterAll, describe, expect, test } from 'vitest';
import { createPool, databaseName, isPostgresUnavailable, quoteIdentifier, redactUrl } from '../../server/db/postgres';
import { loadEnv } from '../../server/env';
import { isDatabaseUnavailable } from '../../server/repositories/dialect';
import { prepareData } from '../../server/runtime';
import { adminQuery, TEST_DATABASE_URL } from '../database';
import { first } from '../lists';

describe('PostgreSQL addresses in messages', () => {
  test.each([
    ['postgres://shop:hunter2@db.example.in:5432/shop', 'postgres://shop:***@db.example.in:5432/shop'],
    ['postgresql://shop:p%40ss@10.0.0.5/shop?sslmode=require', 'postgresql://shop:***@10.0.0.5/shop?sslmode=require'],
    ['postgres://shop@127.0.0.1/shop', 'postgres://shop@127.0.0.1/shop'],
    ['postgres://127.0.0.1/shop', 'postgres://127.0.0.1/shop'],
  ])('%s is shown as %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  test('the database a URL names, or the user name when it names none', () => {
    expect(databaseName('postgres://root@127.0.0.1/shop')).toBe('shop');
    expect(databaseName('postgres://root@127.0.0.1:5432/')).toBe('root');
    expect(databaseName('postgres://127.0.0.1')).toBe('postgres');
    expect(databaseName('postgres://root@127.0.0.1/my%20shop')).toBe('my shop');
  });

  test('identifiers are quoted, quotes doubled', () => {
    expect(quoteIdentifier('shop')).toBe('"shop"');
    expect(quoteIdentifier('we"ird')).toBe('"we""ird"');
  });
});

describe('which failures mean "try again in a moment"', () => {
  const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

  test.each([
    ['the server refused the connection', withCode('ECONNREFUSED')],
    [
      'the server is restarting (admin_shutdown)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server is starting up', withCode('57P03')],
    ['a connection failure class 08', withCode('08006')],
    ['too many connections', withCode('53300')],
    ['no connection free in time', new Error('timeout exceeded when trying to connect')],
    ['the connection dropped mid-query', new Error('Connection terminated unexpectedly')],
    [
      'a query on a connection that dropped earlier in its transaction',
      new Error('Client has encountered a connection error and is not queryable'),
    ],
    ['SQLite locked by another process', withCode('SQLITE_BUSY')],
    ['SQLite snapshot taken by another writer', withCode('SQLITE_BUSY_SNAPSHOT')],
  ])('%s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  test.each([
    ['a unique violation', withCode('23505')],
    ['a check constraint', withCode('23514')],
    ['a syntax error', withCode('42601')],
    ['a SQLite constraint', withCode('SQLITE_CONSTRAINT_UNIQUE')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
  ])('not %s', (_label, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
    expect(isPostgresUnavailable(error)).toBe(false);
  });
});

describe('DATABASE_URL and DATABASE_POOL_SIZE', () => {
  test('unset: SQLite in DATA_DIR', () => {
    const env = loadEnv({ DATA_DIR: '/srv/shop' });
    expect(env.database).toEqual({ engine: 'sqlite', file: '/srv/shop/shop.sqlite' });
  });

  test('a postgres:// URL: PostgreSQL with a pool of 10, or DATABASE_POOL_SIZE', () => {
    expect(loadEnv({ DATABASE_URL: 'postgres://root@127.0.0.1/shop' }).database).toEqual({
      engine: 'postgres',
      url: 'postgres://root@127.0.0.1/shop',
      poolSize: 10,
    });
    expect(
      loadEnv({ DATABASE_URL: 'postgresql://root@127.0.0.1/shop', DATABASE_POOL_SIZE: '25' }).database,
    ).toMatchObject({ poolSize: 25 });
  });

  test.each(['mysql://root@127.0.0.1/shop', 'postgres://', 'postgres://root@127.0.0.1/shop extra', '127.0.0.1:5432'])(
    'refuses %s',
    (url) => {
      expect(() => loadEnv({ DATABASE_URL: url })).toThrow(/DATABASE_URL=.*must be a postgres:\/\/ URL/);
    },
  );

  test.each(['0', '201', 'ten'])('refuses DATABASE_POOL_SIZE=%s', (size) => {
    expect(() => loadEnv({ DATABASE_POOL_SIZE: size })).toThrow(/DATABASE_POOL_SIZE/);
  });
});

const postgres = describe.skipIf(!TEST_DATABASE_URL);
if (!TEST_DATABASE_URL)
  console.log('PostgreSQL start-up and dropped-connection tests skipped: TEST_DATABASE_URL is not set.');

postgres('several processes starting at once on one PostgreSQL database', () => {
  const name = `shop_start_${crypto.randomBytes(4).toString('hex')}`;
  const dirs: string[] = [];

  afterAll(async () => {
    await adminQuery(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS ${quoteIdentifier(name)} WITH (FORCE)`);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('create the database, migrate and seed it once, whoever comes first', async () => {
    // Read here, not while the file is collected: without TEST_DATABASE_URL this never runs.
    const url = new URL(TEST_DATABASE_URL);
    url.pathname = `/${name}`;
    const starts = Array.from({ length: 3 }, () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-start-'));
      dirs.push(dir);
      const env = loadEnv({
        DATA_DIR: dir,
        DATABASE_URL: url.toString(),
        SEED_PRODUCTS: '12',
        // Its pictures are never looked at: no background encoding beside the test.
        PICTURE_ENCODING: 'off',
        DATABASE_POOL_SIZE: '2',
      });
      const lines: string[] = [];
      return { lines, ready: prepareData(env, (line) => lines.push(line)) };
    });
    const dbs = await Promise.all(starts.map((s) => s.ready));
    try {
      const logs = starts.map((s) => s.lines.join('\n'));
      expect(
        logs.filter((log) => log.includes('Database migrated: 0001-catalogue')),
        logs.join('\n---\n'),
      ).toHaveLength(1);
      expect(logs.filter((log) => log.includes('Catalogue seeded with 12 products'))).toHaveLength(1);
      const db = first(dbs);
      const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM kysely_migration`.execute(db);
      expect(Number(rows[0]?.n)).toBe(Object.keys(await migrationProvider.getMigrations()).length);
      const products = await db
        .selectFrom('products')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(products.n).toBe(12);
      // The seed gave its ids; the next row PostgreSQL numbers comes after them.
      const added = await db
        .insertInto('categories')
        .values({ name: 'Added later', position: 99 })
        .returning('id')
        .executeTakeFirstOrThrow();
      const highest = await db
        .selectFrom('categories')
        .select((eb) => eb.fn.max('id').as('id'))
        .executeTakeFirstOrThrow();
      expect(added.id).toBe(highest.id);
    } finally {
      await Promise.all(dbs.map((db) => db.destroy()));
    }
  }, 60_000);
});

postgres('a connection PostgreSQL ends while a request holds it', () => {
  test('is no uncaught error: its next query fails as "try again" and the pool opens a new one', async () => {
    const pool = createPool(TEST_DATABASE_URL, { poolSize: 1 });
    const idleErrors: Error[] = [];
    pool.on('error', (error) => idleErrors.push(error));
    // Held between two statements, as a transaction holds it: pg-pool removes its own error
    // listener while a connection is lent out, and an 'error' nobody listens to ends the process.
    const client = await pool.connect();
    try {
      expect(client.listenerCount('error')).toBeGreaterThan(0);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      const ended = new Promise((resolve) => client.once('end', resolve));
      await adminQuery(TEST_DATABASE_URL, `SELECT pg_terminate_backend(${Number(first(rows).pid)}, 5000)`);
      await ended;
      const error: unknown = await client.query('SELECT 1').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      client.release();
    }
    try {
      const again = await pool.query<{ one: number }>('SELECT 1 AS one');
      expect(again.rows).toEqual([{ one: 1 }]);
      // It was lent out when it dropped: not an idle connection's error.
      expect(idleErrors).toEqual([]);
    } finally {
      await pool.end();
    }
  });
});
