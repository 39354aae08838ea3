import crypto from 'node:crypto';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { openDatabase, openPostgres, type Db, type Engine } from '../server/db';
import { quoteIdentifier } from '../server/db/postgres';

/**
 * The database the API and server tests run on. Every test file runs on SQLite; with
 * TEST_DATABASE_URL set, the `postgres` Vitest project runs the API tests again on PostgreSQL
 * (TEST_ENGINE=postgres), each shop in a schema of its own that is dropped afterwards.
 */
export const TEST_ENGINE: Engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'sqlite';

/** The PostgreSQL server of the tests, e.g. postgres://postgres@127.0.0.1:5432/test; unset on SQLite-only machines. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || '';

export interface TestDatabase {
  db: Db;
  engine: Engine;
  /** The schema the shop lives in on PostgreSQL (null on SQLite). */
  schema: string | null;
  /** Another handle on the same database, with connections of its own, as another process of the shop has. */
  openAnother(): Db;
  /** Runs `statement` through a connection of its own, as another process of the shop would. */
  runElsewhere(statement: string): Promise<void>;
  /** Closes the shop's connections and drops what it stored. */
  drop(): Promise<void>;
}

/** Runs one statement on the test server through a connection of its own (in `schema` when given). */
export async function adminQuery(url: string, text: string, schema?: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    if (schema) await client.query(`SET search_path TO ${quoteIdentifier(schema)}`);
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty database for one test shop: SQLite in memory (or `sqliteFile`), or a new schema
 * on the PostgreSQL server of TEST_DATABASE_URL when `engine` is 'postgres'.
 */
export async function openTestDatabase(
  options: { engine?: Engine; sqliteFile?: string; poolSize?: number } = {},
): Promise<TestDatabase> {
  const engine = options.engine ?? TEST_ENGINE;
  if (engine === 'sqlite') {
    const file = options.sqliteFile;
    const db = openDatabase(file ?? ':memory:');
    const runElsewhere = async (statement: string) => {
      if (!file) throw new Error('Another connection needs a database file: pass sqliteFile');
      const other = new SQLite(file);
      try {
        other.prepare(statement).run();
      } finally {
        other.close();
      }
    };
    const openAnother = () => {
      if (!file) throw new Error('Another handle needs a database file: pass sqliteFile');
      return openDatabase(file);
    };
    return { db, engine, schema: null, openAnother, runElsewhere, drop: () => db.destroy() };
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests need a server');
  const schema = `test_${process.pid}_${crypto.randomBytes(4).toString('hex')}`;
  await adminQuery(TEST_DATABASE_URL, `CREATE SCHEMA ${quoteIdentifier(schema)}`);
  const db = openPostgres(TEST_DATABASE_URL, { schema, poolSize: options.poolSize ?? 4 });
  return {
    db,
    engine,
    schema,
    openAnother: () => openPostgres(TEST_DATABASE_URL, { schema, poolSize: options.poolSize ?? 4 }),
    runElsewhere: (statement) => adminQuery(TEST_DATABASE_URL, statement, schema),
    drop: async () => {
      await db.destroy();
      await adminQuery(TEST_DATABASE_URL, `DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
    },
  };
}
