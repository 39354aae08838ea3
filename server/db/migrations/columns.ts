import { sql, type ColumnDataType, type CreateTableBuilder, type Kysely, type RawBuilder } from 'kysely';
import { engineOf } from '../engine';

/**
 * The few column definitions SQLite and PostgreSQL spell differently, so that each migration is
 * written once for both engines. Everything else (text, integer, checks, unique and partial
 * indexes, `lower(email)` indexes, foreign keys) reads the same on both.
 */
export interface Columns {
  /** Adds the table's `id`: an integer key the database numbers (explicit ids allowed too). */
  id<T extends string>(table: CreateTableBuilder<T, never>): CreateTableBuilder<T, 'id'>;
  /** The default of a `created_at`: now, in UTC, as ISO 8601 text with milliseconds ('…Z'). */
  now: RawBuilder<unknown>;
  /** A fractional number (sizes, weights): SQLite's 8-byte REAL, PostgreSQL's double precision. */
  real: ColumnDataType;
  /**
   * Unix time in seconds or milliseconds: 8 bytes on PostgreSQL, whose 4-byte integer ends in
   * 2038 in seconds and long ago in milliseconds (SQLite's integers are 8 bytes anyway).
   */
  unixTime: ColumnDataType;
}

export function columnsFor(db: Kysely<unknown>): Columns {
  if (engineOf(db) === 'postgres') {
    return {
      id: (table) => table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity()),
      now: sql`(to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))`,
      real: 'double precision',
      unixTime: 'bigint',
    };
  }
  return {
    id: (table) => table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement()),
    now: sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`,
    real: 'real',
    unixTime: 'integer',
  };
}
