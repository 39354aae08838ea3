import { PostgresAdapter, type Kysely } from 'kysely';

/** The SQLite database's file name inside DATA_DIR. */
export const SQLITE_FILE_NAME = 'shop.sqlite';

/** The two databases the shop runs on: SQLite by default, PostgreSQL when DATABASE_URL is set. */
export type Engine = 'sqlite' | 'postgres';

/** Which database `db` talks to (any Kysely instance, the migrations' untyped one included). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: the adapter is all that is read
export function engineOf(db: Kysely<any>): Engine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';
}
