import type { Db } from '../db';
import { countOwned, deleteOwnedVariant, inserted } from './helpers';

/** Shoppers' carts: one line per (shopper, variant), a unique pair the database enforces. */

/** One line of a cart. */
export interface CartLine {
  variant_id: number;
  quantity: number;
}

/** A shopper's cart lines in the order they were added. */
export function listCartLines(db: Db, userId: number): Promise<CartLine[]> {
  return db
    .selectFrom('cart_items')
    .select(['variant_id', 'quantity'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** True when the shopper's cart has a line of this variant. */
export async function hasCartLine(db: Db, userId: number, variantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('cart_items')
    .select('id')
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** How many lines the shopper's cart holds. */
export function countCartLines(db: Db, userId: number): Promise<number> {
  return countOwned(db, 'cart_items', userId);
}

/** Adds a line; false when the cart already had one of this variant (even one added a moment ago). */
export async function insertCartLine(
  db: Db,
  line: { userId: number; variantId: number; quantity: number; createdAt: string },
): Promise<boolean> {
  const result = await db
    .insertInto('cart_items')
    .values({ user_id: line.userId, variant_id: line.variantId, quantity: line.quantity, created_at: line.createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/** Sets a line's quantity; false when the cart has no line of this variant. */
export async function setCartQuantity(db: Db, userId: number, variantId: number, quantity: number): Promise<boolean> {
  const result = await db
    .updateTable('cart_items')
    .set({ quantity })
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes a line; false when the cart had none of this variant. */
export function deleteCartLine(db: Db, userId: number, variantId: number): Promise<boolean> {
  return deleteOwnedVariant(db, 'cart_items', userId, variantId);
}

/** Takes the variants an order bought out of its owner's cart. */
export async function removeOrderedLines(db: Db, userId: number, orderId: number): Promise<void> {
  await db
    .deleteFrom('cart_items')
    .where('user_id', '=', userId)
    .where('variant_id', 'in', (eb) =>
      eb.selectFrom('order_items').select('variant_id').where('order_id', '=', orderId),
    )
    .execute();
}
