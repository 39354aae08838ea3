/** The shopper's wishlist. */
import { errorMessage } from './error-text';
import { normaliseWishlist } from './normalise-lines';
import { call, mediaOrigin } from './http';
import type { WishlistEntry } from '../../../contract/types';

/** The shopper's wishlist and its count. */
export async function getWishlist(): Promise<{ entries: WishlistEntry[]; count: number }> {
  return normaliseWishlist(await call('common/wishlist'), mediaOrigin());
}

/** Adds or removes a variant; true when the server's message says it was added. */
export async function toggleWishlist(variantId: number): Promise<boolean> {
  const raw = await call(`common/wishlist_toggle/${variantId}/`, { method: 'POST' });
  return errorMessage(raw, '').toLowerCase().includes('added');
}
