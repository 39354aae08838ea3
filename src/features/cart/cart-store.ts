import { atom, computed } from 'nanostores';
import { addToCart, getCart, removeFromCart, setCartQuantity } from '../../lib/api/cart';
import { ApiError } from '../../lib/api/http';
import type { CartItem } from '../../../contract/types';
import { ADD_TO_CART_QUANTITY } from '../../../contract/shop';
import { $isLoggedIn } from '../../lib/stores/session';
import { announceChange } from '../../lib/stores/shared-refresh';
import { isMomentaryFailure } from '../../lib/api/retry';

export type { CartItem as CartLine };

/** The shopper's cart lines; empty when logged out or unknown. */
export const $cartLines = atom<CartItem[]>([]);

/** The header badge: the number of cart entries. */
export const $cartCount = computed($cartLines, (lines) => lines.length);

/** True once the cart has been read from the server at least once on this page. */
export const $cartLoaded = atom(false);

/** Reads the cart again; a failure is logged and the count falls back to 0. */
export async function refreshCart(): Promise<void> {
  if (!$isLoggedIn.get()) {
    $cartLines.set([]);
    $cartLoaded.set(true);
    return;
  }
  try {
    $cartLines.set(await getCart());
  } catch (error) {
    // A refused token is no failure to log: the server ended the session, and the session store
    // has said so (stores/session.ts). Anything else is logged.
    if (!(error instanceof ApiError && error.status === 401)) console.error('Could not load the cart', error);
    $cartLines.set([]);
  } finally {
    $cartLoaded.set(true);
  }
}

/** True when the variant already has a cart line. */
export function isInCart(variantId: number): boolean {
  return $cartLines.get().some((line) => line.product_variant_id === variantId);
}

/**
 * Adds one of a variant. 'already' means it was in the cart and nothing was sent;
 * a refused add rejects with the API's error.
 */
export async function addVariantToCart(variantId: number): Promise<'added' | 'already'> {
  if (!$cartLoaded.get()) await refreshCart();
  if (isInCart(variantId)) return 'already';
  try {
    await addToCart(variantId, ADD_TO_CART_QUANTITY);
  } catch (error) {
    // An add whose answer was lost while the shop was busy may have been stored: the cart says.
    if (!(error instanceof ApiError && isMomentaryFailure(error.status))) throw error;
    await refreshCart();
    if (!isInCart(variantId)) throw error;
  }
  await refreshCart();
  announceChange('cart');
  return 'added';
}

/** Sets a line's quantity (never below 1), showing it at once and undoing it if the server refuses. */
export async function changeQuantity(variantId: number, quantity: number): Promise<void> {
  const wanted = Math.max(1, Math.floor(quantity));
  const before = $cartLines.get();
  $cartLines.set(before.map((l) => (l.product_variant_id === variantId ? { ...l, quantity: wanted } : l)));
  try {
    await setCartQuantity(variantId, wanted);
    announceChange('cart');
  } catch (error) {
    $cartLines.set(before);
    throw error;
  }
}

/** Removes a line. */
export async function deleteCartLine(variantId: number): Promise<void> {
  await removeFromCart(variantId);
  $cartLines.set($cartLines.get().filter((l) => l.product_variant_id !== variantId));
  announceChange('cart');
}
