import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { BUSY_MESSAGE } from '../../../contract/shop';
import { setTokenSource } from '../../lib/api/http';
import { $session } from '../../lib/stores/session';
import { $cartLines, $cartLoaded, addVariantToCart } from './cart-store';

/** A token that expires in an hour: the session store counts the shopper as logged in. */
function liveToken(): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${b64({ alg: 'HS256' })}.${b64({ sub: '1', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
}

const line = (variantId: number) => ({
  product_variant_id: variantId,
  product_id: 1,
  product_name: 'Steel Tiffin',
  product_image: null,
  size: null,
  color: null,
  weight: null,
  quantity: 1,
  final_price: 499,
  product_price: 599,
  discount_percent: 17,
  available: 10,
});

/** Adding to the cart when the answer to the add is lost: the cart read afterwards decides. */
describe('Add Cart while the shop is busy for a moment', () => {
  let stored: number[] = [];
  let addStores = true;
  beforeEach(() => {
    vi.stubEnv('SSR', false);
    const token = liveToken();
    $session.set({ token, user: null, userId: 1 });
    setTokenSource(() => token);
    $cartLines.set([]);
    $cartLoaded.set(true);
    stored = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).includes('cart/add')) {
          const { variant_id } = JSON.parse(String(init?.body)) as { variant_id: number };
          if (addStores) stored.push(variant_id);
          // The add reached the database, but its answer was lost on the way back.
          return new Response(JSON.stringify({ message: BUSY_MESSAGE }), { status: 503 });
        }
        const body = { cart_items: stored.map(line), total_price: 0, count: stored.length };
        return new Response(JSON.stringify(body), { status: 200 });
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    setTokenSource(() => null);
    $session.set({ token: null, user: null, userId: null });
  });

  test('an add that was stored counts as added, and is sent once', async () => {
    addStores = true;
    await expect(addVariantToCart(7)).resolves.toBe('added');
    expect($cartLines.get().map((l) => l.product_variant_id)).toEqual([7]);
    expect(stored).toEqual([7]);
  });

  test('an add that was not stored fails with the busy message', async () => {
    addStores = false;
    await expect(addVariantToCart(7)).rejects.toMatchObject({ status: 503, message: BUSY_MESSAGE });
    expect($cartLines.get()).toEqual([]);
  });
});
