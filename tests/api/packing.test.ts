import { describe, expect, test } from 'vitest';
import type { Order } from '../../contract/api/buying';
import {
  CourierSchema,
  PackingQueueSchema,
  PackResultsSchema,
  StaffOrderSchema,
  type Courier,
} from '../../contract/api/admin-orders';
import {
  AWB_INVALID,
  AWB_NEEDS_COURIER,
  COURIER_NEEDS_AWB,
  COURIER_URL_INVALID,
  MAX_PACKING_BATCH,
  PACKING_IDS_INVALID,
} from '../../contract/schemas/admin-orders';
import { refusalOf } from '../../contract/order-lifecycle';
import { ROLE_CANNOT } from '../../contract/staff';
import { COURIER_NAME_TAKEN, COURIER_NOT_OFFERED } from '../../server/services/staff/packing';
import { pdfText } from '../pdf-text';
import { appPerFile, buy, download, makeTestApp, newUser, waitForMail } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

/**
 * The packing queue: one list of what to pack (paid online and confirmed cash on delivery,
 * oldest first, with the promised date), their slips and invoices as one PDF, a batch marked
 * packed; and shipping with a courier from the shop's list, whose tracking link reaches the shopper.
 */
const t = appPerFile(() => makeTestApp(30));
const staff = teamOnce(t);
const variants = stockedOnce(t, 4, 5);

const line = 'Asha Verma, 9876543210, MG Road, 4th Cross, Bengaluru, Karnataka, 560034';

/** A confirmed cash-on-delivery order of one piece of the `index`-th variant (another cart, another order). */
async function codOrder(token: string, index = 0): Promise<number> {
  const v = (await variants())[index];
  const res = await t.call('POST', '/api/common/create_order/', {
    token,
    json: { products: [{ variant_id: v!.id, quantity: 1 }], payment_method: 'cod', address: line },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

async function paidOrder(token: string): Promise<number> {
  const [, v] = await variants();
  return (await buy(t, token, [v!.id])).id;
}

async function queue(token: string) {
  const res = await t.call('GET', '/api/admin/packing', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return PackingQueueSchema.parse(res.body);
}

function move(token: string, id: number, json: Record<string, unknown>) {
  return t.call('POST', `/api/admin/orders/${id}/move`, { token, json });
}

async function addCourier(token: string, json: Record<string, unknown>): Promise<Courier> {
  const res = await t.call('POST', '/api/admin/couriers', { token, json });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return CourierSchema.parse(res.body);
}

let courierSerial = 0;
const courierName = () => `Courier ${process.pid}-${(courierSerial += 1)}`;

describe('the packing queue', () => {
  test('lists paid online and confirmed COD orders together, oldest first, with the promised date and invoice; not unpaid or packed ones', async () => {
    const { support, manager } = await staff();
    const shopper = await newUser(t);
    const cod = await codOrder(shopper.token);
    t.clock.advance(60_000);
    const paid = await paidOrder(shopper.token);
    t.clock.advance(60_000);
    const [, , v] = await variants();
    const unpaid = (
      await t.call('POST', '/api/common/create_order/', {
        token: shopper.token,
        json: { products: [{ variant_id: v!.id }], address: line },
      })
    ).body as { id: number };
    const packed = await paidOrder(shopper.token);
    expect((await move(manager.token, packed, { to: 'packed' })).status).toBe(200);

    const answer = await queue(support.token);
    const ids = answer.results.map((r) => r.id);
    expect(ids.indexOf(cod)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(cod)).toBeLessThan(ids.indexOf(paid));
    expect(ids).not.toContain(unpaid.id);
    expect(ids).not.toContain(packed);
    const created = answer.results.map((r) => r.created_at);
    expect(created).toEqual([...created].sort());
    const codRow = answer.results.find((r) => r.id === cod)!;
    const paidRow = answer.results.find((r) => r.id === paid)!;
    expect(codRow).toMatchObject({ state: 'placed', payment_method: 'cod', invoice: null });
    expect(paidRow.state).toBe('paid');
    expect(paidRow.invoice).toMatch(/^GB\//);
    // Bengaluru (560034) is two delivery days from the order's day, Sundays not counted.
    expect(codRow.deliver_by).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(codRow.deliver_by! > codRow.created_at.slice(0, 10)).toBe(true);
    expect(answer.count).toBe(answer.results.length);
  });

  test('prints the slips and invoices of a batch as one PDF, oldest first', async () => {
    const { support } = await staff();
    const shopper = await newUser(t);
    const paid = await paidOrder(shopper.token);
    t.clock.advance(60_000);
    const cod = await codOrder(shopper.token);
    const res = await download(t, support.token, `/api/admin/packing/documents?ids=${cod},${paid}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="GharBazaar-packing-\d{4}-\d{2}-\d{2}\.pdf"$/,
    );
    expect(res.headers.get('cache-control')).toContain('no-store');
    const pages = (await pdfText(res.bytes)).split('\n');
    // The paid order was placed first: its slip, its invoice, then the COD order's slip (no invoice yet).
    expect(pages).toHaveLength(3);
    expect(pages[0]).toContain('PACKING SLIP');
    expect(pages[0]).toContain(`#${paid}`);
    expect(pages[1]).toContain('TAX INVOICE');
    expect(pages[2]).toContain('PACKING SLIP');
    expect(pages[2]).toContain(`#${cod}`);
    expect(pages[2]).toContain('Cash on delivery');
  });

  test.each([
    ['no ids', ''],
    ['letters', 'ids=abc'],
    ['an empty one', 'ids=3,,4'],
    ['a zero', 'ids=0'],
    [
      `more than ${MAX_PACKING_BATCH}`,
      `ids=${Array.from({ length: MAX_PACKING_BATCH + 1 }, (_, i) => i + 1).join(',')}`,
    ],
  ])('refuses %s for the documents with a clear 400', async (_name, query) => {
    const { support } = await staff();
    const res = await download(t, support.token, `/api/admin/packing/documents?${query}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(PACKING_IDS_INVALID);
  });

  test('names an order that is not there', async () => {
    const { support } = await staff();
    const res = await download(t, support.token, '/api/admin/packing/documents?ids=987654');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ message: 'Order #987654 not found.' });
  });

  test('marks a batch packed, each on its own: one cancelled meanwhile is refused with the reason; every move is audited', async () => {
    const { support, manager } = await staff();
    const shopper = await newUser(t);
    const a = await paidOrder(shopper.token);
    const b = await codOrder(shopper.token);
    const gone = await codOrder(shopper.token, 3);
    expect((await t.call('POST', `/api/common/orders/${gone}/cancel`, { token: shopper.token })).status).toBe(200);

    const res = await t.call('POST', '/api/admin/packing/pack', {
      token: support.token,
      json: { ids: [a, b, gone, a] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(PackResultsSchema.parse(res.body).results).toEqual([
      { id: a, packed: true, message: `Order #${a} is now packed.` },
      { id: b, packed: true, message: `Order #${b} is now packed.` },
      { id: gone, packed: false, message: `Order #${gone}: ${refusalOf('cancelled', 'packed', 'staff')}` },
    ]);
    for (const id of [a, b]) {
      const order = StaffOrderSchema.parse(
        (await t.call('GET', `/api/admin/orders/${id}`, { token: manager.token })).body,
      );
      expect(order.state).toBe('packed');
      expect(order.timeline.at(-1)).toMatchObject({ state: 'packed', staff: { id: support.id } });
    }
    expect((await queue(support.token)).results.map((r) => r.id)).not.toContain(a);
  });

  test.each([
    ['no list', {}],
    ['an empty list', { ids: [] }],
    ['text ids', { ids: ['1'] }],
    [`more than ${MAX_PACKING_BATCH}`, { ids: Array.from({ length: MAX_PACKING_BATCH + 1 }, (_, i) => i + 1) }],
  ])('refuses %s to pack with a 400 and packs nothing', async (_name, json) => {
    const { support } = await staff();
    const res = await t.call('POST', '/api/admin/packing/pack', { token: support.token, json });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(PACKING_IDS_INVALID);
  });

  test('is for staff: a shopper is refused', async () => {
    const shopper = await newUser(t);
    expect((await t.call('GET', '/api/admin/packing', { token: shopper.token })).status).toBe(401);
  });
});

describe('couriers and tracking links', () => {
  test('an owner keeps the list; managers and support read it and cannot change it', async () => {
    const { owner, manager, support } = await staff();
    const name = courierName();
    const added = await addCourier(owner.token, { name, tracking_url: 'https://track.example.in/awb/{awb}' });
    expect(added).toMatchObject({ name, tracking_url: 'https://track.example.in/awb/{awb}', active: true });
    const list = await t.call('GET', '/api/admin/couriers', { token: support.token });
    expect(list.body).toContainEqual(added);
    const refused = await t.call('POST', '/api/admin/couriers', {
      token: manager.token,
      json: { name: courierName(), tracking_url: 'https://x.example.in/{awb}' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: ROLE_CANNOT });

    const changed = await t.call('PUT', `/api/admin/couriers/${added.id}`, {
      token: owner.token,
      json: { name, tracking_url: 'https://track.example.in/p?awb={awb}', active: false },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body).toMatchObject({ tracking_url: 'https://track.example.in/p?awb={awb}', active: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'staff_id'])
      .where('entity', '=', 'courier')
      .where('entity_id', '=', String(added.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'courier.add', staff_id: owner.id },
      { action: 'courier.change', staff_id: owner.id },
    ]);
  });

  test.each([
    ['plain http', 'http://track.example.in/{awb}'],
    ['a script', 'javascript:alert(1)//{awb}'],
    ['no place for the number', 'https://track.example.in/'],
    ['two places for it', 'https://track.example.in/{awb}/{awb}'],
    ['no host', 'https:///{awb}'],
  ])('refuses a tracking address with %s, and adds nothing', async (_name, trackingUrl) => {
    const { owner } = await staff();
    const name = courierName();
    const res = await t.call('POST', '/api/admin/couriers', {
      token: owner.token,
      json: { name, tracking_url: trackingUrl },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(COURIER_URL_INVALID);
    const list = (await t.call('GET', '/api/admin/couriers', { token: owner.token })).body as Courier[];
    expect(list.map((c) => c.name)).not.toContain(name);
  });

  test('a name is on the list once, whatever its case', async () => {
    const { owner } = await staff();
    const name = courierName();
    await addCourier(owner.token, { name, tracking_url: 'https://a.example.in/{awb}' });
    const again = await t.call('POST', '/api/admin/couriers', {
      token: owner.token,
      json: { name: name.toUpperCase(), tracking_url: 'https://b.example.in/{awb}' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: COURIER_NAME_TAKEN });
  });

  test('shipping with a courier and AWB sends the shopper its tracking link, on the order and in the e-mail', async () => {
    const { owner, manager } = await staff();
    const courier = await addCourier(owner.token, {
      name: courierName(),
      tracking_url: 'https://track.example.in/package/{awb}?src=shop',
    });
    const shopper = await newUser(t);
    const id = await paidOrder(shopper.token);
    expect((await move(manager.token, id, { to: 'packed' })).status).toBe(200);
    const res = await move(manager.token, id, { to: 'shipped', courier_id: courier.id, awb: 'DL-12345678' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const shipment = {
      courier: courier.name,
      awb: 'DL-12345678',
      tracking_url: 'https://track.example.in/package/DL-12345678?src=shop',
    };
    const order = StaffOrderSchema.parse(res.body);
    expect(order.shipment).toEqual(shipment);
    expect(order.timeline.at(-1)).toMatchObject({ state: 'shipped', note: `${courier.name}, AWB DL-12345678` });
    const mine = (await t.call('GET', `/api/common/orders/${id}/`, { token: shopper.token })).body as Order;
    expect(mine.shipment).toEqual(shipment);
    const mail = await waitForMail(t.outboxDir, shopper.email, 1);
    expect(mail.headers.subject).toContain('has shipped');
    expect(mail.body).toContain(shipment.tracking_url.replace('?src=shop', ''));
  });

  test('a tracking note alone still ships the order, with no link', async () => {
    const { manager } = await staff();
    const shopper = await newUser(t);
    const id = await paidOrder(shopper.token);
    await move(manager.token, id, { to: 'packed' });
    const res = await move(manager.token, id, { to: 'shipped', note: 'Handed to the local courier, slip 77' });
    expect(res.status).toBe(200);
    expect(StaffOrderSchema.parse(res.body).shipment).toBeNull();
  });

  test.each([
    ['a courier without an AWB number', (c: number) => ({ courier_id: c }), COURIER_NEEDS_AWB],
    ['an AWB number without a courier', () => ({ awb: 'DL12345678' }), AWB_NEEDS_COURIER],
    ['an AWB number with spaces', (c: number) => ({ courier_id: c, awb: 'DL 1234' }), AWB_INVALID],
    ['an AWB number too short', (c: number) => ({ courier_id: c, awb: 'D1' }), AWB_INVALID],
    ['a courier that is not on the list', () => ({ courier_id: 987654, awb: 'DL12345678' }), COURIER_NOT_OFFERED],
  ])('refuses to ship with %s, and the order stays packed', async (_name, body, message) => {
    const { owner, manager } = await staff();
    const courier = await addCourier(owner.token, { name: courierName(), tracking_url: 'https://t.example.in/{awb}' });
    const shopper = await newUser(t);
    const id = await paidOrder(shopper.token);
    await move(manager.token, id, { to: 'packed' });
    const res = await move(manager.token, id, { to: 'shipped', ...body(courier.id) });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    const order = StaffOrderSchema.parse(
      (await t.call('GET', `/api/admin/orders/${id}`, { token: manager.token })).body,
    );
    expect(order.state).toBe('packed');
    expect(order.shipment).toBeNull();
  });

  test('a courier switched off is not offered for shipping', async () => {
    const { owner, manager } = await staff();
    const name = courierName();
    const courier = await addCourier(owner.token, { name, tracking_url: 'https://t.example.in/{awb}', active: false });
    const shopper = await newUser(t);
    const id = await paidOrder(shopper.token);
    await move(manager.token, id, { to: 'packed' });
    const res = await move(manager.token, id, { to: 'shipped', courier_id: courier.id, awb: 'DL12345678' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: COURIER_NOT_OFFERED });
  });
});
