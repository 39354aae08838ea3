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

/**
 * The accounts holding this e-mail or this phone number, read in one statement: on PostgreSQL two
 * statements may see two moments, and a sign-up committed between them would show only its phone.
 */
export function findUsersByEmailOrPhone(
  db: Db,
  email: string,
  phone: string,
): Promise<{ id: number; email: string; phone_number: string | null }[]> {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'phone_number'])
    .where((eb) => eb.or([eb(sql<string>`lower(email)`, '=', email.toLowerCase()), eb('phone_number', '=', phone)]))
    .execute();
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
