import { describe, expect, test } from 'vitest';
import type { Order } from '../../../contract/types';
import { paymentStatusOf, type PaymentStatus } from '../../../contract/orders';
import {
  deliveryLine,
  isPaid,
  isReviewable,
  orderActions,
  orderDate,
  orderDateTime,
  refundLine,
  reviewableItems,
  statusLabel,
  TRACKER_STEPS,
  trackerDates,
  trackerStep,
} from './orders';

const item = (variant: number) => ({
  product_name: `P${variant}`,
  product_image: null,
  quantity: 1,
  price: 10,
  variant,
  product: 1,
  size: null,
  color: null,
});
const order = (id: number, status: PaymentStatus, variants: number[], extra: Partial<Order> = {}): Order => ({
  id,
  razorpay_order_id: `order_${id}`,
  amount: 10,
  status,
  delivery_status: 'not shipped',
  created_at: '2026-11-01T10:00:00.000Z',
  address: 'x',
  items: variants.map(item),
  state: status === 'paid' ? 'paid' : status === 'failed' ? 'payment_failed' : 'awaiting_payment',
  payment_method: 'online',
  paid_at: null,
  expires_at: null,
  expected_delivery: null,
  timeline: [],
  refund: null,
  shipment: null,
  ...extra,
});

describe('trackerStep', () => {
  test.each([
    ['not shipped', 1],
    ['packed', 2],
    ['shipped', 3],
    ['delivered', 4],
    ['Delivered', 4],
    ['  SHIPPED ', 3],
    ['', 1],
    ['lost in transit', 1],
    [null, 1],
    [undefined, 1],
  ] as const)('%j is step %i', (status, step) => {
    expect(trackerStep(status)).toBe(step);
  });

  test('the four labels in order', () => {
    expect(TRACKER_STEPS).toEqual(['Order Placed', 'Packed', 'Shipped', 'Delivered']);
  });
});

describe('deliveryLine', () => {
  test('delivered orders say so', () => {
    expect(deliveryLine({ created_at: '2026-11-01T10:00:00Z', delivery_status: 'delivered', state: 'delivered' })).toBe(
      'Delivered',
    );
  });
  test('others expect delivery five days after ordering', () => {
    expect(deliveryLine({ created_at: '2026-11-01T10:00:00Z', delivery_status: 'packed', state: 'packed' })).toBe(
      'Delivery expected by 6 Nov 2026',
    );
  });
  test.each(['awaiting_payment', 'payment_failed', 'expired', 'cancelled'] as const)(
    'an order that is %s promises no delivery',
    (state) => {
      expect(deliveryLine({ created_at: '2026-11-01T10:00:00Z', delivery_status: 'not shipped', state })).toBeNull();
    },
  );
  test('an unreadable date does not pretend', () => {
    expect(deliveryLine({ created_at: 'yesterday-ish', delivery_status: 'shipped', state: 'shipped' })).toBe(
      'Delivery date to be confirmed',
    );
  });
});

describe("the expected delivery date of the order's pincode", () => {
  test('is the date the server gave, as a date in India', () => {
    expect(
      deliveryLine({
        created_at: '2026-11-24T10:00:00Z',
        delivery_status: 'not shipped',
        state: 'paid',
        expected_delivery: '2026-11-26',
      }),
    ).toBe('Delivery expected by 26 Nov 2026');
  });
});

describe('orderActions', () => {
  test.each([
    ['awaiting_payment', 'online', true, true, null, false],
    ['payment_failed', 'online', true, true, null, false],
    ['paid', 'online', false, true, null, false],
    ['placed', 'cod', false, true, null, false],
    ['packed', 'online', false, true, null, false],
    ['shipped', 'online', false, false, 'This order has shipped and can no longer be cancelled.', false],
    ['delivered', 'online', false, false, 'A delivered order cannot be cancelled.', false],
    ['expired', 'online', false, null, null, true],
    ['cancelled', 'online', false, null, null, true],
  ] as const)('%s (%s)', (state, method, pay, cancelAllowed, reason, buyAgain) => {
    const actions = orderActions({ state, payment_method: method });
    expect(actions.pay).toBe(pay);
    expect(actions.buyAgain).toBe(buyAgain);
    if (cancelAllowed === null) expect(actions.cancel).toBeNull();
    else expect(actions.cancel).toEqual(cancelAllowed ? { allowed: true } : { allowed: false, reason });
  });
});

describe('dates and refunds', () => {
  test.each([
    ['2026-11-24T11:34:00.000Z', '24 Nov 2026', '24 Nov 2026, 5:04 pm'],
    // 20:00 UTC is already the next day in India.
    ['2026-03-31T20:00:00.000Z', '1 Apr 2026', '1 Apr 2026, 1:30 am'],
  ])('%s is %s in India', (iso, date, dateTime) => {
    expect(orderDate(iso)).toBe(date);
    expect(orderDateTime(iso)).toBe(dateTime);
  });
  test('unreadable times give null', () => {
    expect(orderDate('soon')).toBeNull();
    expect(orderDateTime(null)).toBeNull();
  });
  test('refund lines', () => {
    expect(refundLine({ refund: null })).toBeNull();
    expect(refundLine({ refund: { amount: 1299, status: 'initiated', updated_at: 'x' } })).toBe(
      'Refund of ₹1,299: Refund initiated',
    );
    expect(refundLine({ refund: { amount: 1299.5, status: 'processed', updated_at: 'x' } })).toBe(
      'Refund of ₹1,299.50: Refunded',
    );
  });
  test('the tracker dates come from the history', () => {
    const at = (d: string) => `2026-11-${d}T10:00:00.000Z`;
    expect(
      trackerDates({
        created_at: at('01'),
        timeline: [
          { state: 'awaiting_payment', at: at('01'), actor: 'shopper', note: null },
          { state: 'paid', at: at('01'), actor: 'system', note: null },
          { state: 'packed', at: at('02'), actor: 'staff', note: null },
        ],
      }),
    ).toEqual([at('01'), at('02'), null, null]);
  });
});

describe('reviewableItems', () => {
  const delivered = { state: 'delivered', delivery_status: 'delivered' } as const;
  test('only delivered orders, once per variant, leaving out reviewed variants', () => {
    const orders = [
      order(1, 'paid', [10, 11], delivered),
      order(2, 'created', [12]),
      order(3, 'paid', [11, 13], delivered),
      order(4, 'failed', [14]),
      order(5, 'paid', [15]),
      order(6, 'paid', [16], { state: 'packed', delivery_status: 'packed' }),
      order(7, 'paid', [17], { state: 'shipped', delivery_status: 'shipped' }),
      order(8, 'paid', [18], { state: 'cancelled' }),
    ];
    expect(reviewableItems(orders, new Set([13])).map((i) => i.variant)).toEqual([10, 11]);
    expect(reviewableItems(orders, new Set()).map((i) => i.variant)).toEqual([10, 11, 13]);
    expect(reviewableItems([], new Set())).toEqual([]);
  });
});

describe('isReviewable', () => {
  test.each<[Order['state'], boolean]>([
    ['awaiting_payment', false],
    ['payment_failed', false],
    ['placed', false],
    ['paid', false],
    ['packed', false],
    ['shipped', false],
    ['cancelled', false],
    ['expired', false],
    ['delivered', true],
  ])('%s → %s', (state, expected) => {
    expect(isReviewable({ state })).toBe(expected);
  });
});

describe('order status', () => {
  test.each([
    ['paid', 'paid', true, 'Paid'],
    [' PAID ', 'paid', true, 'Paid'],
    ['created', 'created', false, 'Awaiting payment'],
    ['pending', 'created', false, 'Awaiting payment'],
    ['failed', 'failed', false, 'Payment failed'],
    [undefined, 'created', false, 'Awaiting payment'],
  ])('%s', (raw, status, paid, label) => {
    expect(paymentStatusOf(raw)).toBe(status);
    expect(isPaid({ status: paymentStatusOf(raw) })).toBe(paid);
    expect(statusLabel(paymentStatusOf(raw))).toBe(label);
  });
});
