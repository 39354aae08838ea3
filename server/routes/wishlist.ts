import { createRoute } from '@hono/zod-openapi';
import { WishlistAnswerSchema, WishlistToggleAnswerSchema } from '../../contract/api/buying';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, onInvalid } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { notFound } from '../http/errors';
import type { Accounts } from '../services/auth/accounts';
import { toggleWishlist, wishlistOf } from '../services/wishlist';

/** The signed-in shopper's wishlist of variants: list it, and toggle a variant on or off. */
export function wishlistRoutes(accounts: Accounts): ApiRoutes<SessionEnv> {
  const { db } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const signedIn = shopperSession(accounts);

  const list = createRoute({
    method: 'get',
    path: '/wishlist',
    tags: ['Cart'],
    summary: 'Get the wishlist',
    ...signedIn,
    responses: { 200: json(WishlistAnswerSchema, 'The wishlist, newest first.'), ...errors(401) },
  });
  app.openapi(list, async (c) => c.json(await wishlistOf(db, c.get('session').user.id), 200));

  const toggle = createRoute({
    method: 'post',
    path: '/wishlist_toggle/{id}',
    tags: ['Cart'],
    summary: 'Add a variant to the wishlist, or take it off',
    description: '`id` is the variant id.',
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: json(WishlistToggleAnswerSchema, 'What the toggle did.'),
      ...errors([400, 'The wishlist is full (500 entries).'], 401, [404, 'No such variant.'], 413),
    },
  });
  app.openapi(
    toggle,
    async (c) => {
      const at = new Date(accounts.now()).toISOString();
      return c.json(await toggleWishlist(db, c.get('session').user.id, c.req.valid('param').id, at), 200);
    },
    onInvalid({ param: () => notFound('Product not found.') }),
  );

  return app;
}
