import { parse } from 'csv-parse/sync';
import { describe, expect, test } from 'vitest';
import { OrderBoardPageSchema, StaffOrderSchema, type StaffOrder } from '../../contract/api/admin-orders';
import { indiaDay } from '../../contract/format';
import { refusalOf, type OrderState } from '../../contract/order-lifecycle';
import {
  DATE_INVALID,
  DATES_REVERSED,
  EXPORT_DAYS_REQUIRED,
  EXPORT_TOO_LONG,
  MOVE_TO_UNKNOWN,
  PAYMENT_METHOD_UNKNOWN,
  PINCODE_INVALID,
  SORT_UNKNOWN,
  STATE_UNKNOWN,
  TRACKING_REQUIRED,
} from '../../contract/schemas/admin-orders';
import { NOT_ALLOWED } from '../../contract/schemas/common';
import { ROLE_CANNOT, STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { NO_INVOICE_YET, ORDER_EXPORT_COLUMNS } from '../../server/services/staff/order-desk';
import { pdfText } from '../pdf-text';
import { appPerFile, buy, download, makeTestApp, newUser, orderRow, waitForMail } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

const t = appPerFile(() => makeTestApp(30));

/** One signed-in member of each role, made once for the file. */
const staff = teamOnce(t);

/** Cheap variants with plenty on the shelf (cash on delivery stays under its limit). */
const variants = stockedOnce(t, 6, 2);

const line = (pincode: string) => `Asha Verma, 9876543210, MG Road, 4th Cross, Bengaluru, Karnataka, ${pincode}`;

/** A cash-on-delivery order of one piece of each variant, confirmed at once; answers its id. */
async function codOrder(token: string, ids: number[], pincode = '560034'): Promise<number> {
  const res = await t.call('POST', '/api/common/create_order/', {
    token,
    json: {
      products: ids.map((variant_id) => ({ variant_id, quantity: 1 })),
      payment_method: 'cod',
      address: line(pincode),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

async function paidOrder(token: string, ids: number[]): Promise<number> {
  return (await buy(t, token, ids)).id;
}

function move(token: string, id: number, json: unknown) {
  return t.call('POST', `/api/admin/orders/${id}/move`, { token, json });
}

async function moved(token: string, id: number, to: string, note?: string): Promise<StaffOrder> {
  const res = await move(token, id, note === undefined ? { to } : { to, note });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffOrderSchema.parse(res.body);
}

async function detail(token: string, id: number): Promise<StaffOrder> {
  const res = await t.call('GET', `/api/admin/orders/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return StaffOrderSchema.parse(res.body);
}

async function board(token: string, query: string) {
  const res = await t.call('GET', `/api/admin/orders?${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return OrderBoardPageSchema.parse(res.body);
}

function auditRows() {
  return t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();
}

/** The shopper's own view of the order, as the tracking page reads it. */
async function shopperView(token: string, id: number) {
  const res = await t.call('GET', `/api/common/orders/${id}/`, { token });
  expect(res.status).toBe(200);
  return res.body as {
    state: OrderState;
    status: string;
    delivery_status: string;
    timeline: { state: string; actor: string; note: string | null }[];
    refund: { amount: number; status: string } | null;
  };
}

describe('each role against each orders call', () => {
  /** Each call, a way to make what it needs (answering its path and body), and the status each role gets. */
  const CALLS: [string, (token: string) => Promise<[string, unknown]>, Record<StaffRole, number>][] = [
    ['GET /api/admin/orders', async () => ['/api/admin/orders', undefined], { owner: 200, manager: 200, support: 200 }],
    [
      'GET /api/admin/orders/{id}',
      async (token) => [`/api/admin/orders/${await codOrder(token, [(await variants())[0]!.id])}`, undefined],
      { owner: 200, manager: 200, support: 200 },
    ],
    [
      'POST /api/admin/orders/{id}/move',
      async (token) => [
        `/api/admin/orders/${await codOrder(token, [(await variants())[0]!.id])}/move`,
        { to: 'packed', note: 'Packed at the Koramangala store' },
      ],
      { owner: 200, manager: 200, support: 200 },
    ],
    [
      'GET /api/admin/orders/{id}/invoice',
      async (token) => [`/api/admin/orders/${await paidOrder(token, [(await variants())[1]!.id])}/invoice`, undefined],
      { owner: 200, manager: 200, support: 200 },
    ],
    [
      'GET /api/admin/orders/{id}/packing-slip',
      async (token) => [
        `/api/admin/orders/${await codOrder(token, [(await variants())[1]!.id])}/packing-slip`,
        undefined,
      ],
      { owner: 200, manager: 200, support: 200 },
    ],
  ];

  test.each(
    STAFF_ROLES.flatMap((role) => CALLS.map(([call, make, statuses]) => [role, call, statuses[role], make] as const)),
  )('%s → %s: %i', async (role, call, status, make) => {
    const member = (await staff())[role];
    const shopper = await newUser(t);
    const method = call.split(' ')[0] ?? '';
    const [path, json] = await make(shopper.token);
    const before = (await auditRows()).length;
    const res = await t.call(method, path, { token: member.token, json });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual({ message: ROLE_CANNOT });
      const [denial] = await auditRows();
      expect(denial).toMatchObject({ outcome: 'denied', entity: 'route', entity_id: `${method} ${path}` });
    } else if (method === 'GET') {
      // Reading writes nothing to the log.
      expect(await auditRows()).toHaveLength(before);
    }
  });

  test.each(CALLS.map(([call, make]) => [call, make] as const))(
    'a shopper’s token is refused by %s (401), and so is no token',
    async (call, make) => {
      const shopper = await newUser(t);
      const method = call.split(' ')[0] ?? '';
      const [path, json] = await make(shopper.token);
      const res = await t.call(method, path, { token: shopper.token, json });
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Invalid or expired token.' });
      expect((await t.call(method, path, { json })).status).toBe(401);
    },
  );
});

describe('the orders board', () => {
  /** One shopper's five orders: three paid online, two cash on delivery to two pincodes. */
  let fixture:
    | Promise<{ email: string; phone: string; online: number[]; cod: number[]; all: number[]; token: string }>
    | undefined;
  const orders = () =>
    (fixture ??= (async () => {
      const [a, b, c, d] = await variants();
      const shopper = await newUser(t);
      const online = [
        await paidOrder(shopper.token, [a!.id]),
        await paidOrder(shopper.token, [a!.id, b!.id]),
        await paidOrder(shopper.token, [a!.id, b!.id, c!.id]),
      ];
      const cod = [await codOrder(shopper.token, [d!.id], '560034'), await codOrder(shopper.token, [c!.id], '560001')];
      return {
        email: shopper.email,
        phone: shopper.phone_number,
        online,
        cod,
        all: [...online, ...cod],
        token: shopper.token,
      };
    })());

  test('a search by the customer’s e-mail finds their orders, newest first, with counts per state', async () => {
    const { owner } = await staff();
    const mine = await orders();
    const page = await board(owner.token, `q=${encodeURIComponent(mine.email.toUpperCase())}`);
    expect(page.count).toBe(5);
    expect(page.results.map((r) => r.id)).toEqual([...mine.all].reverse());
    expect(page.counts).toMatchObject({ all: 5, paid: 3, placed: 2, packed: 0, cancelled: 0 });
    const [newest] = page.results;
    expect(newest).toMatchObject({
      state: 'placed',
      payment_method: 'cod',
      status: 'created',
      pincode: '560001',
      razorpay_order_id: null,
      items: 1,
      customer: { email: mine.email, phone: mine.phone, name: 'Asha Verma' },
    });
  });

  test.each<
    [string, (f: Awaited<ReturnType<typeof orders>>) => string, (f: Awaited<ReturnType<typeof orders>>) => number[]]
  >([
    ['state', () => 'state=placed', (f) => f.cod],
    ['two states', () => 'state=placed,paid', (f) => f.all],
    ['payment method', () => 'payment_method=online', (f) => f.online],
    ['pincode', () => 'pincode=560034', (f) => [f.cod[0]!]],
    ['pincode and method', () => 'pincode=560001&payment_method=cod', (f) => [f.cod[1]!]],
  ])('filtered by %s', async (_, query, expected) => {
    const { support } = await staff();
    const mine = await orders();
    const page = await board(support.token, `q=${encodeURIComponent(mine.email)}&${query(mine)}`);
    expect(page.results.map((r) => r.id).sort((x, y) => x - y)).toEqual([...expected(mine)].sort((x, y) => x - y));
    expect(page.count).toBe(expected(mine).length);
  });

  test('the tabs count every state under the other filters, whatever state is asked', async () => {
    const { manager } = await staff();
    const mine = await orders();
    const page = await board(manager.token, `q=${encodeURIComponent(mine.email)}&state=placed`);
    expect(page.count).toBe(2);
    expect(page.counts).toMatchObject({ all: 5, paid: 3, placed: 2 });
  });

  test('a search by order number, by #number, by the provider’s order id and by phone', async () => {
    const { owner } = await staff();
    const mine = await orders();
    const [first] = mine.online;
    const row = await orderRow(t, first!);
    for (const q of [String(first), `#${first}`, row.provider_order_id ?? '']) {
      expect((await board(owner.token, `q=${encodeURIComponent(q)}`)).results.map((r) => r.id)).toContain(first);
    }
    const byPhone = await board(
      owner.token,
      `q=${encodeURIComponent(`+91 ${mine.phone.slice(0, 5)} ${mine.phone.slice(5)}`)}`,
    );
    expect(byPhone.results.map((r) => r.id).sort((x, y) => x - y)).toEqual([...mine.all].sort((x, y) => x - y));
    expect((await board(owner.token, 'q=nobody-has-this%40example.in')).count).toBe(0);
  });

  test('sorted by amount, highest or lowest first, and oldest first', async () => {
    const { owner } = await staff();
    const mine = await orders();
    const q = `q=${encodeURIComponent(mine.email)}`;
    const high = (await board(owner.token, `${q}&sort=amount_high`)).results.map((r) => r.amount);
    expect(high).toEqual([...high].sort((x, y) => y - x));
    const low = (await board(owner.token, `${q}&sort=amount_low`)).results.map((r) => r.amount);
    expect(low).toEqual([...high].reverse());
    expect((await board(owner.token, `${q}&sort=oldest`)).results.map((r) => r.id)).toEqual(mine.all);
  });

  test('pages of two: three pages, none overlapping, together every order', async () => {
    const { owner } = await staff();
    const mine = await orders();
    const q = `q=${encodeURIComponent(mine.email)}&page_size=2`;
    const pages = [];
    for (const n of [1, 2, 3, 4]) pages.push(await board(owner.token, `${q}&page=${n}`));
    expect(pages.map((p) => p.results.length)).toEqual([2, 2, 1, 0]);
    expect(pages.every((p) => p.count === 5 && p.page_size === 2)).toBe(true);
    expect(pages.flatMap((p) => p.results.map((r) => r.id))).toEqual([...mine.all].reverse());
  });

  test('placed from and to: whole days in India', async () => {
    const { owner } = await staff();
    const mine = await orders();
    const row = await orderRow(t, mine.all[0]!);
    // The day in India the order was placed (UTC+5:30).
    const day = indiaDay(row.created_at);
    const before = new Date(Date.parse(`${day}T00:00:00Z`) - 24 * 3600_000).toISOString().slice(0, 10);
    const q = `q=${encodeURIComponent(mine.email)}`;
    expect((await board(owner.token, `${q}&from=${day}&to=${day}`)).count).toBe(5);
    expect((await board(owner.token, `${q}&to=${before}`)).count).toBe(0);
    expect((await board(owner.token, `${q}&from=${before}`)).count).toBe(5);
  });

  test('test payments of the /razorpay page are no orders of goods: not on the board', async () => {
    const { owner } = await staff();
    const shopper = await newUser(t);
    const res = await t.call('POST', '/api/common/test_payment_order/', {
      token: shopper.token,
      json: { amount: 100 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = (res.body as { id: number }).id;
    expect((await board(owner.token, `q=${encodeURIComponent(shopper.email)}`)).count).toBe(0);
    expect((await t.call('GET', `/api/admin/orders/${id}`, { token: owner.token })).status).toBe(404);
    expect((await move(owner.token, id, { to: 'cancelled' })).status).toBe(404);
  });
});

describe('moving an order', () => {
  test('packed → shipped → delivered: the shopper’s tracking follows, the e-mail carries the tracking note, each move is audited', async () => {
    const { support, manager } = await staff();
    const shopper = await newUser(t);
    const [a] = await variants();
    const id = await paidOrder(shopper.token, [a!.id]);
    const start = await detail(support.token, id);
    expect(start.moves).toEqual([
      { to: 'packed', allowed: true, reason: null, needs_note: false },
      { to: 'shipped', allowed: false, reason: refusalOf('paid', 'shipped', 'staff'), needs_note: true },
      { to: 'delivered', allowed: false, reason: refusalOf('paid', 'delivered', 'staff'), needs_note: false },
      { to: 'cancelled', allowed: true, reason: null, needs_note: false },
    ]);

    expect((await moved(support.token, id, 'packed')).state).toBe('packed');
    expect((await shopperView(shopper.token, id)).delivery_status).toBe('packed');

    const note = 'BlueDart AWB 81234567890';
    const shipped = await moved(manager.token, id, 'shipped', note);
    expect(shipped).toMatchObject({ state: 'shipped', delivery_status: 'shipped' });
    const tracking = await shopperView(shopper.token, id);
    expect(tracking.delivery_status).toBe('shipped');
    expect(tracking.timeline.at(-1)).toMatchObject({ state: 'shipped', actor: 'staff', note });
    const mail = await waitForMail(t.outboxDir, shopper.email, 1);
    expect(mail.headers.subject).toContain('has shipped');
    expect(mail.body).toContain('81234567890');

    const delivered = await moved(support.token, id, 'delivered');
    expect((await shopperView(shopper.token, id)).delivery_status).toBe('delivered');
    expect(delivered.timeline.map((e) => [e.from, e.state, e.actor, e.staff?.id ?? null])).toEqual([
      [null, 'awaiting_payment', 'shopper', null],
      ['awaiting_payment', 'paid', 'system', null],
      ['paid', 'packed', 'staff', support.id],
      ['packed', 'shipped', 'staff', manager.id],
      ['shipped', 'delivered', 'staff', support.id],
    ]);
    expect(delivered.timeline.slice(2).map((e) => e.note)).toEqual([null, note, null]);
    expect(delivered.timeline[3]?.staff).toEqual({ id: manager.id, name: 'Test manager', email: manager.email });
    expect(delivered.moves.every((m) => !m.allowed)).toBe(true);

    const entries = (await auditRows())
      .filter((r) => r.action === 'order.move' && r.entity_id === String(id))
      .reverse();
    expect(entries.map((e) => [e.staff_id, JSON.parse(e.before ?? '{}'), JSON.parse(e.after ?? '{}'), e.note])).toEqual(
      [
        [support.id, { state: 'paid' }, { state: 'packed' }, null],
        [manager.id, { state: 'packed' }, { state: 'shipped' }, note],
        [support.id, { state: 'shipped' }, { state: 'delivered' }, null],
      ],
    );
    expect(entries.every((e) => e.entity === 'order' && e.outcome === 'done')).toBe(true);
  });

  test.each<[OrderState, string, string | undefined]>([
    ['placed', 'shipped', 'Courier 1'],
    ['placed', 'delivered', undefined],
    ['delivered', 'cancelled', undefined],
    ['delivered', 'packed', undefined],
    ['cancelled', 'cancelled', undefined],
  ])(
    'an order that is %s cannot go to %s: 409 with the lifecycle’s reason, nothing changed or logged',
    async (from, to, note) => {
      const { owner } = await staff();
      const shopper = await newUser(t);
      const [, , c] = await variants();
      const id = await codOrder(shopper.token, [c!.id]);
      if (from === 'delivered') {
        await moved(owner.token, id, 'packed');
        await moved(owner.token, id, 'shipped', 'Courier 1');
        await moved(owner.token, id, 'delivered');
      }
      if (from === 'cancelled') await moved(owner.token, id, 'cancelled');
      const before = { order: await orderRow(t, id), audit: (await auditRows()).length };
      const res = await move(owner.token, id, note === undefined ? { to } : { to, note });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: refusalOf(from, to as OrderState, 'staff') });
      expect(await orderRow(t, id)).toEqual(before.order);
      expect(await auditRows()).toHaveLength(before.audit);
    },
  );

  test('cash on delivery: delivered is paid, with its tax invoice; before that there is none', async () => {
    const { support } = await staff();
    const shopper = await newUser(t);
    const [, b] = await variants();
    const id = await codOrder(shopper.token, [b!.id]);
    const none = await download(t, support.token, `/api/admin/orders/${id}/invoice`);
    expect(none.status).toBe(404);
    expect(none.body).toEqual({ message: NO_INVOICE_YET });

    await moved(support.token, id, 'packed');
    await moved(support.token, id, 'shipped', 'Delhivery 5566');
    const delivered = await moved(support.token, id, 'delivered');
    expect(delivered.payment).toMatchObject({ method: 'cod', status: 'paid', paid_at: expect.any(String) });
    expect(delivered.invoice?.number).toMatch(/^GB\/\d\d-\d\d\/\d{6}$/);
    expect((await shopperView(shopper.token, id)).status).toBe('paid');
    const [entry] = await auditRows();
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ state: 'delivered', paid_at: delivered.payment.paid_at });

    const invoice = await download(t, support.token, `/api/admin/orders/${id}/invoice`);
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get('content-type')).toBe('application/pdf');
    expect(invoice.headers.get('cache-control')).toContain('no-store');
    expect(await pdfText(invoice.bytes)).toContain(delivered.invoice?.number);
  });

  test('cancelling a paid order gives the stock back and refunds it in full; the shopper sees the refund', async () => {
    const { owner } = await staff();
    const shopper = await newUser(t);
    const [a, b] = await variants();
    const id = await paidOrder(shopper.token, [a!.id, b!.id]);
    const stockBefore = await t.db
      .selectFrom('stock_levels')
      .selectAll()
      .where('variant_id', '=', a!.id)
      .executeTakeFirstOrThrow();
    const cancelled = await moved(owner.token, id, 'cancelled', 'Damaged in the warehouse');
    expect(cancelled.state).toBe('cancelled');
    expect(cancelled.refund).toMatchObject({
      amount: cancelled.amount,
      status: expect.stringMatching(/^(initiated|processed)$/),
      reason: 'Damaged in the warehouse',
    });
    expect(cancelled.payment.status).toBe('paid');
    expect((await shopperView(shopper.token, id)).refund).toMatchObject({ amount: cancelled.amount });
    const stockAfter = await t.db
      .selectFrom('stock_levels')
      .selectAll()
      .where('variant_id', '=', a!.id)
      .executeTakeFirstOrThrow();
    expect(stockAfter.on_hand).toBe(stockBefore.on_hand + 1);
    const [entry] = await auditRows();
    expect(entry).toMatchObject({ action: 'order.move', entity: 'order', entity_id: String(id), staff_id: owner.id });
    expect(JSON.parse(entry?.before ?? '{}')).toEqual({ state: 'paid' });
    expect(JSON.parse(entry?.after ?? '{}')).toEqual({ state: 'cancelled' });
  });
});

describe('the order export', () => {
  function exportCsv(token: string, query: string) {
    return download(t, token, `/api/admin/orders/export?${query}`);
  }

  test('the days’ orders, oldest first, one row each, amounts as a spreadsheet reads them, formulas kept as text', async () => {
    const { support } = await staff();
    const shopper = await newUser(t);
    await t.db
      .updateTable('users')
      .set({ first_name: '=HYPERLINK("http://x")' })
      .where('id', '=', shopper.id)
      .execute();
    const [a, b] = await variants();
    const cod = await codOrder(shopper.token, [a!.id]);
    const paid = await paidOrder(shopper.token, [a!.id, b!.id]);
    const paidOrderDetail = await detail(support.token, paid);
    const day = indiaDay(paidOrderDetail.created_at);
    const res = await exportCsv(support.token, `from=${day}&to=${day}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="GharBazaar-orders-${day}-to-${day}.csv"`,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const text = Buffer.from(res.bytes).toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text.slice(1)) as string[][];
    expect(rows[0]).toEqual([...ORDER_EXPORT_COLUMNS]);
    const byId = new Map(rows.slice(1).map((r) => [r[0], r]));
    const ids = rows.slice(1).map((r) => Number(r[0]));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    const row = Object.fromEntries(ORDER_EXPORT_COLUMNS.map((c, i) => [c, byId.get(String(paid))?.[i]]));
    expect(row).toMatchObject({
      state: 'paid',
      payment_method: 'online',
      payment_status: 'paid',
      customer_email: shopper.email,
      pieces: '2',
      amount_inr: paidOrderDetail.amount.toFixed(2),
      invoice_number: paidOrderDetail.invoice?.number,
      refunded_inr: '',
    });
    expect(row.customer_name?.startsWith(`'=HYPERLINK`)).toBe(true);
    expect(row.placed_ist).toMatch(new RegExp(`^${day} \\d{2}:\\d{2}$`));
    expect(byId.get(String(cod))?.[2]).toBe('placed');
  });

  test.each<[string, string]>([
    ['from=2026-11-01', EXPORT_DAYS_REQUIRED],
    ['from=2026-11-05&to=2026-11-01', DATES_REVERSED],
    ['from=2025-01-01&to=2026-11-01', EXPORT_TOO_LONG],
    ['from=2026-02-30&to=2026-03-02', DATE_INVALID],
  ])('%s → 400: %s', async (query, message) => {
    const { owner } = await staff();
    const res = await exportCsv(owner.token, query);
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(message);
  });

  test('a shopper’s token is refused', async () => {
    const shopper = await newUser(t);
    expect((await exportCsv(shopper.token, 'from=2026-11-01&to=2026-11-02')).status).toBe(401);
  });
});

describe('the packing slip', () => {
  test('names the shop, the order, where it goes and what is in it, without prices; the same bytes every time', async () => {
    const { manager } = await staff();
    const shopper = await newUser(t);
    const [, , , d, e] = await variants();
    const id = await codOrder(shopper.token, [d!.id, e!.id]);
    const order = await detail(manager.token, id);
    // The delivery's phone, taken from the address the shopper gave, for whoever calls the shopper.
    expect(order.address.phone).toBe('9876543210');
    const res = await download(t, manager.token, `/api/admin/orders/${id}/packing-slip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="GharBazaar-packing-slip-${id}.pdf"`);
    const text = await pdfText(res.bytes);
    for (const expected of [
      'PACKING SLIP',
      'GharBazaar',
      `#${id}`,
      'SHIP TO',
      'Asha Verma',
      'MG Road',
      '4th Cross',
      'Bengaluru',
      'Karnataka 560034',
      '9876543210',
      'Cash on delivery',
    ]) {
      expect(text).toContain(expected);
    }
    for (const item of order.items) {
      expect(text).toContain(item.product_name.split(' ')[0]);
      if (item.sku) expect(text).toContain(item.sku);
    }
    expect(text).toMatch(/2 lines\s+2/);
    expect(text).not.toContain('₹');
    const again = await download(t, manager.token, `/api/admin/orders/${id}/packing-slip`);
    expect(Buffer.from(again.bytes).equals(Buffer.from(res.bytes))).toBe(true);
  });
});

describe('bad input is refused with the field’s message, and changes nothing', () => {
  test.each<[string, string, string]>([
    ['state=shipping', 'state', STATE_UNKNOWN],
    ['state=,', 'state', STATE_UNKNOWN],
    ['payment_method=cash', 'payment_method', PAYMENT_METHOD_UNKNOWN],
    ['pincode=12345', 'pincode', PINCODE_INVALID],
    ['from=2026-02-30', 'from', DATE_INVALID],
    ['to=24-11-2026', 'to', DATE_INVALID],
    ['from=2026-11-25&to=2026-11-24', 'from', DATES_REVERSED],
    ['sort=price', 'sort', SORT_UNKNOWN],
    ['page=0', 'page', 'Must be a positive whole number (digits only).'],
    ['page_size=101', 'page_size', 'At most 100.'],
    [`q=${'a'.repeat(255)}`, 'q', 'At most 254 characters.'],
    ['q=%E2%80%AEabc', 'q', NOT_ALLOWED],
  ])('GET /orders?%s → 400 on %s', async (query, field, message) => {
    const { owner } = await staff();
    const res = await t.call('GET', `/api/admin/orders?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
  });

  test.each<[string, unknown, string, string]>([
    ['no destination', {}, 'to', MOVE_TO_UNKNOWN],
    ['a state staff do not set', { to: 'paid' }, 'to', MOVE_TO_UNKNOWN],
    ['shipped without a tracking note', { to: 'shipped' }, 'note', TRACKING_REQUIRED],
    ['shipped with a blank note', { to: 'shipped', note: '   ' }, 'note', TRACKING_REQUIRED],
    ['a note that is no text', { to: 'packed', note: 42 }, 'note', 'The note must be text.'],
    ['a note too long', { to: 'packed', note: 'x'.repeat(501) }, 'note', 'At most 500 characters.'],
    ['a note with a control character', { to: 'packed', note: 'AWB\u0000123' }, 'note', NOT_ALLOWED],
  ])('POST /orders/{id}/move with %s → 400', async (_, body, field, message) => {
    const { owner } = await staff();
    const shopper = await newUser(t);
    const id = await codOrder(shopper.token, [(await variants())[0]!.id]);
    const before = { order: await orderRow(t, id), audit: (await auditRows()).length };
    const res = await move(owner.token, id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
    expect(await orderRow(t, id)).toEqual(before.order);
    expect(await auditRows()).toHaveLength(before.audit);
  });

  test('a body that is not JSON: 415; JSON that does not parse: 400', async () => {
    const { owner } = await staff();
    const shopper = await newUser(t);
    const id = await codOrder(shopper.token, [(await variants())[0]!.id]);
    const form = await t.call('POST', `/api/admin/orders/${id}/move`, {
      token: owner.token,
      body: 'to=packed',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    const broken = await t.call('POST', `/api/admin/orders/${id}/move`, {
      token: owner.token,
      body: '{"to":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await orderRow(t, id)).state).toBe('placed');
  });

  test.each([
    ['GET', '/api/admin/orders/999999'],
    ['GET', '/api/admin/orders/0'],
    ['GET', '/api/admin/orders/abc'],
    ['POST', '/api/admin/orders/999999/move'],
    ['POST', '/api/admin/orders/1e3/move'],
    ['GET', '/api/admin/orders/999999/invoice'],
    ['GET', '/api/admin/orders/999999/packing-slip'],
  ])('%s %s → 404', async (method, path) => {
    const { owner } = await staff();
    const res = await t.call(method, path, {
      token: owner.token,
      json: method === 'POST' ? { to: 'packed' } : undefined,
    });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Order not found.' });
  });
});
