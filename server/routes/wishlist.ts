import { Hono } from 'hono';
import { IdParams } from '../../contract/schemas/common';
import { requireSession, type SessionEnv } from '../http/auth';
import { notFound } from '../http/errors';
import { parseParams } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { toggleWishlist, wishlistOf } from '../services/wishlist';

/** The signed-in shopper's wishlist of variants: list it, and toggle a variant on or off. */
export function wishlistRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);

  app.get('/wishlist', auth, async (c) => c.json(await wishlistOf(db, c.get('session').user.id)));

  app.post('/wishlist_toggle/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, () => notFound('Product not found.'));
    const at = new Date(accounts.now()).toISOString();
    return c.json(await toggleWishlist(db, c.get('session').user.id, id, at));
  });

  return app;
}
