/** What placing an order and a test payment accept. */
import { z } from 'zod';
import { rupeesToPaise } from '../pricing';
import { MAX_CART_LINES } from '../shop';
import { lineQuantity, variantId } from './cart';
import { wholeNumber } from './common';

/** Longest delivery address an order keeps. */
export const MAX_ADDRESS_LENGTH = 1000;
export const PRODUCT_LIST_REQUIRED = 'Product list is required';
export const ADDRESS_REQUIRED = 'Please select a delivery address!';

/** One line of an order request; any price it carries is ignored (the server prices orders). */
export const OrderLineBody = z.object({ variant_id: variantId, quantity: lineQuantity.default(1) });
export type OrderLine = z.output<typeof OrderLineBody>;

/** POST /create_order: the lines bought and the delivery address as one text. */
export const CreateOrderBody = z.object({
  products: z
    .array(OrderLineBody, { error: PRODUCT_LIST_REQUIRED })
    .min(1, PRODUCT_LIST_REQUIRED)
    .max(MAX_CART_LINES, `An order can hold at most ${MAX_CART_LINES} products.`)
    .meta({ description: 'What to buy; lines of the same variant are added up. Prices sent are ignored.' }),
  address: z
    .string({ error: ADDRESS_REQUIRED })
    .trim()
    .min(1, ADDRESS_REQUIRED)
    .max(MAX_ADDRESS_LENGTH, ADDRESS_REQUIRED)
    .meta({ description: 'The delivery address as one line (name, phones, street, city, state, pincode).' }),
});
export type CreateOrderInput = z.input<typeof CreateOrderBody>;

/** Test payments (the /razorpay page): ₹1 by default, at most ₹1,000. */
export const TEST_PAYMENT = {
  defaultPaise: rupeesToPaise(1),
  minPaise: rupeesToPaise(1),
  maxPaise: rupeesToPaise(1000),
};

/** POST /test_payment_order: the amount in paise, as the checkout counts. */
export const TestPaymentOrderBody = z.object({
  amount: wholeNumber(
    TEST_PAYMENT.minPaise,
    TEST_PAYMENT.maxPaise,
    'The test amount must be from ₹1 to ₹1,000 (100 to 100000 paise).',
  )
    .default(TEST_PAYMENT.defaultPaise)
    .meta({ description: 'Amount in paise, from 100 (₹1, the default) to 100000 (₹1,000).' }),
});
