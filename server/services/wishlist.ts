import type { WishlistEntry } from '../../contract/types';
import { paiseToRupees } from '../../contract/pricing';
import type { Db } from '../db';
import { Invalid, NotFound } from './errors';
import { findVariant, findVariants } from '../repositories/catalogue';
import { countWishlist, deleteWishlistEntry, insertWishlistEntry, listWishlist } from '../repositories/wishlist';
import { sizeLabel } from './catalogue/variant-labels';

/** Entries one shopper may keep: far more than a wishlist needs, and a bound on what one account stores. */
export const MAX_WISHLIST_ITEMS = 500;

/** A wishlist entry as answered: the client's shape plus the variant id and list price on the product. */
type WishlistEntryBody = WishlistEntry & { product: WishlistEntry['product'] & { variant_id: number; price: number } };

/** The shopper's wishlist, newest first; entries of variants that no longer exist are left out. */
export async function wishlistOf(db: Db, userId: number) {
  const rows = await listWishlist(db, userId);
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
  return { wishlist_count: results.length, results };
}

/** Puts a variant on the wishlist, or takes it off if it was there; answers what this tap did. */
export async function toggleWishlist(db: Db, userId: number, variantId: number, at: string) {
  if (!(await findVariant(db, variantId, { onSale: true }))) throw new NotFound('Product not found.');
  // Delete first: if a row went, it was on the list; otherwise add it. Two quick taps cannot
  // leave a duplicate (the pair is unique) and each answer says what that tap did.
  const added = !(await deleteWishlistEntry(db, userId, variantId));
  if (added) {
    if ((await countWishlist(db, userId)) >= MAX_WISHLIST_ITEMS) {
      throw new Invalid(`Your wishlist can hold at most ${MAX_WISHLIST_ITEMS} products; remove one first.`);
    }
    // A conflict means a parallel tap added it a moment ago: either way it is on the list now.
    await insertWishlistEntry(db, userId, variantId, at);
  }
  return {
    message: added ? 'Product added to wishlist' : 'Product removed from wishlist',
    is_wishlisted: added,
    wishlist_count: await countWishlist(db, userId),
  };
}
