import { createRoute } from '@hono/zod-openapi';
import { CartAnswerSchema, CartItemSchema } from '../../contract/api/buying';
import { MessageAnswerSchema } from '../../contract/api/messages';
import { AddToCartBody, UpdateCartLineBody } from '../../contract/schemas/cart';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import type { Accounts } from '../services/auth/accounts';
import { addToCart, cartOf, changeQuantity, notInCart, removeFromCart } from '../services/cart';

/** The signed-in shopper's cart: list, add, change a quantity, remove. */
export function cartRoutes(accounts: Accounts): ApiRoutes<SessionEnv> {
  const { db } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const signedIn = shopperSession(accounts);
  const at = () => new Date(accounts.now()).toISOString();
  const lineNotInCart = onInvalid({ param: notInCart });

  const get = createRoute({
    method: 'get',
    path: '/cart',
    tags: ['Cart'],
    summary: 'Get the cart',
    description: 'Lines priced as the catalogue prices them now.',
    ...signedIn,
    responses: { 200: json(CartAnswerSchema, 'The cart.'), ...errors(401) },
  });
  app.openapi(get, async (c) => c.json(await cartOf(db, c.get('session').user.id), 200));

  const add = createRoute({
    method: 'post',
    path: '/cart/add',
    tags: ['Cart'],
    summary: 'Put a variant in the cart',
    ...signedIn,
    request: { body: jsonBody(AddToCartBody) },
    responses: {
      201: json(MessageAnswerSchema, 'Added.'),
      ...errors(
        [400, 'The request is not valid, the variant is in the cart already, or the cart is full (100 lines).'],
        401,
        [404, 'No such variant.'],
        413,
        415,
      ),
    },
  });
  app.openapi(add, async (c) => {
    const input = c.req.valid('json');
    await addToCart(db, c.get('session').user.id, input.variant_id, input.quantity, at());
    return c.json({ message: 'Added to cart' }, 201);
  });

  const change = createRoute({
    method: 'patch',
    path: '/cart/{id}',
    tags: ['Cart'],
    summary: "Change a cart line's quantity",
    description: '`id` is the variant id of the line.',
    ...signedIn,
    request: { params: IdParams, body: jsonBody(UpdateCartLineBody) },
    responses: {
      200: json(CartItemSchema, 'The changed line.'),
      ...errors(400, 401, [404, 'The variant is not in the cart.'], 413, 415),
    },
  });
  app.openapi(
    change,
    async (c) => {
      const { id } = c.req.valid('param');
      return c.json(await changeQuantity(db, c.get('session').user.id, id, c.req.valid('json').quantity), 200);
    },
    lineNotInCart,
  );

  const remove = createRoute({
    method: 'delete',
    path: '/cart_delete/{id}',
    tags: ['Cart'],
    summary: 'Remove a cart line',
    description: '`id` is the variant id of the line.',
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: json(MessageAnswerSchema, 'Removed.'),
      ...errors(401, [404, 'The variant is not in the cart.'], 413),
    },
  });
  app.openapi(
    remove,
    async (c) => {
      await removeFromCart(db, c.get('session').user.id, c.req.valid('param').id);
      return c.json({ message: 'Product removed from cart.' }, 200);
    },
    lineNotInCart,
  );

  return app;
}
