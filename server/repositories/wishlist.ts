import type { Db } from '../db';
import { countOwned, deleteOwnedVariant } from './helpers';

/** Shoppers' wishlists of variants: one entry per (shopper, variant), a unique pair the database enforces. */

/** A shopper's wishlist entries, newest first. */
export function listWishlist(db: Db, userId: number): Promise<{ id: number; variant_id: number }[]> {
  return db
    .selectFrom('wishlist_items')
    .select(['id', 'variant_id'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many entries a shopper's wishlist holds. */
export function countWishlist(db: Db, userId: number): Promise<number> {
  return countOwned(db, 'wishlist_items', userId);
}

/** Removes a variant from the wishlist; false when it was not on it. */
export function deleteWishlistEntry(db: Db, userId: number, variantId: number): Promise<boolean> {
  return deleteOwnedVariant(db, 'wishlist_items', userId, variantId);
}

/** Puts a variant on the wishlist; an entry that is already there (a parallel tap) stays as it is. */
export async function insertWishlistEntry(db: Db, userId: number, variantId: number, createdAt: string): Promise<void> {
  await db
    .insertInto('wishlist_items')
    .values({ user_id: userId, variant_id: variantId, created_at: createdAt })
    .onConflict((oc) => oc.columns(['user_id', 'variant_id']).doNothing())
    .execute();
}
