import type { MiddlewareHandler } from 'hono';
import type { Accounts } from '../services/auth/accounts';
import { verifyToken, type Session } from '../services/auth/tokens';
import { SHOPPER_SCHEME } from './api-routes';
import { ApiError } from './errors';

/** Hono environment of routes behind `requireSession`: `c.get('session')` is the caller's. */
export type SessionEnv = { Variables: { session: Session } };

/** `Authorization: Bearer <token>`: the token, alone (staff routes read it the same way). */
export const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

/** 401 unless the request carries a valid bearer token; the session is then in `c.get('session')`. */
export function requireSession(accounts: Accounts): MiddlewareHandler<SessionEnv> {
  return async (c, next) => {
    const token = BEARER.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) {
      throw new ApiError(401, 'Authentication credentials were not provided.', undefined, {
        'www-authenticate': 'Bearer',
      });
    }
    const session = await verifyToken(accounts.db, accounts.tokens, token);
    if (!session) {
      throw new ApiError(401, 'Invalid or expired token.', undefined, {
        'www-authenticate': 'Bearer error="invalid_token"',
      });
    }
    c.set('session', session);
    await next();
    // Answers about one shopper are theirs alone: no cache may keep them.
    c.header('cache-control', 'no-store');
  };
}

/**
 * What a shopper's route declares: the session check it runs first, and the bearer scheme the
 * document marks it with (spread into `createRoute`, so that one never comes without the other).
 */
export function shopperSession(accounts: Accounts) {
  return { middleware: requireSession(accounts), security: [{ [SHOPPER_SCHEME]: [] }] };
}
