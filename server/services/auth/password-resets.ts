import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { RESET_PIN_MINUTES } from '../mail/messages';

/** Wrong tries that kill a PIN (the right PIN afterwards fails too). */
export const MAX_PIN_ATTEMPTS = 5;
const PIN_LIFE_MS = RESET_PIN_MINUTES * 60_000;
/** After the PIN is verified, the new password must come within this time. */
const VERIFIED_LIFE_MS = 10 * 60_000;

/** PINs are kept as HMAC-SHA256 under the server secret, salted with the reset's random id. */
function pinHash(secret: Uint8Array, id: string, pin: string): string {
  return crypto.createHmac('sha256', secret).update(`${id}:${pin}`).digest('hex');
}

/** A fresh 4-digit PIN, uniformly drawn from a cryptographic source. */
export function newPin(): string {
  return String(crypto.randomInt(0, 10_000)).padStart(4, '0');
}

/** Stores a new PIN for the user, replacing any earlier one for the same e-mail. */
export async function createReset(
  db: Db,
  secret: Uint8Array,
  user: Pick<UserRow, 'id'>,
  emailLower: string,
  pin: string,
  nowMs: number,
): Promise<void> {
  const id = crypto.randomUUID();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('email_lower', '=', emailLower).execute();
    await trx
      .insertInto('password_resets')
      .values({
        id,
        user_id: user.id,
        email_lower: emailLower,
        pin_hash: pinHash(secret, id, pin),
        created_at: nowMs,
        expires_at: nowMs + PIN_LIFE_MS,
      })
      .execute();
  });
}

function tokenHash(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

/**
 * Checks a PIN. Every try uses one of the PIN's attempts (claimed atomically before the
 * comparison, so parallel guesses cannot exceed them); null for unknown e-mail, wrong,
 * expired, used or exhausted PINs alike. A right PIN yields a one-time reset token: knowing
 * the e-mail alone never allows a reset, only the browser that verified the PIN can.
 */
export async function verifyResetPin(
  db: Db,
  secret: Uint8Array,
  emailLower: string,
  pin: string,
  nowMs: number,
): Promise<string | null> {
  const row = await db
    .selectFrom('password_resets')
    .selectAll()
    .where('email_lower', '=', emailLower)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowMs)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const claimed = await db
    .updateTable('password_resets')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', row.id)
    .where('attempts', '<', MAX_PIN_ATTEMPTS)
    .executeTakeFirst();
  if (!claimed.numUpdatedRows) return null;
  const expected = Buffer.from(row.pin_hash, 'hex');
  const given = Buffer.from(pinHash(secret, row.id, pin), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .updateTable('password_resets')
    .set({ verified_at: nowMs, token_hash: tokenHash(token) })
    .where('id', '=', row.id)
    .execute();
  return token;
}

/** The reset whose PIN was verified with `token` in the last 10 minutes and is not yet used, if any. */
export function findVerifiedReset(db: Db, emailLower: string, token: string, nowMs: number) {
  return db
    .selectFrom('password_resets')
    .select(['id', 'user_id'])
    .where('email_lower', '=', emailLower)
    .where('token_hash', '=', tokenHash(token))
    .where('used_at', 'is', null)
    .where('verified_at', 'is not', null)
    .where('verified_at', '>', nowMs - VERIFIED_LIFE_MS)
    .where('user_id', 'is not', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
}
