import type { Db } from '../db';
import { inserted } from './helpers';

/** Ended sessions: the ids (`jti`) of tokens refused until they would have expired anyway. */

/** True when the token with this id was revoked. */
export async function isRevoked(db: Db, jti: string): Promise<boolean> {
  return (await db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).executeTakeFirst()) !== undefined;
}

/** Records a token's id as revoked until `expiresAt` (Unix seconds); revoking it again changes nothing. */
export async function revoke(db: Db, jti: string, expiresAt: number): Promise<boolean> {
  const result = await db
    .insertInto('revoked_tokens')
    .values({ jti, expires_at: expiresAt })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/** Forgets revoked tokens that expired before `nowSeconds`: they guard nothing any more. */
export async function deleteExpiredRevocations(db: Db, nowSeconds: number): Promise<void> {
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', nowSeconds).execute();
}
