import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  sql,
  SqliteDialect,
  type SqliteDatabase,
  type SqliteStatement,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import { engineOf, SQLITE_FILE_NAME } from './engine';
import { migrationProvider } from './migrations';
import { createPool, type PostgresOptions } from './postgres';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export { engineOf, type Engine } from './engine';

/** Opens a pool of connections to the PostgreSQL database at `url` (nothing connects until a query). */
export function openPostgres(url: string, options: PostgresOptions = {}): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPool(url, options) }) });
}

/** Opens (creating if needed) the SQLite database at `file`, or in memory for ':memory:'. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(sqlite) }) });
}

/** Statements kept prepared at most; the shop's queries are a few hundred shapes at most. */
const MAX_STATEMENTS = 1000;

/**
 * The database as Kysely sees it, except that a query's SQL is compiled by SQLite once and the
 * prepared statement reused for every later call with the same SQL (Kysely itself prepares anew
 * each time). Statements run synchronously and are never streamed, so reuse cannot overlap.
 */
export function reusingStatements(sqlite: SQLite.Database): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: MAX_STATEMENTS });
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (!statement) {
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/** Brings the schema up to the newest migration; throws with the failing migration's name. */
export async function migrate(db: Db): Promise<string[]> {
  // On PostgreSQL the migration tables live in the schema the shop works in (its search_path):
  // the migrator would otherwise find another schema's and skip making its own.
  const migrationTableSchema = engineOf(db) === 'postgres' ? await currentSchema(db) : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/**
 * Runs `work` while holding the lock called `name`, which no other process of the shop can hold
 * at the same time: two processes starting at once migrate and seed once. On PostgreSQL that is
 * a session advisory lock on one connection, which `work` is handed and must use (so one
 * connection is enough); SQLite hands `db` over as it is, its writer lock doing the rest.
 */
export async function exclusively<T>(db: Db, name: string, work: (db: Db) => Promise<T>): Promise<T> {
  if (engineOf(db) === 'sqlite') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`SELECT pg_advisory_lock(hashtextextended(${name}, 0))`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await sql`SELECT pg_advisory_unlock(hashtextextended(${name}, 0))`.execute(connection);
    }
  });
}

/** The schema PostgreSQL creates unqualified tables in. */
async function currentSchema(db: Db): Promise<string> {
  const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('The database has no schema to create tables in: check its search_path');
  return schema;
}

/** Path of the database file inside the data folder. */
export function databaseFile(dataDir: string): string {
  return path.join(dataDir, SQLITE_FILE_NAME);
}
