import { Hono } from 'hono';
import type { WishlistEntry } from '../../contract/types';
import { paiseToRupees } from '../../contract/pricing';
import type { Db } from '../db';
import { findVariants, sizeLabel } from '../db/variants';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { pathId } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';

/** Entries one shopper may keep: far more than a wishlist needs, and a bound on what one account stores. */
export const MAX_WISHLIST_ITEMS = 500;

/** A wishlist entry as answered: the client's shape plus the variant id and list price on the product. */
type WishlistEntryBody = WishlistEntry & { product: WishlistEntry['product'] & { variant_id: number; price: number } };

async function countWishlist(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('wishlist_items')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The signed-in shopper's wishlist of variants: list it, and toggle a variant on or off. */
export function wishlistRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);

  app.get('/wishlist', auth, async (c) => {
    const userId = c.get('session').user.id;
    const rows = await db
      .selectFrom('wishlist_items')
      .select(['id', 'variant_id'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    const variants = await findVariants(
      db,
      rows.map((r) => r.variant_id),
    );
    const results = rows.flatMap((row): WishlistEntryBody[] => {
      const v = variants.get(row.variant_id);
      if (!v) return [];
      return [
        {
          id: row.id,
          variant_id: v.variant_id,
          product: {
            id: v.product_id,
            variant_id: v.variant_id,
            name: v.product_name,
            size: sizeLabel(v),
            color: v.color,
            final_price: paiseToRupees(v.final_price_paise),
            price: paiseToRupees(v.price_paise),
            images: v.image ? [{ image: v.image }] : [],
          },
        },
      ];
    });
    return c.json({ wishlist_count: results.length, results });
  });

  app.post('/wishlist_toggle/:id', auth, async (c) => {
    const userId = c.get('session').user.id;
    const variantId = pathId(c.req.param('id'));
    const exists =
      variantId !== null &&
      (await db.selectFrom('variants').select('id').where('id', '=', variantId).executeTakeFirst());
    if (variantId === null || !exists) throw notFound('Product not found.');
    // Delete first: if a row went, it was on the list; otherwise add it. Two quick taps cannot
    // leave a duplicate (the pair is unique) and each answer says what that tap did.
    const removed = await db
      .deleteFrom('wishlist_items')
      .where('user_id', '=', userId)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
    let added = false;
    if (!removed.numDeletedRows) {
      if ((await countWishlist(db, userId)) >= MAX_WISHLIST_ITEMS) {
        throw new ApiError(400, `Your wishlist can hold at most ${MAX_WISHLIST_ITEMS} products; remove one first.`);
      }
      // A conflict means a parallel tap added it a moment ago: either way it is on the list now.
      await db
        .insertInto('wishlist_items')
        .values({ user_id: userId, variant_id: variantId, created_at: new Date(accounts.now()).toISOString() })
        .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
        .execute();
      added = true;
    }
    return c.json({
      message: added ? 'Product added to wishlist' : 'Product removed from wishlist',
      is_wishlisted: added,
      wishlist_count: await countWishlist(db, userId),
    });
  });

  return app;
}
