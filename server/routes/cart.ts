import { Hono } from 'hono';
import { AddToCartBody, UpdateCartLineBody } from '../../contract/schemas/cart';
import { IdParams } from '../../contract/schemas/common';
import { requireSession, type SessionEnv } from '../http/auth';
import { parseJson, parseParams } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { addToCart, cartOf, changeQuantity, notInCart, removeFromCart } from '../services/cart';

/** The signed-in shopper's cart: list, add, change a quantity, remove. */
export function cartRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);
  const at = () => new Date(accounts.now()).toISOString();

  app.get('/cart', auth, async (c) => c.json(await cartOf(db, c.get('session').user.id)));

  app.post('/cart/add', auth, async (c) => {
    const input = await parseJson(c, AddToCartBody);
    await addToCart(db, c.get('session').user.id, input.variant_id, input.quantity, at());
    return c.json({ message: 'Added to cart' }, 201);
  });

  app.patch('/cart/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, notInCart);
    const input = await parseJson(c, UpdateCartLineBody);
    return c.json(await changeQuantity(db, c.get('session').user.id, id, input.quantity));
  });

  app.delete('/cart_delete/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, notInCart);
    await removeFromCart(db, c.get('session').user.id, id);
    return c.json({ message: 'Product removed from cart.' });
  });

  return app;
}
