import { describe, expect, test } from 'vitest';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { refusalOf, type OrderState, type PaymentMethod } from '../../../../contract/order-lifecycle';
import {
  AWB_INVALID,
  COURIER_NEEDS_AWB,
  STAFF_MOVES,
  TRACKING_REQUIRED,
} from '../../../../contract/schemas/admin-orders';
import { NOT_ALLOWED } from '../../../../contract/schemas/common';
import { HideReviewBody } from '../../../../contract/schemas/admin-reviews';
import { validate } from '../../../../contract/schemas/common';
import { actorText, matchText, paymentText, piecesText } from '../desk-format';
import { CANCEL_REASON_REQUIRED, checkMove, movedText, moveButtons } from './order-moves';

/** An order in `state`, its moves as the server answers them (contract/order-lifecycle.ts). */
function order(state: OrderState, method: PaymentMethod = 'online', paid = state !== 'placed'): StaffOrder {
  return {
    id: 42,
    created_at: '2026-11-24T08:00:00.000Z',
    state,
    delivery_status: 'not shipped',
    customer: { id: 3, name: 'Meera Nair', email: 'meera@example.in', phone: null },
    address: { line: 'x', name: 'Meera Nair', lines: ['x'], state: null, pincode: '560034', phone: null },
    items: [],
    amount: 1499,
    payment: {
      method,
      status: paid ? 'paid' : 'created',
      provider: method === 'online' ? 'local' : null,
      razorpay_order_id: null,
      payment_id: null,
      paid_at: paid ? '2026-11-24T08:01:00.000Z' : null,
      expires_at: null,
    },
    timeline: [],
    refund: null,
    invoice: null,
    moves: STAFF_MOVES.map((to) => {
      const reason = refusalOf(state, to, 'staff');
      return { to, allowed: reason === null, reason, needs_note: to === 'shipped' };
    }),
    refund_request: null,
    shipment: null,
    notes: [],
  };
}

describe('the move buttons', () => {
  test.each<[OrderState, PaymentMethod, string[]]>([
    ['paid', 'online', ['Mark packed', 'Cancel order']],
    ['placed', 'cod', ['Mark packed', 'Cancel order']],
    ['packed', 'online', ['Mark shipped', 'Cancel order']],
    ['shipped', 'cod', ['Mark delivered', 'Cancel order']],
    ['delivered', 'online', []],
    ['cancelled', 'online', []],
    ['awaiting_payment', 'online', ['Cancel order']],
  ])('an order %s (%s) may be moved by: %j', (state, method, allowed) => {
    const buttons = moveButtons(order(state, method));
    expect(buttons.map((b) => b.label)).toEqual(['Mark packed', 'Mark shipped', 'Mark delivered', 'Cancel order']);
    expect(buttons.filter((b) => b.allowed).map((b) => b.label)).toEqual(allowed);
    // Every refused button says why, in the server's words.
    for (const b of buttons.filter((x) => !x.allowed)) expect(b.reason).toBe(refusalOf(state, b.to, 'staff'));
    for (const b of buttons.filter((x) => x.allowed)) expect(b.reason).toBeNull();
  });

  test('shipping asks for the courier and tracking number; cancelling for the reason', () => {
    const buttons = moveButtons(order('packed'));
    expect(buttons.map((b) => [b.to, b.noteLabel])).toEqual([
      ['packed', null],
      ['shipped', 'Courier and tracking number'],
      ['delivered', null],
      ['cancelled', 'Reason for cancelling'],
    ]);
  });

  test.each<[string, StaffOrder, RegExp | null]>([
    ['cash on delivery, not yet paid', order('shipped', 'cod', false), /marks the cash of ₹1,499 as received/],
    ['online, paid', order('shipped', 'online'), null],
  ])('Delivered for %s', (_, o, effect) => {
    const delivered = moveButtons(o).find((b) => b.to === 'delivered');
    if (effect) expect(delivered?.effect).toMatch(effect);
    else expect(delivered?.effect).toBeNull();
  });

  test.each<[string, StaffOrder, RegExp]>([
    [
      'a paid order is refunded in full',
      order('paid'),
      /This order is paid: the customer is refunded ₹1,499 in full\./,
    ],
    [
      'an unpaid one is not',
      order('placed', 'cod', false),
      /Nothing was paid for this order, so nothing is refunded\./,
    ],
  ])('cancelling asks first: %s', (_, o, text) => {
    const cancel = moveButtons(o).find((b) => b.to === 'cancelled');
    expect(cancel?.confirm?.title).toBe('Cancel order #42?');
    expect(cancel?.confirm?.text).toMatch(text);
    expect(
      moveButtons(o)
        .filter((b) => b.confirm)
        .map((b) => b.to),
    ).toEqual(['cancelled']);
  });
});

describe('a move is checked before it is sent', () => {
  test.each<[Parameters<typeof checkMove>, ReturnType<typeof checkMove>]>([
    [['packed', ''], { ok: true, to: 'packed', note: undefined }],
    [['shipped', ''], { ok: false, error: TRACKING_REQUIRED }],
    [['shipped', '   '], { ok: false, error: TRACKING_REQUIRED }],
    [['shipped', ' BlueDart AWB 812 '], { ok: true, to: 'shipped', note: 'BlueDart AWB 812' }],
    [['shipped', 'x'.repeat(501)], { ok: false, error: 'At most 500 characters.' }],
    [['shipped', 'AWB \u202e 1'], { ok: false, error: NOT_ALLOWED }],
    [['cancelled', ''], { ok: false, error: CANCEL_REASON_REQUIRED }],
    [['cancelled', 'Out of stock'], { ok: true, to: 'cancelled', note: 'Out of stock' }],
    [['delivered', ''], { ok: true, to: 'delivered', note: undefined }],
  ])('%j → %j', (args, expected) => {
    expect(checkMove(...args)).toEqual(expected);
  });

  test.each<[Parameters<typeof checkMove>, ReturnType<typeof checkMove>]>([
    [
      ['shipped', '', { courierId: 3, awb: ' DL-1234567 ' }],
      { ok: true, to: 'shipped', note: undefined, courier_id: 3, awb: 'DL-1234567' },
    ],
    [
      ['shipped', 'Leave with the guard', { courierId: 3, awb: 'DL1234567' }],
      { ok: true, to: 'shipped', note: 'Leave with the guard', courier_id: 3, awb: 'DL1234567' },
    ],
    [['shipped', '', { courierId: 3, awb: '' }], { ok: false, error: COURIER_NEEDS_AWB }],
    [['shipped', '', { courierId: 3, awb: 'DL 12' }], { ok: false, error: AWB_INVALID }],
    [['shipped', '', { courierId: null, awb: '' }], { ok: false, error: TRACKING_REQUIRED }],
    [
      ['shipped', 'Local courier 77', { courierId: null, awb: '' }],
      { ok: true, to: 'shipped', note: 'Local courier 77' },
    ],
    // A courier chosen for another move is not sent.
    [['packed', '', { courierId: 3, awb: 'DL1234567' }], { ok: true, to: 'packed', note: undefined }],
  ])('with a courier: %j → %j', (args, expected) => {
    expect(checkMove(...args)).toStrictEqual(expected);
  });

  test('what the page says after a move', () => {
    expect(movedText(order('packed'))).toBe('Order #42 is now packed.');
    const cancelled = {
      ...order('cancelled'),
      refund: {
        amount: 1499,
        status: 'initiated' as const,
        reason: 'x',
        created_at: '2026-11-24T08:00:00.000Z',
        updated_at: '2026-11-24T08:00:00.000Z',
      },
    };
    expect(movedText(cancelled)).toBe('Order #42 is now cancelled. A refund of ₹1,499 was started.');
    const waiting = {
      ...order('paid'),
      refund_request: {
        id: 7,
        order_id: 42,
        amount: 1499,
        note: 'x',
        state: 'pending' as const,
        requested_by: { id: 2, name: 'Test support' },
        requested_at: '2026-11-24T08:00:00.000Z',
        decided_by: null,
        decided_at: null,
        decision_note: null,
      },
    };
    expect(movedText(waiting, 'cancelled')).toBe(
      'Order #42 is not cancelled yet: its refund of ₹1,499 is above your limit, so a manager or an owner must approve it.',
    );
  });
});

describe('hiding a review needs a reason, in the shared words', () => {
  test.each<[string, string | null]>([
    ['', 'Give the reason for hiding this review.'],
    ['   ', 'Give the reason for hiding this review.'],
    ['x'.repeat(501), 'At most 500 characters.'],
    ['Abusive language', null],
  ])('%j → %j', (reason, error) => {
    const checked = validate(HideReviewBody, { reason });
    expect(checked.ok ? null : checked.errors.reason).toBe(error);
  });
});

describe('the desk writes', () => {
  test.each<[Parameters<typeof actorText>, string]>([
    [['staff', { name: 'Asha', email: 'asha@x.in' }], 'Asha (asha@x.in)'],
    [['shopper', null], 'the customer'],
    [['system', null], 'the shop'],
  ])('%j as %s', (args, text) => {
    expect(actorText(...args)).toBe(text);
  });

  test('payments and pieces', () => {
    expect(paymentText('cod', 'created')).toBe('Cash on delivery · Awaiting payment');
    expect(paymentText('online', 'paid')).toBe('Online · Paid');
    expect([piecesText(1), piecesText(3)]).toEqual(['1 item', '3 items']);
    expect([matchText(1, 'order'), matchText(0, 'review'), matchText(25, 'customer')]).toEqual([
      '1 order matches.',
      '0 reviews match.',
      '25 customers match.',
    ]);
  });
});
