import crypto from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Db } from '../../db';
import type { UserRow } from '../../db/schema';
import { deleteExpiredRevocations, isRevoked, revoke } from '../../repositories/sessions';
import { findUserById } from '../../repositories/users';

/** Tokens longer than this are refused unread (ours are about 200 characters). */
const MAX_TOKEN_LENGTH = 2048;

export interface TokenConfig {
  /** HS256 key, at least 32 bytes. */
  secret: Uint8Array;
  ttlSeconds: number;
  /** Clock in milliseconds. */
  now: () => number;
}

/** A token that passed every check, and whose it is. */
export interface Session {
  user: UserRow;
  jti: string;
  /** Unix seconds. */
  exp: number;
}

/** The first second a new token for this account may carry as `iat` (see `issueToken`). */
export function issuedAt(nowMs: number, tokensValidAfter: number | null): number {
  return Math.max(Math.floor(nowMs / 1000), tokensValidAfter ?? 0);
}

/**
 * Signs a session token: HS256, `sub` the user id, a random `jti`, `iat` and always `exp`.
 * `iat` is never before the user's `tokens_valid_after`: a reset sets that to the next whole
 * second, so tokens from before the reset die while one issued in the same second still lives.
 */
export async function issueToken(
  config: TokenConfig,
  user: Pick<UserRow, 'id' | 'tokens_valid_after'>,
): Promise<{ token: string; exp: number }> {
  const iat = issuedAt(config.now(), user.tokens_valid_after);
  const exp = iat + config.ttlSeconds;
  const token = await new SignJWT({})
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(user.id))
    .setJti(crypto.randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(config.secret);
  return { token, exp };
}

/**
 * The session a token stands for, or null when it is malformed, not HS256, wrongly signed,
 * expired, revoked, older than the user's last password reset, or its user is gone.
 */
export async function verifyToken(db: Db, config: TokenConfig, token: string): Promise<Session | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  let payload;
  try {
    ({ payload } = await jwtVerify(token, config.secret, {
      // Pinned: `none` and every other algorithm are refused before the signature is looked at.
      algorithms: ['HS256'],
      requiredClaims: ['sub', 'jti', 'iat', 'exp'],
      currentDate: new Date(config.now()),
    }));
  } catch {
    return null;
  }
  const { sub, jti, iat, exp, aud } = payload;
  // Shoppers' tokens carry no audience; one that does is another kind (a staff token, `aud: 'staff'`),
  // and its `sub` numbers another table: it must never pass for the shopper of that id.
  if (aud !== undefined) return null;
  if (typeof sub !== 'string' || !/^[1-9]\d{0,15}$/.test(sub) || typeof jti !== 'string') return null;
  if (typeof iat !== 'number' || typeof exp !== 'number') return null;
  if (await isRevoked(db, jti)) return null;
  const user = await findUserById(db, Number(sub));
  if (!user || !user.password_hash) return null;
  if (user.tokens_valid_after !== null && iat < user.tokens_valid_after) return null;
  return { user, jti, exp };
}

/** Ends a session: its `jti` is refused until the token would have expired anyway. */
export async function revokeToken(db: Db, config: TokenConfig, session: Pick<Session, 'jti' | 'exp'>): Promise<void> {
  const nowSeconds = Math.floor(config.now() / 1000);
  await revoke(db, session.jti, session.exp);
  // Opportunistic clean-up: rows of expired tokens guard nothing.
  await deleteExpiredRevocations(db, nowSeconds);
}

/**
 * The `tokens_valid_after` that kills every token issued so far: each has an `iat` of at most
 * `issuedAt(now, current)`, so one second past that.
 */
export function invalidateBefore(nowMs: number, current: number | null): number {
  return issuedAt(nowMs, current) + 1;
}
