/** Rules and messages of the back office's orders board and order moves, shared by the /admin pages and the server. */
import { z } from 'zod';
import { ORDER_STATES, PAYMENT_METHODS, type OrderState } from '../order-lifecycle';
import { cleanLine, DATE_INVALID, DATES_REVERSED, dayField, digitsId, NOT_ALLOWED, requiredText } from './common';
import { MAX_STAFF_PAGE_SIZE } from './staff';

/** Orders on one page of the board unless the caller asks for another size. */
export const ORDER_BOARD_PAGE_SIZE = 25;
/** Far past any board's end, and small enough that the offset stays an exact number. */
const MAX_PAGE = 1_000_000;
/** Longest search text: an e-mail address is at most 254 characters. */
export const MAX_ORDER_SEARCH = 254;
/** Longest note on a move (a courier's name and tracking number, or why an order was cancelled). */
export const MAX_MOVE_NOTE = 500;

/** How the board orders its rows. */
export const ORDER_SORTS = ['newest', 'oldest', 'amount_high', 'amount_low'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

/** The states staff move orders to; the others are the shop's own (payments, expiry). */
export const STAFF_MOVES = ['packed', 'shipped', 'delivered', 'cancelled'] as const satisfies readonly OrderState[];
export type StaffMove = (typeof STAFF_MOVES)[number];

export const STATE_UNKNOWN = `State must be one or more of: ${ORDER_STATES.join(', ')} (separated by commas).`;
export const PAYMENT_METHOD_UNKNOWN = `Payment method must be one of: ${PAYMENT_METHODS.join(', ')}.`;
export const PINCODE_INVALID = 'Pincode must be 6 digits.';
export { DATE_INVALID, DATES_REVERSED };
export const SORT_UNKNOWN = `Sort must be one of: ${ORDER_SORTS.join(', ')}.`;
export const MOVE_TO_UNKNOWN = `Move the order to one of: ${STAFF_MOVES.join(', ')}.`;
export const TRACKING_REQUIRED = 'Give the courier and tracking number to mark the order shipped.';

/** A page number from 1, in the address. */
export const pageField = digitsId
  .pipe(z.number().max(MAX_PAGE, `At most ${MAX_PAGE}.`))
  .optional()
  .meta({ description: 'Page number from 1 (default 1).' });

/** Rows a page holds, in the address: at most MAX_STAFF_PAGE_SIZE. */
export function pageSizeField(defaultSize: number) {
  return digitsId
    .pipe(z.number().max(MAX_STAFF_PAGE_SIZE, `At most ${MAX_STAFF_PAGE_SIZE}.`))
    .optional()
    .meta({ description: `Rows per page, at most ${MAX_STAFF_PAGE_SIZE} (default ${defaultSize}).` });
}

/** Search text in the address: trimmed, one line, bounded; empty is no search. */
export function searchField(max: number, description: string) {
  return z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .optional()
    .meta({ description });
}

const dateField = dayField;

/** The distinct states of `state=packed, shipped`, spaces ignored. */
function statesIn(value: string): string[] {
  return [...new Set(value.split(',').map((s) => s.trim()))].filter(Boolean);
}

/** `state=packed,shipped`: one or more states, each spelled exactly. */
const statesField = z
  .string()
  .refine((value) => {
    const states = statesIn(value);
    return states.length > 0 && states.every((s) => (ORDER_STATES as readonly string[]).includes(s));
  }, STATE_UNKNOWN)
  .transform((value) => statesIn(value) as OrderState[])
  .optional()
  .meta({ type: 'string', description: 'Only orders in these states, separated by commas: `packed,shipped`.' });

/** GET /api/admin/orders: the board's filters, sort and page. */
export const OrderBoardQuery = z
  .object({
    state: statesField,
    payment_method: z
      .enum(PAYMENT_METHODS, { error: PAYMENT_METHOD_UNKNOWN })
      .optional()
      .meta({ description: '`online` or `cod` (cash on delivery).' }),
    pincode: z
      .string()
      .trim()
      .regex(/^[1-9]\d{5}$/, PINCODE_INVALID)
      .optional()
      .meta({ description: 'Only orders delivered to this pincode.' }),
    from: dateField('Placed on or after this day (India time).'),
    to: dateField('Placed on or before this day (India time).'),
    q: searchField(
      MAX_ORDER_SEARCH,
      'Order number (`1042` or `#1042`), the payment provider’s order id, or part of the customer’s e-mail or phone.',
    ),
    sort: z
      .enum(ORDER_SORTS, { error: SORT_UNKNOWN })
      .optional()
      .meta({ description: 'Newest first (default), oldest first, or by amount: highest or lowest first.' }),
    page: pageField,
    page_size: pageSizeField(ORDER_BOARD_PAGE_SIZE),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATES_REVERSED, path: ['from'] });
export type OrderBoardFilters = z.output<typeof OrderBoardQuery>;

/** A waybill (AWB) number as couriers print them: letters, digits and dashes. */
const AWB = /^[A-Za-z0-9][A-Za-z0-9-]{3,39}$/;
export const AWB_INVALID = 'The AWB number is 4 to 40 letters, digits or dashes.';
export const COURIER_NEEDS_AWB = 'Give the AWB number the courier gave the parcel.';
export const AWB_NEEDS_COURIER = 'Choose the courier of this AWB number.';

/** POST /api/admin/orders/{id}/move: where the order goes, and the note kept with the move. */
export const OrderMoveBody = z
  .object({
    to: z.enum(STAFF_MOVES, { error: MOVE_TO_UNKNOWN }),
    courier_id: z
      .number({ error: 'Choose a courier from the list.' })
      .int('Choose a courier from the list.')
      .positive('Choose a courier from the list.')
      .optional()
      .meta({ description: 'Shipping: the courier (from /api/admin/couriers); its tracking link is sent.' }),
    awb: z
      .string({ error: AWB_INVALID })
      .trim()
      .regex(AWB, AWB_INVALID)
      .optional()
      .meta({ description: 'Shipping: the waybill (AWB) number the courier gave the parcel.' }),
    note: z
      .string({ error: 'The note must be text.' })
      .trim()
      .max(MAX_MOVE_NOTE, `At most ${MAX_MOVE_NOTE} characters.`)
      .refine(cleanLine, NOT_ALLOWED)
      .optional()
      .meta({
        description: 'Shown on the tracking page: the courier and tracking number when shipping (required then).',
      }),
  })
  .refine((body) => body.to !== 'shipped' || !!body.note || body.courier_id !== undefined, {
    message: TRACKING_REQUIRED,
    path: ['note'],
  })
  .refine((body) => body.courier_id === undefined || !!body.awb, { message: COURIER_NEEDS_AWB, path: ['awb'] })
  .refine((body) => !body.awb || body.courier_id !== undefined, { message: AWB_NEEDS_COURIER, path: ['courier_id'] });
export type OrderMoveInput = z.input<typeof OrderMoveBody>;

/** Most orders one packing action takes: a morning's batch, and one PDF a printer takes at once. */
export const MAX_PACKING_BATCH = 50;
export const PACKING_IDS_INVALID = `Choose 1 to ${MAX_PACKING_BATCH} orders.`;

const orderIds = z
  .array(z.number({ error: PACKING_IDS_INVALID }).int(PACKING_IDS_INVALID).positive(PACKING_IDS_INVALID), {
    error: PACKING_IDS_INVALID,
  })
  .min(1, PACKING_IDS_INVALID)
  .max(MAX_PACKING_BATCH, PACKING_IDS_INVALID)
  .transform((ids) => [...new Set(ids)]);

/** POST /api/admin/packing/pack: mark these orders packed, each on its own. */
export const PackBody = z.object({ ids: orderIds.meta({ description: 'Order numbers.' }) });

/** GET /api/admin/packing/documents?ids=3,4,5: the orders whose slips and invoices to print. */
export const PackingDocumentsQuery = z.object({
  ids: z
    .string({ error: PACKING_IDS_INVALID })
    .regex(/^[1-9]\d{0,14}(,[1-9]\d{0,14})*$/, PACKING_IDS_INVALID)
    .transform((value) => value.split(',').map(Number))
    .pipe(orderIds)
    .meta({ type: 'string', description: 'Order numbers separated by commas: `3,4,5`.', example: '3,4,5' }),
});

export const COURIER_URL_INVALID =
  'The tracking address must start with https:// and hold {awb} where the AWB number goes.';

/** A courier's tracking address: https, with `{awb}` once, where the number goes. */
function trackingTemplateOk(value: string): boolean {
  if (value.split('{awb}').length !== 2) return false;
  try {
    const url = new URL(value.replace('{awb}', 'AWB123'));
    return url.protocol === 'https:' && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** POST /api/admin/couriers, PUT /api/admin/couriers/{id}: a courier and its tracking address. */
export const CourierBody = z.object({
  name: requiredText('Give the courier\u2019s name.', 60),
  tracking_url: z
    .string({ error: COURIER_URL_INVALID })
    .trim()
    .max(300, COURIER_URL_INVALID)
    .refine(trackingTemplateOk, COURIER_URL_INVALID)
    .meta({ example: 'https://www.delhivery.com/track/package/{awb}' }),
  active: z
    .boolean({ error: 'Active is true or false.' })
    .optional()
    .meta({ description: 'Offered when shipping (default true).' }),
});
export type CourierInput = z.input<typeof CourierBody>;

/** The tracking link of waybill `awb` from a courier's tracking address. */
export function trackingLink(template: string, awb: string): string {
  return template.replace('{awb}', encodeURIComponent(awb));
}

/** Longest internal note on an order. */
export const MAX_ORDER_NOTE = 2000;
export const ORDER_NOTE_REQUIRED = 'Write the note.';

/** POST /api/admin/orders/{id}/notes: a note staff keep for each other; the shopper never sees it. */
export const OrderNoteBody = z.object({
  body: z
    .string({ error: 'The note must be text.' })
    .trim()
    .min(1, ORDER_NOTE_REQUIRED)
    .max(MAX_ORDER_NOTE, `At most ${MAX_ORDER_NOTE} characters.`)
    .meta({ description: 'Seen by staff only, never by the shopper.' }),
});

export const REJECTION_REASON_REQUIRED = 'Say why the refund is refused: the person who asked reads it.';

/** POST /api/admin/refund-requests/{id}/reject: why (the person who asked reads it). */
export const RefundRejectBody = z.object({
  note: z
    .string({ error: 'The reason must be text.' })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED)
    .max(MAX_MOVE_NOTE, `At most ${MAX_MOVE_NOTE} characters.`)
    .refine(cleanLine, NOT_ALLOWED),
});

/** Largest refund limit an owner can set, in rupees (₹1 crore): beyond it, "no limit" says it better. */
export const MAX_REFUND_LIMIT_RUPEES = 10_000_000;
export const REFUND_LIMIT_INVALID = 'Give the limit in whole rupees (0 or more), or leave it empty for no limit.';

const limitField = z
  .number({ error: REFUND_LIMIT_INVALID })
  .int(REFUND_LIMIT_INVALID)
  .min(0, REFUND_LIMIT_INVALID)
  .max(MAX_REFUND_LIMIT_RUPEES, REFUND_LIMIT_INVALID)
  .nullable()
  .meta({ description: 'Whole rupees; null for no limit.' });

/** PUT /api/admin/refund-limits: the most support and managers may refund without approval. */
export const RefundLimitsBody = z.strictObject({ support: limitField, manager: limitField });
export type RefundLimitsInput = z.infer<typeof RefundLimitsBody>;

/** Longest span of one order export, in days. */
export const MAX_EXPORT_DAYS = 366;
export const EXPORT_DAYS_REQUIRED = 'Choose the first and last day of the orders to export.';
export const EXPORT_TOO_LONG = `Export at most ${MAX_EXPORT_DAYS} days at a time.`;

/** GET /api/admin/orders/export: the days of the orders (India time), both included. */
export const OrderExportQuery = z
  .object({
    from: dateField('The first day (India time).'),
    to: dateField('The last day (India time), included.'),
  })
  .refine((q) => q.from !== undefined && q.to !== undefined, { message: EXPORT_DAYS_REQUIRED, path: ['from'] })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATES_REVERSED, path: ['from'] })
  .refine((q) => !q.from || !q.to || (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < MAX_EXPORT_DAYS, {
    message: EXPORT_TOO_LONG,
    path: ['to'],
  });

export const ALERT_CHOICE_INVALID = 'Say true or false for each e-mail.';

/** PUT /api/admin/me/alerts: the e-mails of orders the signed-in staff member wants. */
export const OrderAlertsBody = z.strictObject({
  new_orders: z
    .boolean({ error: ALERT_CHOICE_INVALID })
    .meta({ description: 'An e-mail of new orders, at most every 10 minutes, with every order since the last.' }),
  daily_summary: z
    .boolean({ error: ALERT_CHOICE_INVALID })
    .meta({ description: 'Each morning from 08:00 IST: the day before\u2019s orders, cancellations and refunds.' }),
});
export type OrderAlertsInput = z.infer<typeof OrderAlertsBody>;
