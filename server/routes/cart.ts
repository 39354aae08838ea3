import { Hono } from 'hono';
import { z } from 'zod';
import type { CartItem } from '../../contract/types';
import { MAX_LINE_QUANTITY } from '../../contract/shop';
import { discountPercent, paiseToRupees } from '../../contract/pricing';
import type { Db } from '../db';
import { findVariants, weightLabel, type VariantSummary } from '../db/variants';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { parseJson, pathId, wholeNumber } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';

/** Lines one cart may hold: a generous household order, and a bound on what one account stores. */
export const MAX_CART_LINES = 100;
/** Most of one variant per line (and per order line): the storefront's + stops at the same number. */
export { MAX_LINE_QUANTITY };

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
const quantity = wholeNumber(1, MAX_LINE_QUANTITY, QUANTITY_MESSAGE);
const addSchema = z.object({
  variant_id: wholeNumber(1, Number.MAX_SAFE_INTEGER, 'Choose a product variant.'),
  quantity: quantity.default(1),
});
const updateSchema = z.object({ quantity });

/** A cart line as the cart call answers it: prices as the catalogue has them now. */
export function cartItemOf(v: VariantSummary, qty: number): CartItem {
  return {
    product_variant_id: v.variant_id,
    product_id: v.product_id,
    product_name: v.product_name,
    product_image: v.image,
    size: v.size,
    color: v.color,
    weight: weightLabel(v),
    quantity: qty,
    final_price: paiseToRupees(v.final_price_paise),
    product_price: paiseToRupees(v.price_paise),
    discount_percent: discountPercent(v.price_paise, v.final_price_paise),
  };
}

async function cartLine(db: Db, userId: number, variantId: number) {
  return db
    .selectFrom('cart_items')
    .select(['variant_id', 'quantity'])
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

/** The signed-in shopper's cart: list, add, change a quantity, remove. */
export function cartRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);
  const notInCart = () => notFound('This product is not in your cart.');

  app.get('/cart', auth, async (c) => {
    const userId = c.get('session').user.id;
    const rows = await db
      .selectFrom('cart_items')
      .select(['variant_id', 'quantity'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const variants = await findVariants(
      db,
      rows.map((r) => r.variant_id),
    );
    let totalPaise = 0;
    const items = rows.flatMap((row) => {
      const v = variants.get(row.variant_id);
      if (!v) return [];
      totalPaise += v.final_price_paise * row.quantity;
      return [cartItemOf(v, row.quantity)];
    });
    return c.json({ cart_items: items, total_price: paiseToRupees(totalPaise), count: items.length });
  });

  app.post('/cart/add', auth, async (c) => {
    const userId = c.get('session').user.id;
    const input = await parseJson(c, addSchema);
    const exists = await db.selectFrom('variants').select('id').where('id', '=', input.variant_id).executeTakeFirst();
    if (!exists) throw notFound('Product not found.');
    const already = new ApiError(400, 'This product is already in your cart.');
    if (await cartLine(db, userId, input.variant_id)) throw already;
    const { n } = await db
      .selectFrom('cart_items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(n) >= MAX_CART_LINES) {
      throw new ApiError(400, `Your cart can hold at most ${MAX_CART_LINES} products; remove one first.`);
    }
    // The unique (user, variant) pair decides a race between two adds: one inserts, one is told.
    const inserted = await db
      .insertInto('cart_items')
      .values({
        user_id: userId,
        variant_id: input.variant_id,
        quantity: input.quantity,
        created_at: new Date(accounts.now()).toISOString(),
      })
      .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
      .executeTakeFirst();
    if (!Number(inserted.numInsertedOrUpdatedRows ?? 0)) throw already;
    return c.json({ message: 'Added to cart' }, 201);
  });

  app.patch('/cart/:id', auth, async (c) => {
    const userId = c.get('session').user.id;
    const variantId = pathId(c.req.param('id'));
    if (variantId === null) throw notInCart();
    const input = await parseJson(c, updateSchema);
    const updated = await db
      .updateTable('cart_items')
      .set({ quantity: input.quantity })
      .where('user_id', '=', userId)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
    if (!Number(updated.numUpdatedRows)) throw notInCart();
    const v = (await findVariants(db, [variantId])).get(variantId);
    if (!v) throw notInCart();
    return c.json(cartItemOf(v, input.quantity));
  });

  app.delete('/cart_delete/:id', auth, async (c) => {
    const variantId = pathId(c.req.param('id'));
    if (variantId === null) throw notInCart();
    const result = await db
      .deleteFrom('cart_items')
      .where('user_id', '=', c.get('session').user.id)
      .where('variant_id', '=', variantId)
      .executeTakeFirst();
    if (!Number(result.numDeletedRows)) throw notInCart();
    return c.json({ message: 'Product removed from cart.' });
  });

  return app;
}
