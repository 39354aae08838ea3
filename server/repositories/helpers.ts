import { sql } from 'kysely';
import type { Db } from '../db';

/** Small pieces the repositories share. */

/** Asks the database the smallest question (`select 1`): it throws when the database does not answer. */
export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Runs `work` in one transaction: all of its writes happen, or none. */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(work);
}

/** True when an insert wrote a row (false when `ON CONFLICT DO NOTHING` skipped it). */
export function inserted(result: { numInsertedOrUpdatedRows?: bigint }): boolean {
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Tables of things a shopper keeps, each row owned through `user_id`. */
type OwnedTable = 'addresses' | 'cart_items' | 'wishlist_items';

/** How many rows of `table` the shopper owns (each list has a bound on it). */
export async function countOwned(db: Db, table: OwnedTable, userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the shopper's row of this variant from their cart or wishlist; false when there was none. */
export async function deleteOwnedVariant(
  db: Db,
  table: 'cart_items' | 'wishlist_items',
  userId: number,
  variantId: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom(table)
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * A LIKE pattern matching `text` anywhere, lower-cased, its own `%`, `_` and `\` taken literally:
 * use it as `lower(column) LIKE pattern ESCAPE '\'`, which SQLite and PostgreSQL read alike.
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
