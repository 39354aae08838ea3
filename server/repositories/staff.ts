import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../db';
import type { StaffInviteRow, StaffInvitesTable, StaffRow, StaffTable } from '../db/schema';

/** Back-office accounts and the invitations to open them. */

/** The staff account with this e-mail, whatever its case. */
export function findStaffByEmail(db: Db, email: string): Promise<StaffRow | undefined> {
  // `lower(email)` is what the unique index covers, so this is an index lookup.
  return db
    .selectFrom('staff')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findStaffById(db: Db, id: number): Promise<StaffRow | undefined> {
  return db.selectFrom('staff').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Every staff account, oldest first. */
export function listStaff(db: Db): Promise<StaffRow[]> {
  return db.selectFrom('staff').selectAll().orderBy('id').execute();
}

/** Stores a new account; answers it. Throws on a taken e-mail (unique index). */
export function insertStaff(db: Db, values: Insertable<StaffTable>): Promise<StaffRow> {
  return db.insertInto('staff').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Changes an account; answers it as stored. */
export function updateStaff(db: Db, id: number, changes: Updateable<StaffTable>): Promise<StaffRow> {
  return db.updateTable('staff').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Takes the TOTP code of time step `step` for the account, confirming its second factor if it
 * was not yet: false when a code of that step or a later one was taken already. One conditional
 * update, so two logins racing with the same code cannot both pass.
 */
export async function takeTotpStep(db: Db, id: number, step: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ totp_last_step: step, totp_confirmed_at: sql<string>`coalesce(totp_confirmed_at, ${at})` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Replaces the account's unused recovery codes with `next` if they are still `current`: false
 * when another request used one meanwhile (each code works once, even under a race).
 */
export async function replaceRecoveryCodes(db: Db, id: number, current: string, next: string): Promise<boolean> {
  const result = await db
    .updateTable('staff')
    .set({ recovery_codes: next })
    .where('id', '=', id)
    .where('recovery_codes', '=', current)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** How many owners other than `exceptId` can sign in: not disabled, second factor confirmed. */
export async function countOtherActiveOwners(db: Db, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('staff')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('role', '=', 'owner')
    .where('disabled_at', 'is', null)
    .where('totp_confirmed_at', 'is not', null)
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertInvite(db: Db, values: Insertable<StaffInvitesTable>): Promise<StaffInviteRow> {
  return db.insertInto('staff_invites').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Ends the unused invitations of this e-mail (a new one replaces them). */
export async function expireInvitesOf(db: Db, email: string, at: string): Promise<void> {
  await db
    .updateTable('staff_invites')
    .set({ expires_at: at })
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .execute();
}

export function findInviteByTokenHash(db: Db, tokenHash: string): Promise<StaffInviteRow | undefined> {
  return db.selectFrom('staff_invites').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/**
 * Marks an invitation used if it is unused and not expired at `at`: false otherwise. Only one
 * request can flip `used_at` from NULL, so an invitation opens one account even under a race.
 */
export async function claimInvite(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('staff_invites')
    .set({ used_at: at })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
