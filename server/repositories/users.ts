import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db';
import type { UserRow, UsersTable } from '../db/schema';

/** Shoppers' accounts. */

/** The account with this e-mail, whatever its case. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  // `lower(email)` is what the unique index covers, so this is an index lookup.
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The account with this id, or undefined. */
export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The id of the account with this phone number, or undefined. */
export async function findUserIdByPhone(db: Db, phone: string): Promise<number | undefined> {
  return (await db.selectFrom('users').select('id').where('phone_number', '=', phone).executeTakeFirst())?.id;
}

/** Stores a new account; answers its id. Throws on a taken e-mail or phone number (unique indexes). */
export async function insertUser(db: Db, values: Insertable<UsersTable>): Promise<number> {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Changes an account; answers it as stored. Throws on a taken e-mail or phone number (unique indexes). */
export function updateUser(db: Db, id: number, changes: Updateable<UsersTable>): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}
