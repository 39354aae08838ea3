/**
 * Buying as the API answers it: the cart, the wishlist, orders and their payment, reviews.
 * Prices are in rupees, except where a payment checkout wants paise (CreatedOrder.amount).
 */
import { z } from 'zod';
import { MAX_LINE_QUANTITY } from '../shop';
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from '../orders';
import { ORDER_ACTORS, ORDER_STATES, PAYMENT_METHODS, REFUND_STATUSES } from '../order-lifecycle';

const id = z.number().int().positive();
const rupees = z.number().nonnegative();
const quantity = z.number().int().positive();

/** A cart line as the cart call returns it. */
export const CartItemSchema = z
  .strictObject({
    product_variant_id: id,
    product_id: id.nullable(),
    product_name: z.string(),
    product_image: z.string().nullable(),
    size: z.string().nullable(),
    color: z.string().nullable().meta({ description: "The variant's colour name ('Navy'), or null when it has none." }),
    weight: z.string().nullable(),
    quantity,
    final_price: rupees.meta({ description: 'Selling price of one, in rupees, as the catalogue has it now.' }),
    product_price: rupees.meta({ description: 'List price (MRP) of one, in rupees.' }),
    discount_percent: z.number().int().min(0).max(100),
    available: z
      .number()
      .int()
      .min(0)
      .max(MAX_LINE_QUANTITY)
      .meta({
        description: `Pieces that can be ordered now, counted up to ${MAX_LINE_QUANTITY}: below quantity, the line cannot be ordered as it is.`,
      }),
  })
  .meta({ id: 'CartItem' });
export type CartItem = z.infer<typeof CartItemSchema>;

export const CartAnswerSchema = z
  .strictObject({
    cart_items: z.array(CartItemSchema),
    total_price: rupees.meta({ description: 'Sum of final_price × quantity, in rupees.' }),
    count: z.number().int().nonnegative().meta({ description: 'Number of lines.' }),
  })
  .meta({ id: 'CartAnswer' });

const wishlistProduct = z.strictObject({
  id,
  name: z.string(),
  size: z.string().nullable(),
  color: z.string().nullable().meta({ description: "The variant's colour name, or null." }),
  final_price: rupees,
  images: z.array(z.strictObject({ image: z.string() })),
});

/** A wishlist entry as the storefront reads it. */
export const WishlistEntrySchema = z.strictObject({ id, variant_id: id, product: wishlistProduct });
export type WishlistEntry = z.infer<typeof WishlistEntrySchema>;

/** A wishlist entry as answered: the product also carries its variant id and list price. */
export const WishlistAnswerEntrySchema = WishlistEntrySchema.extend({
  product: wishlistProduct.extend({
    variant_id: id,
    price: rupees.meta({ description: 'List price (MRP) in rupees.' }),
  }),
}).meta({ id: 'WishlistEntry' });

export const WishlistAnswerSchema = z
  .strictObject({ wishlist_count: z.number().int().nonnegative(), results: z.array(WishlistAnswerEntrySchema) })
  .meta({ id: 'WishlistAnswer' });

export const WishlistToggleAnswerSchema = z
  .strictObject({
    message: z.string(),
    is_wishlisted: z.boolean().meta({ description: 'Whether the variant is on the wishlist now.' }),
    wishlist_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'WishlistToggleAnswer' });

export const OrderItemSchema = z
  .strictObject({
    product_name: z.string(),
    product_image: z.string().nullable(),
    quantity,
    price: rupees.meta({ description: 'Unit price in rupees, as charged.' }),
    variant: id,
    product: id.nullable(),
    size: z
      .string()
      .nullable()
      .meta({ description: "The variant's size (or weight) when it was bought; null when it had none." }),
    color: z.string().nullable().meta({ description: "The variant's colour when it was bought, or null." }),
  })
  .meta({ id: 'OrderItem' });
export type OrderItem = z.infer<typeof OrderItemSchema>;

export const OrderEventSchema = z
  .strictObject({
    state: z.enum(ORDER_STATES).meta({ description: 'The state the order moved to.' }),
    at: z.string().meta({ description: 'ISO 8601 time of the move.' }),
    actor: z.enum(ORDER_ACTORS).meta({ description: 'Who moved it: the shopper, staff, or the shop itself.' }),
    note: z.string().nullable().meta({ description: "Staff's note (a tracking number), or why it moved." }),
  })
  .meta({ id: 'OrderEvent' });
export type OrderEvent = z.infer<typeof OrderEventSchema>;

export const RefundSchema = z
  .strictObject({
    amount: rupees,
    status: z.enum(REFUND_STATUSES),
    updated_at: z.string(),
  })
  .meta({ id: 'Refund', description: 'Money given back for a cancelled paid order.' });

export const OrderSchema = z
  .strictObject({
    id,
    razorpay_order_id: z
      .string()
      .nullable()
      .meta({ description: "The payment provider's order id; null for cash on delivery." }),
    amount: rupees.meta({ description: 'Total in rupees.' }),
    status: z.enum(PAYMENT_STATUSES).meta({ description: 'Payment: paid once money was taken.' }),
    delivery_status: z.enum(DELIVERY_STATUSES).meta({ description: "The tracker's step." }),
    state: z.enum(ORDER_STATES).meta({ description: 'Where the order is in its life (one state machine).' }),
    payment_method: z.enum(PAYMENT_METHODS),
    created_at: z.string().meta({ description: 'ISO 8601 time the order was placed.' }),
    paid_at: z.string().nullable(),
    expires_at: z
      .string()
      .nullable()
      .meta({ description: 'An unpaid order: when it expires and its stock is given back.' }),
    expected_delivery: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable()
      .meta({ description: "The date in India it should arrive (its pincode's delivery days); null when unknown." }),
    address: z.string().meta({ description: 'The delivery address as one line.' }),
    items: z.array(OrderItemSchema),
    timeline: z.array(OrderEventSchema).meta({ description: 'Every change of state, oldest first.' }),
    refund: RefundSchema.nullable(),
    shipment: z
      .strictObject({ courier: z.string(), awb: z.string(), tracking_url: z.string() })
      .nullable()
      .meta({ description: 'The courier, waybill (AWB) number and tracking link once shipped; null before.' }),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** What create_order answers: enough to open the payment provider's checkout. */
export const CreatedOrderSchema = z
  .strictObject({
    id,
    order_id: z.string().meta({ description: "The payment provider's order id (order_…)." }),
    razorpay_key: z.string().meta({ description: "The payment provider's public key id." }),
    currency: z.string(),
    amount: z
      .number()
      .int()
      .positive()
      .meta({ description: 'Amount in paise (minor units), as the checkout wants it.' }),
    checkout_script: z
      .string()
      .meta({ description: "Where the checkout script comes from (Razorpay's, or the shop's local test checkout)." }),
  })
  .meta({ id: 'CreatedOrder', description: "What the browser needs to open the payment provider's checkout." });
export type CreatedOrder = z.infer<typeof CreatedOrderSchema>;

/** What create_order answers for cash on delivery: the order is confirmed, with nothing to pay now. */
export const CodOrderSchema = z
  .strictObject({
    id,
    payment_method: z.literal('cod'),
    currency: z.string(),
    amount: z.number().int().positive().meta({ description: 'Amount in paise, to be paid in cash on delivery.' }),
  })
  .meta({ id: 'CodOrder', description: 'A cash-on-delivery order, confirmed: nothing is paid now.' });
export type CodOrder = z.infer<typeof CodOrderSchema>;

export const PaymentVerifiedSchema = z
  .strictObject({ message: z.string(), order_id: id.meta({ description: "The shop's order id." }) })
  .meta({ id: 'PaymentVerified' });

export const PaymentConfigSchema = z
  .strictObject({
    provider: z.enum(['razorpay', 'local']),
    test_mode: z.boolean().meta({ description: 'True when no money is taken (test keys or the local checkout).' }),
  })
  .meta({ id: 'PaymentConfig' });

/** What a checkout hands back after a successful payment; verify_payment checks it. */
export const PaymentResultSchema = z
  .strictObject({
    razorpay_payment_id: z.string(),
    razorpay_order_id: z.string(),
    razorpay_signature: z.string(),
  })
  .meta({ id: 'PaymentResult' });

export const WebhookAnswerSchema = z
  .strictObject({ status: z.enum(['processed', 'ignored', 'duplicate']) })
  .meta({ id: 'WebhookAnswer', description: 'What the delivery came to.' });

export const ReviewSchema = z
  .strictObject({
    id,
    variant: id,
    variant_id: id,
    product: id,
    user: id,
    rating: z.number().int().min(1).max(5),
    review: z.string(),
    images: z.array(z.strictObject({ id, image: z.string() })),
    created_at: z.string(),
    user_first_name: z.string(),
    user_last_name: z.string(),
    product_name: z.string(),
    verified_purchase: z.boolean().meta({
      description: 'True when the reviewer has this variant in a delivered order of theirs (a verified purchase).',
    }),
    reply: z
      .strictObject({
        text: z.string(),
        at: z.string().meta({ description: 'When it was last written: ISO 8601 time, UTC.' }),
      })
      .nullable()
      .meta({ description: "The shop's reply, shown under the review as 'Reply from GharBazaar'; null without one." }),
  })
  .meta({ id: 'Review' });
export type Review = z.infer<typeof ReviewSchema>;
