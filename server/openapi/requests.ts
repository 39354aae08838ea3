/**
 * Request schemas of the routes whose bodies, queries and parameters contract/ does not hold
 * yet, written to match what those routes accept. The forms' schemas (sign-up, login, reset,
 * profile, address, contact) come from contract/schemas/ as they are.
 */
import { z } from 'zod';
import { resetPasswordSchema } from '../../contract/schemas/auth';
import { wholeNumber } from '../../contract/schemas/common';
import { MAX_ADDRESS_LENGTH } from '../../contract/schemas/orders';
import { MAX_REVIEW_IMAGES, MAX_REVIEW_LENGTH } from '../../contract/schemas/reviews';
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from '../../contract/shop';

/** An id as a path or query value: plain decimal digits, no sign, no leading zero. */
const digitsId = z
  .string()
  .regex(/^[1-9]\d{0,14}$/)
  .meta({ description: 'A positive whole number, digits only.', example: '1' });

/** `{id}` in a path. Anything else answers 404, as a missing record does. */
export const idParams = z.object({ id: digitsId });

const QUANTITY_MESSAGE = `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`;
const variantId = wholeNumber(1, Number.MAX_SAFE_INTEGER, 'Choose a product variant.').meta({
  description: 'A variant id (a string of digits is accepted too).',
});
const quantity = wholeNumber(1, MAX_LINE_QUANTITY, QUANTITY_MESSAGE);

const MAX_PAGE_SIZE = 100;
const MAX_SEARCH_LENGTH = 100;
const flag = z.enum(['true', 'false', '1', '0']);

export const productListQuery = z.object({
  category: digitsId.optional().meta({ description: 'Only products of this category.' }),
  category_id: digitsId.optional().meta({ description: 'The same as `category` (both given: they must agree).' }),
  sub_category: digitsId.optional().meta({ description: 'Only products of this subcategory.' }),
  sub_category_id: digitsId.optional().meta({ description: 'The same as `sub_category`.' }),
  subcategory_id: digitsId.optional().meta({ description: 'The same as `sub_category`.' }),
  popular: flag.optional().meta({ description: 'Only popular products.' }),
  page: digitsId.optional().meta({ description: 'Page number from 1; with it (or page_size) the answer is a page.' }),
  page_size: digitsId.optional().meta({ description: `Products per page, at most ${MAX_PAGE_SIZE} (default 50).` }),
});

export const searchQuery = z.object({
  search: z.string().max(MAX_SEARCH_LENGTH).optional().meta({ description: 'Words to find; empty finds nothing.' }),
  q: z.string().max(MAX_SEARCH_LENGTH).optional().meta({ description: 'The same as `search`.' }),
});

export const reviewListQuery = z.object({
  product: digitsId.optional().meta({ description: 'Reviews of this product.' }),
  variant: digitsId.optional().meta({ description: 'Reviews of this variant.' }),
  variant_id: digitsId.optional().meta({ description: 'The same as `variant`.' }),
  user: digitsId.optional().meta({ description: 'Reviews written by this user.' }),
});

/** A new review: multipart form fields, and up to three picture files. */
export const reviewForm = z.object({
  variant: digitsId.meta({ description: 'The bought variant (`variant_id` is read too).' }),
  rating: z.enum(['1', '2', '3', '4', '5']),
  review: z.string().min(1).max(MAX_REVIEW_LENGTH),
  images: z
    .array(z.string().meta({ format: 'binary' }))
    .max(MAX_REVIEW_IMAGES)
    .optional()
    .meta({ description: `Up to ${MAX_REVIEW_IMAGES} pictures (JPEG, PNG or WebP).` }),
});

/** The picture travels beside the profile fields as a file. */
export const profilePictureField = z
  .string()
  .meta({ format: 'binary', description: 'A new profile picture (JPEG, PNG or WebP); leave out to keep the old one.' });

export const resetPasswordBody = resetPasswordSchema.and(
  z.object({
    reset_token: z.string().max(200).optional().meta({ description: 'The token verify_reset_otp answered.' }),
  }),
);

export const addToCartBody = z.object({ variant_id: variantId, quantity: quantity.default(1) });
export const cartQuantityBody = z.object({ quantity });

export const createOrderBody = z.object({
  products: z
    .array(z.object({ variant_id: variantId, quantity: quantity.default(1) }))
    .min(1)
    .max(MAX_CART_LINES)
    .meta({ description: 'What to buy; lines of the same variant are added up. Prices sent are ignored.' }),
  address: z
    .string()
    .min(1)
    .max(MAX_ADDRESS_LENGTH)
    .meta({ description: 'The delivery address as one line (name, phones, street, city, state, pincode).' }),
});

const providerOrderId = z.string().regex(/^order_[A-Za-z0-9]{1,40}$/);

export const verifyPaymentBody = z.object({
  razorpay_order_id: providerOrderId,
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/),
  razorpay_signature: z.string().meta({ description: 'HMAC-SHA256 of `order_id|payment_id`, hex.' }),
});

export const testPaymentBody = z.object({
  amount: wholeNumber(100, 100_000, 'The test amount must be from ₹1 to ₹1,000 (100 to 100000 paise).')
    .optional()
    .meta({ description: 'Amount in paise, from 100 (₹1, the default) to 100000 (₹1,000).' }),
});

export const localAuthorizeBody = z.object({ order_id: providerOrderId });

/** A Razorpay event: only `event` and the payment or order entity in `payload` are read. */
export const webhookEvent = z
  .looseObject({
    event: z.string().meta({ example: 'payment.captured' }),
    payload: z.looseObject({}),
  })
  .meta({ description: 'payment.captured, order.paid and payment.failed change an order; other events are ignored.' });

export const webhookHeaders = z.object({
  'x-razorpay-signature': z.string().meta({ description: 'HMAC-SHA256 of the raw body with the webhook secret, hex.' }),
  'x-razorpay-event-id': z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'Razorpay delivers at least once: an id seen before is answered `duplicate`.' }),
});
