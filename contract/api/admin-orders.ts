/** The back office's orders as the API answers them: the board, one order in full, and what may happen next. */
import { z } from 'zod';
import {
  ORDER_ACTORS,
  ORDER_STATES,
  PAYMENT_METHODS,
  REFUND_REQUEST_STATES,
  REFUND_STATUSES,
  type OrderState,
} from '../order-lifecycle';
import { DELIVERY_STATUSES, PAYMENT_STATUSES } from '../orders';
import { STAFF_MOVES } from '../schemas/admin-orders';

const id = z.number().int().positive();
const count = z.number().int().min(0);
const rupees = z.number().nonnegative();
const isoTime = z.string().meta({ description: 'ISO 8601 time, UTC.' });

/** The customer as an order names them. */
export const OrderCustomerSchema = z
  .strictObject({
    id,
    name: z.string().meta({ description: 'First and last name.' }),
    email: z.string(),
    phone: z.string().nullable(),
  })
  .meta({ id: 'OrderCustomer' });

/** One row of the orders board. */
export const OrderBoardRowSchema = z
  .strictObject({
    id: id.meta({ description: 'The order number (shown as #id).' }),
    created_at: isoTime,
    state: z.enum(ORDER_STATES),
    payment_method: z.enum(PAYMENT_METHODS),
    status: z.enum(PAYMENT_STATUSES).meta({ description: 'Payment: paid once money was taken.' }),
    amount: rupees.meta({ description: 'Total in rupees.' }),
    items: count.meta({ description: 'Pieces ordered.' }),
    customer: OrderCustomerSchema,
    pincode: z.string().nullable(),
    razorpay_order_id: z.string().nullable().meta({ description: "The payment provider's order id; null for COD." }),
    paid_at: isoTime.nullable(),
  })
  .meta({ id: 'OrderBoardRow' });
export type OrderBoardRow = z.infer<typeof OrderBoardRowSchema>;

const stateCounts = Object.fromEntries(ORDER_STATES.map((state) => [state, count])) as Record<OrderState, typeof count>;

export const OrderBoardPageSchema = z
  .strictObject({
    count: count.meta({ description: 'Orders matching every filter, on all pages.' }),
    page: id,
    page_size: id,
    results: z.array(OrderBoardRowSchema),
    counts: z
      .strictObject({ all: count, ...stateCounts })
      .meta({ description: "Orders in each state under every filter but `state`: the board's tabs." }),
  })
  .meta({ id: 'OrderBoardPage', description: 'One page of the orders board.' });
export type OrderBoardPage = z.infer<typeof OrderBoardPageSchema>;

export const StaffOrderItemSchema = z
  .strictObject({
    variant_id: id,
    product_id: id,
    product_name: z.string(),
    product_image: z.string().nullable(),
    sku: z.string().nullable().meta({ description: "The variant's stock-keeping code; null if it is gone." }),
    variant_name: z
      .string()
      .nullable()
      .meta({ description: "The variant's name now ('Navy / M'); null if it is gone." }),
    size: z.string().nullable(),
    color: z.string().nullable(),
    quantity: id,
    unit_price: rupees.meta({ description: 'Price of one as charged, in rupees.' }),
    line_total: rupees,
  })
  .meta({ id: 'StaffOrderItem' });

export const StaffOrderEventSchema = z
  .strictObject({
    from: z.enum(ORDER_STATES).nullable().meta({ description: 'null for the order being placed.' }),
    state: z.enum(ORDER_STATES),
    at: isoTime,
    actor: z.enum(ORDER_ACTORS),
    staff: z
      .strictObject({ id, name: z.string(), email: z.string() })
      .nullable()
      .meta({ description: 'The staff member who made a staff move in the back office; null otherwise.' }),
    note: z.string().nullable(),
  })
  .meta({ id: 'StaffOrderEvent' });

export const StaffOrderMoveSchema = z
  .strictObject({
    to: z.enum(STAFF_MOVES),
    allowed: z.boolean(),
    reason: z.string().nullable().meta({ description: 'Why it is not allowed now; null when it is.' }),
    needs_note: z.boolean().meta({ description: 'The move needs a note (shipping: the tracking number).' }),
  })
  .meta({ id: 'StaffOrderMove' });

/** What an order was shipped with; null until shipped with a courier from the list. */
export const ShipmentSchema = z
  .strictObject({
    courier: z.string(),
    awb: z.string().meta({ description: 'The waybill number.' }),
    tracking_url: z.string().meta({ description: 'The courier\u2019s tracking page of this parcel.' }),
  })
  .meta({ id: 'Shipment' });
export type Shipment = z.infer<typeof ShipmentSchema>;

export const CourierSchema = z
  .strictObject({
    id,
    name: z.string(),
    tracking_url: z.string().meta({ description: 'The tracking address; `{awb}` is where the number goes.' }),
    active: z.boolean().meta({ description: 'Offered when shipping.' }),
  })
  .meta({ id: 'Courier' });
export type Courier = z.infer<typeof CourierSchema>;

/** One order waiting to be packed. */
export const PackingRowSchema = OrderBoardRowSchema.extend({
  deliver_by: z
    .string()
    .nullable()
    .meta({ description: 'The date in India promised to the shopper (YYYY-MM-DD); null when unknown.' }),
  invoice: z.string().nullable().meta({ description: 'The tax invoice\u2019s number; null before payment.' }),
}).meta({ id: 'PackingRow' });
export type PackingRow = z.infer<typeof PackingRowSchema>;

export const PackingQueueSchema = z
  .strictObject({
    count: count.meta({ description: 'Orders to pack in all.' }),
    results: z.array(PackingRowSchema).meta({ description: 'The oldest first (at most 200).' }),
  })
  .meta({ id: 'PackingQueue', description: 'Paid online and confirmed cash-on-delivery orders, oldest first.' });
export type PackingQueue = z.infer<typeof PackingQueueSchema>;

export const PackResultsSchema = z
  .strictObject({
    results: z.array(
      z.strictObject({
        id,
        packed: z.boolean(),
        message: z.string().meta({ description: 'What happened to this order, in words.' }),
      }),
    ),
  })
  .meta({ id: 'PackResults', description: 'Each order asked for: packed, or why not.' });
export type PackResults = z.infer<typeof PackResultsSchema>;

export const OrderAlertsSchema = z
  .strictObject({ new_orders: z.boolean(), daily_summary: z.boolean() })
  .meta({ id: 'OrderAlerts', description: 'The e-mails of orders a staff member gets.' });
export type OrderAlerts = z.infer<typeof OrderAlertsSchema>;

/** One order in full, as staff see it. */
const staffName = z.strictObject({ id, name: z.string() });

export const RefundRequestSchema = z
  .strictObject({
    id,
    order_id: id,
    amount: rupees,
    note: z.string().nullable().meta({ description: 'The reason the shopper is told when the order is cancelled.' }),
    state: z.enum(REFUND_REQUEST_STATES),
    requested_by: staffName,
    requested_at: isoTime,
    decided_by: staffName.nullable(),
    decided_at: isoTime.nullable(),
    decision_note: z.string().nullable(),
  })
  .meta({ id: 'RefundRequest', description: 'A cancellation with refund above its asker\u2019s limit.' });
export type RefundRequest = z.infer<typeof RefundRequestSchema>;

export const OrderNoteSchema = z
  .strictObject({ id, body: z.string(), created_at: isoTime, staff: staffName.nullable() })
  .meta({ id: 'OrderNote', description: 'A note staff keep on an order; never shown to the shopper.' });
export type OrderNote = z.infer<typeof OrderNoteSchema>;

export const RefundLimitsSchema = z
  .strictObject({
    support: rupees.nullable(),
    manager: rupees.nullable(),
  })
  .meta({
    id: 'RefundLimits',
    description: 'The most each role may refund without approval, in rupees; null is no limit. Owners have none.',
  });
export type RefundLimits = z.infer<typeof RefundLimitsSchema>;

export const StaffOrderSchema = z
  .strictObject({
    id,
    created_at: isoTime,
    state: z.enum(ORDER_STATES),
    delivery_status: z.enum(DELIVERY_STATUSES),
    customer: OrderCustomerSchema,
    address: z
      .strictObject({
        line: z.string().meta({ description: 'The delivery address as the shopper gave it, one line.' }),
        name: z.string(),
        lines: z.array(z.string()),
        state: z.string().nullable(),
        pincode: z.string().nullable(),
        phone: z
          .string()
          .nullable()
          .meta({ description: 'The phone number the shopper gave for the delivery (the courier calls it).' }),
      })
      .meta({ description: 'Where it goes.' }),
    items: z.array(StaffOrderItemSchema),
    amount: rupees.meta({ description: 'Total in rupees.' }),
    payment: z.strictObject({
      method: z.enum(PAYMENT_METHODS),
      status: z.enum(PAYMENT_STATUSES),
      provider: z.enum(['razorpay', 'local']).nullable(),
      razorpay_order_id: z.string().nullable(),
      payment_id: z.string().nullable(),
      paid_at: isoTime.nullable(),
      expires_at: isoTime.nullable().meta({ description: 'An unpaid online order: when it expires.' }),
    }),
    timeline: z.array(StaffOrderEventSchema).meta({ description: 'Every change of state, oldest first.' }),
    refund: z
      .strictObject({
        amount: rupees,
        status: z.enum(REFUND_STATUSES),
        reason: z.string(),
        created_at: isoTime,
        updated_at: isoTime,
      })
      .nullable(),
    invoice: z
      .strictObject({ number: z.string(), issued_at: isoTime })
      .nullable()
      .meta({ description: 'The tax invoice, once paid.' }),
    moves: z.array(StaffOrderMoveSchema).meta({ description: 'Each move staff make, and whether it is allowed now.' }),
    refund_request: RefundRequestSchema.nullable().meta({
      description: 'The latest request to cancel with a refund above its asker\u2019s limit, if any.',
    }),
    shipment: ShipmentSchema.nullable(),
    notes: z
      .array(OrderNoteSchema)
      .meta({ description: 'Staff\u2019s notes, oldest first; never shown to the shopper.' }),
  })
  .meta({ id: 'StaffOrder', description: 'An order in full, with what staff may do next.' });
export type StaffOrder = z.infer<typeof StaffOrderSchema>;
