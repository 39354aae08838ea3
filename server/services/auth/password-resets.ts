import crypto from 'node:crypto';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { Invalid } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import * as resets from '../../repositories/password-resets';
import { findUserById, updateUser } from '../../repositories/users';
import { RESET_PIN_MINUTES } from '../mail/messages';
import { invalidateBefore } from './tokens';

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
  await resets.replaceReset(db, {
    id,
    user_id: user.id,
    email_lower: emailLower,
    pin_hash: pinHash(secret, id, pin),
    created_at: nowMs,
    expires_at: nowMs + PIN_LIFE_MS,
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
  const row = await resets.findLiveReset(db, emailLower, nowMs);
  if (!row) return null;
  if (!(await resets.claimAttempt(db, row.id, MAX_PIN_ATTEMPTS))) return null;
  const expected = Buffer.from(row.pin_hash, 'hex');
  const given = Buffer.from(pinHash(secret, row.id, pin), 'hex');
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const token = crypto.randomBytes(32).toString('base64url');
  await resets.markVerified(db, row.id, nowMs, tokenHash(token));
  return token;
}

/**
 * Sets a new password with the one-time token a verified PIN handed out (within 10 minutes of
 * the verification, once). Every token issued before dies: whoever had the old password is
 * logged out.
 */
export async function resetPassword(
  db: Db,
  emailLower: string,
  token: string | undefined,
  passwordHash: () => Promise<string>,
  now: () => number,
): Promise<void> {
  const notVerified = new Invalid('Please verify the PIN sent to your email first.');
  const reset = token
    ? await resets.findVerifiedReset(db, emailLower, tokenHash(token), now() - VERIFIED_LIFE_MS)
    : undefined;
  const userId = reset?.user_id;
  if (!reset || !userId) throw notVerified;
  const hash = await passwordHash();
  await inTransaction(db, async (trx) => {
    const at = now();
    // Single use even under a race: only one request can flip used_at from NULL.
    if (!(await resets.markUsed(trx, reset.id, at))) throw notVerified;
    const user = await findUserById(trx, userId);
    if (!user) throw notVerified;
    await updateUser(trx, userId, {
      password_hash: hash,
      tokens_valid_after: invalidateBefore(at, user.tokens_valid_after),
      updated_at: new Date(at).toISOString(),
    });
    await resets.deleteOtherResets(trx, emailLower, reset.id);
  });
}
