import { atom, computed } from 'nanostores';
import { ApiError } from '../../lib/api/http';
import { getWishlist, toggleWishlist } from '../../lib/api/wishlist';
import type { WishlistEntry } from '../../../contract/types';
import { $isLoggedIn } from '../../lib/stores/session';
import { announceChange } from '../../lib/stores/shared-refresh';
import { addVariantToCart } from '../cart/cart-store';

/** The shopper's wishlist entries; empty when logged out. */
export const $wishlist = atom<WishlistEntry[]>([]);

/** Number of wishlist entries for the header badge; 0 when logged out or unknown. */
export const $wishlistCount = atom<number>(0);

/** True once the wishlist has been read at least once on this page. */
export const $wishlistLoaded = atom(false);

/** Variant ids on the wishlist, so hearts can show as pressed. */
export const $wishlistVariants = computed($wishlist, (entries) => new Set(entries.map((e) => e.variant_id)));

/** Reads the wishlist again; a failure is logged and the count falls back to 0. */
export async function refreshWishlist(): Promise<void> {
  if (!$isLoggedIn.get()) {
    $wishlist.set([]);
    $wishlistCount.set(0);
    $wishlistLoaded.set(true);
    return;
  }
  try {
    const { entries, count } = await getWishlist();
    $wishlist.set(entries);
    $wishlistCount.set(count);
  } catch (error) {
    // A refused token is no failure to log: the server ended the session, and the session store
    // has said so (stores/session.ts). Anything else is logged.
    if (!(error instanceof ApiError && error.status === 401)) console.error('Could not load the wishlist', error);
    $wishlistCount.set(0);
  } finally {
    $wishlistLoaded.set(true);
  }
}

/** Flips a variant on or off the wishlist after the server's reply; true when it was added. */
export async function toggleWishlistVariant(variantId: number): Promise<boolean> {
  const added = await toggleWishlist(variantId);
  await refreshWishlist();
  announceChange('wishlist');
  return added;
}

/**
 * Moves a wishlist entry into the cart: one piece added (or the cart's line kept when it has one), then the entry
 * taken off the wishlist. A refused add (sold out) rejects with the API's error and leaves the wishlist as it was.
 */
export async function moveToCart(variantId: number): Promise<void> {
  await addVariantToCart(variantId);
  await refreshWishlist();
  // Taken off in another tab meanwhile: nothing left to take off (a toggle would put it back).
  if (!$wishlistVariants.get().has(variantId)) return;
  await toggleWishlistVariant(variantId);
}
