import type { Insertable } from 'kysely';
import type { Db } from '../db';
import { countOwned } from './helpers';
import type { AddressesTable, AddressRow } from '../db/schema';

/** Shoppers' delivery addresses; every query is scoped to the owner. */

/** A shopper's addresses, newest first. */
export function listAddresses(db: Db, userId: number): Promise<AddressRow[]> {
  return db
    .selectFrom('addresses')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many addresses a shopper keeps. */
export function countAddresses(db: Db, userId: number): Promise<number> {
  return countOwned(db, 'addresses', userId);
}

/** Stores an address; answers it as stored. */
export function insertAddress(db: Db, values: Insertable<AddressesTable>): Promise<AddressRow> {
  return db.insertInto('addresses').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The shopper's address with this id, or undefined (also when it is someone else's). */
export function findAddress(db: Db, userId: number, id: number): Promise<AddressRow | undefined> {
  return db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** Deletes the shopper's address with this id; false when there was none of theirs. */
export async function deleteAddress(db: Db, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('addresses').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
