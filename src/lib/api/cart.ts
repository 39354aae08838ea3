/** The shopper's cart. */
import { normaliseCart } from './normalise-lines';
import { ApiError, call, mediaOrigin } from './http';
import type { CartItem } from '../../../contract/types';

/** The shopper's cart lines. */
export async function getCart(): Promise<CartItem[]> {
  return normaliseCart(await call('common/cart/'), mediaOrigin());
}

/** Puts a variant in the cart. */
export async function addToCart(variantId: number, quantity: number): Promise<void> {
  await call('common/cart/add/', {
    method: 'POST',
    json: { variant_id: variantId, quantity },
    fallback: 'Failed to add product to cart.',
  });
}

/** Changes a cart line's quantity. */
export async function setCartQuantity(variantId: number, quantity: number): Promise<void> {
  await call(`common/cart/${variantId}/`, { method: 'PATCH', json: { quantity } });
}

/** Removes a cart line. */
export async function removeFromCart(variantId: number): Promise<void> {
  try {
    await call(`common/cart_delete/${variantId}/`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new ApiError(error.status, `Delete failed (${error.status})`, error.body);
    throw error;
  }
}
