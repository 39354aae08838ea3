import type { Insertable } from 'kysely';
import type { Db } from '../db';
import type { PasswordResetsTable } from '../db/schema';
import { inTransaction } from './helpers';

/** Password resets by e-mailed PIN: one live reset per e-mail address. Times are milliseconds. */

/** Stores a new reset, replacing any earlier one for the same e-mail. */
export async function replaceReset(db: Db, reset: Insertable<PasswordResetsTable>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.deleteFrom('password_resets').where('email_lower', '=', reset.email_lower).execute();
    await trx.insertInto('password_resets').values(reset).execute();
  });
}

/** The newest unused, unexpired reset of this e-mail, or undefined. */
export function findLiveReset(db: Db, emailLower: string, nowMs: number) {
  return db
    .selectFrom('password_resets')
    .selectAll()
    .where('email_lower', '=', emailLower)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/**
 * Uses one of a reset's attempts, unless `maxAttempts` are used already; atomic, so parallel
 * guesses cannot exceed them. True when an attempt was claimed.
 */
export async function claimAttempt(db: Db, id: string, maxAttempts: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Marks a reset's PIN verified, keeping the hash of the one-time token handed out for it. */
export async function markVerified(db: Db, id: string, nowMs: number, tokenHash: string): Promise<void> {
  await db
    .updateTable('password_resets')
    .set({ verified_at: nowMs, token_hash: tokenHash })
    .where('id', '=', id)
    .execute();
}

/** The unused reset of this e-mail verified with this token hash after `verifiedSince`, if any. */
export function findVerifiedReset(db: Db, emailLower: string, tokenHash: string, verifiedSince: number) {
  return db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('email_lower', '=', emailLower)
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('verified_at', '>', verifiedSince)
    .where('user_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}

/** Marks a reset used; false when it already was (only one request can flip `used_at` from NULL). */
export async function markUsed(db: Db, id: string, nowMs: number): Promise<boolean> {
  const result = await db
    .updateTable('password_resets')
    .set({ used_at: nowMs })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the other resets of this e-mail. */
export async function deleteOtherResets(db: Db, emailLower: string, keepId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('email_lower', '=', emailLower).where('id', '!=', keepId).execute();
}
