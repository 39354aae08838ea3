/** What placing an order and a test payment accept. */
import { z } from 'zod';
import { rupeesToPaise } from '../pricing';
import { MAX_CART_LINES } from '../shop';
import { formatRupees } from '../format';
import { PAYMENT_METHODS } from '../order-lifecycle';
import { lineQuantity, variantId } from './cart';
import { wholeNumber } from './common';
import { addressSchema } from './address';

/** Longest delivery address an order keeps. */
export const MAX_ADDRESS_LENGTH = 1000;
export const PRODUCT_LIST_REQUIRED = 'Product list is required';
export const ADDRESS_REQUIRED = 'Please select a delivery address!';

/** One line of an order request; any price it carries is ignored (the server prices orders). */
export const OrderLineBody = z.object({ variant_id: variantId, quantity: lineQuantity.default(1) });
export type OrderLine = z.output<typeof OrderLineBody>;

/** Cash on delivery where the pincode's zone does not take it. */
export const COD_NOT_HERE_MESSAGE = 'Cash on delivery is not available for this pincode.';
/** Cash on delivery above the shop's limit. */
export function codLimitMessage(limitRupees: number): string {
  return `Cash on delivery is available for orders up to ${formatRupees(limitRupees)}.`;
}

/** POST /create_order: the lines bought, the delivery address as one text (or a saved one), and how it is paid. */
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
    .meta({
      description:
        'The delivery address as one line: name, phones, street, city, then the state and the 6-digit pincode last, each after a comma. An address whose last two parts are not a state and a pincode is refused; `address_id` or `delivery_address`, when given, replace it.',
    }),
  address_id: z
    .number({ error: ADDRESS_REQUIRED })
    .int(ADDRESS_REQUIRED)
    .positive(ADDRESS_REQUIRED)
    .optional()
    .meta({ description: "One of the shopper's saved addresses: the order goes there (its text replaces `address`)." }),
  delivery_address: addressSchema.optional().meta({
    description:
      "The delivery address as fields (the address form's), when it is not a saved one: its state and pincode are read from them and its text replaces `address`.",
  }),
  payment_method: z.enum(PAYMENT_METHODS, { error: 'payment_method must be online or cod.' }).default('online').meta({
    description:
      "'online' (the provider's checkout, the default) or 'cod' (cash on delivery, where the pincode allows it).",
  }),
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
