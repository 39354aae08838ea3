import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db';
import type { StaffRow } from '../../db/schema';
import { isRevoked } from '../../repositories/sessions';
import { findStaffById } from '../../repositories/staff';
import { issuedAt, type TokenConfig } from '../auth/tokens';

/**
 * The audience of staff tokens. They are signed with the shop's one secret, so the audience is
 * what keeps the two kinds apart: staff routes require it, shopper routes refuse any audience.
 */
export const STAFF_AUDIENCE = 'staff';
/** A working day: a staff session is shorter than a shopper's 2 days (STAFF_TOKEN_TTL_HOURS). */
export const DEFAULT_STAFF_TOKEN_TTL_SECONDS = 8 * 3600;
const MAX_TOKEN_LENGTH = 2048;

/** A staff token that passed every check, and whose it is. */
export interface StaffSession {
  staff: StaffRow;
  jti: string;
  /** Unix seconds. */
  exp: number;
}

/** Signs a staff token: HS256, `aud: 'staff'`, `sub` the staff id, a random `jti`, `iat`, `exp`. */
export async function issueStaffToken(
  config: TokenConfig,
  staff: Pick<StaffRow, 'id' | 'tokens_valid_after'>,
): Promise<{ token: string; exp: number }> {
  const iat = issuedAt(config.now(), staff.tokens_valid_after);
  const exp = iat + config.ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setAudience(STAFF_AUDIENCE)
    .setSubject(String(staff.id))
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(config.secret);
  return { token, exp };
}

/**
 * The staff session a token stands for, or null: malformed, not HS256, wrongly signed, not of the
 * staff audience (a shopper's token), expired, revoked (logout), older than the account's
 * `tokens_valid_after`, or the account is gone, disabled or has no confirmed second factor.
 */
export async function verifyStaffToken(db: Db, config: TokenConfig, token: string): Promise<StaffSession | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, config.secret, {
      algorithms: ['HS256'],
      audience: STAFF_AUDIENCE,
      requiredClaims: ['aud', 'sub', 'jti', 'iat', 'exp'],
      currentDate: new Date(config.now()),
    }));
  } catch {
    return null;
  }
  const { sub, jti, iat, exp } = payload;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,15}$/.test(sub) || typeof jti !== 'string') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (await isRevoked(db, jti)) return null;
  const staff = await findStaffById(db, Number(sub));
  if (!staff || staff.disabled_at !== null || staff.totp_confirmed_at === null) return null;
  if (staff.tokens_valid_after !== null && iat < staff.tokens_valid_after) return null;
  return { staff, jti, exp };
}
