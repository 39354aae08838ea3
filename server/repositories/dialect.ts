/**
 * What the repositories need that differs between databases, in one place. Every other query is
 * portable Kysely that SQLite and PostgreSQL both run. `INSERT … ON CONFLICT (…) DO NOTHING`
 * (cart, wishlist, revoked tokens, webhook events) and `RETURNING` are spelled the same by both,
 * so they stay in their repositories.
 */

import { sql } from 'kysely';
import { engineOf, type Db } from '../db';
import { isPostgresUnavailable } from '../db/postgres';
import type { Database } from '../db/schema';

/**
 * Values bound in one `IN (…)` list: SQLite allows 32,766 bound values per statement and
 * PostgreSQL 65,535; slices of 900 stay far below both.
 */
const IN_LIST_SLICE = 900;

/** `items` cut into slices short enough for one `IN (…)` list each. */
export function inListSlices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += IN_LIST_SLICE) out.push(items.slice(i, i + IN_LIST_SLICE));
  return out;
}

/**
 * True when a write broke a unique constraint (two requests raced past a check): SQLite's
 * `SQLITE_CONSTRAINT_UNIQUE`, or PostgreSQL's SQLSTATE 23505.
 */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

/**
 * True when a write broke a foreign key (a row named by another was deleted as that one was
 * written): SQLite's `SQLITE_CONSTRAINT_FOREIGNKEY`, or PostgreSQL's SQLSTATE 23503.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/** Tables whose `id` the database numbers. */
type NumberedTable = {
  [T in keyof Database]: Database[T] extends { id: unknown } ? T : never;
}[keyof Database];

/**
 * After rows were inserted with their ids given (a seed, an import): PostgreSQL's id sequences
 * are moved past the highest id, so the next row it numbers does not collide (SQLite numbers
 * from the highest id by itself), and both engines refresh the statistics their planners use.
 */
export async function afterBulkLoad(db: Db, tables: readonly NumberedTable[]): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql`PRAGMA optimize`.execute(db);
    return;
  }
  for (const table of tables) {
    await sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
      FROM ${sql.table(table)}`.execute(db);
  }
  await sql`ANALYZE`.execute(db);
}

/**
 * Inside a transaction, waits until no other transaction holds `key`, and holds it until this
 * one ends: two processes placing the same cart at once then store one order. PostgreSQL takes
 * a transaction-scoped advisory lock; SQLite has one writer at a time, and a second process that
 * raced it is refused at its first write (SQLITE_BUSY), so nothing is needed there.
 */
export async function lockKey(trx: Db, key: string): Promise<void> {
  if (engineOf(trx) === 'sqlite') return;
  await sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * A value that changes whenever another connection (another process, a seed, a staff command)
 * has changed the catalogue: SQLite's `data_version`, or the trigger-kept counter of PostgreSQL
 * (which moves on this process's own changes too).
 */
export async function catalogueVersion(db: Db): Promise<string> {
  if (engineOf(db) === 'sqlite') {
    const { rows } = await sql<{ data_version: number }>`PRAGMA data_version`.execute(db);
    return String(rows[0]?.data_version ?? 0);
  }
  const { rows } = await sql<{ version: number }>`SELECT version FROM catalogue_version WHERE id = 1`.execute(db);
  return String(rows[0]?.version ?? 0);
}

/** SQLite's answers when another process holds the write lock past busy_timeout. */
const SQLITE_BUSY_CODES = new Set(['SQLITE_BUSY', 'SQLITE_BUSY_SNAPSHOT', 'SQLITE_BUSY_RECOVERY', 'SQLITE_LOCKED']);

/**
 * True when a query failed because the database cannot answer right now (PostgreSQL restarting
 * or out of reach, SQLite locked by another process): the request is worth repeating in a
 * moment, and nothing of it was written (its transaction, if any, rolled back).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (typeof code === 'string' && SQLITE_BUSY_CODES.has(code)) || isPostgresUnavailable(error);
}
