/** What the cart calls accept. */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../shop';
import { wholeNumber } from './common';

/** The answer for a quantity out of range, in the cart and in an order. */
export const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;

/** One line's quantity: 1 to MAX_LINE_QUANTITY. */
export const lineQuantity = wholeNumber(1, MAX_LINE_QUANTITY, QUANTITY_MESSAGE);

/** A variant's id in a body. */
export const variantId = wholeNumber(1, Number.MAX_SAFE_INTEGER, 'Choose a product variant.').meta({
  description: 'A variant id (a string of digits is accepted too).',
});

/** POST /cart/add: one more line (quantity 1 unless given). */
export const AddToCartBody = z.object({ variant_id: variantId, quantity: lineQuantity.default(1) });
export type AddToCartInput = z.input<typeof AddToCartBody>;

/** PATCH /cart/:id: a line's new quantity. */
export const UpdateCartLineBody = z.object({ quantity: lineQuantity });
export type UpdateCartLineInput = z.input<typeof UpdateCartLineBody>;
