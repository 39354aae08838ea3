import { describe, expect, test } from 'vitest';
import type { Order } from '../../../contract/types';
import { paymentStatusOf, type PaymentStatus } from '../../../contract/orders';
import { deliveryLine, isPaid, reviewableItems, statusLabel, TRACKER_STEPS, trackerStep } from './orders';

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
    expect(deliveryLine({ created_at: '2026-11-01T10:00:00Z', delivery_status: 'delivered' })).toBe('Delivered');
  });
  test('others expect delivery five days after ordering', () => {
    expect(deliveryLine({ created_at: '2026-11-01T10:00:00Z', delivery_status: 'packed' })).toBe(
      'Delivery expected by 6 Nov 2026',
    );
  });
  test('an unreadable date does not pretend', () => {
    expect(deliveryLine({ created_at: 'yesterday-ish', delivery_status: 'shipped' })).toBe(
      'Delivery date to be confirmed',
    );
  });
});

describe('reviewableItems', () => {
  test('only paid orders, once per variant, leaving out reviewed variants', () => {
    const orders = [
      order(1, 'paid', [10, 11]),
      order(2, 'created', [12]),
      order(3, 'paid', [11, 13]),
      order(4, 'failed', [14]),
    ];
    expect(reviewableItems(orders, new Set([13])).map((i) => i.variant)).toEqual([10, 11]);
    expect(reviewableItems(orders, new Set()).map((i) => i.variant)).toEqual([10, 11, 13]);
    expect(reviewableItems([], new Set())).toEqual([]);
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
