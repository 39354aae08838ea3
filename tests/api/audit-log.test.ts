import { describe, expect, test } from 'vitest';
import { AuditPageSchema, type AuditEntry } from '../../contract/api/staff';
import { AUDIT_KIND_UNKNOWN } from '../../contract/audit-actions';
import { dayAfter, indiaDay } from '../../contract/format';
import { DATE_INVALID, DATES_REVERSED } from '../../contract/schemas/common';
import { AUDIT_STAFF_INVALID } from '../../contract/schemas/staff';
import { readAuditPage } from '../../server/services/staff/audit';
import { appPerFile, buy, makeTestApp, newUser } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

/**
 * The audit log in words (GET /api/admin/audit): each entry's one-line summary, its record's name
 * and its changed fields as staff read them, and the list narrowed by staff member, kind and day.
 */

const t = appPerFile(() => makeTestApp(20));
const staff = teamOnce(t);
const variants = stockedOnce(t, 1, 3);

let serial = 0;

/** A product of the file's own with one variant, made by the manager: its ids and names. */
async function ownProduct() {
  const { manager } = await staff();
  const name = `Tiffin Box ${process.pid}-${(serial += 1)}`;
  const res = await t.call('POST', '/api/admin/catalogue/products', {
    token: manager.token,
    json: {
      name,
      description: 'Three tiers, steel.',
      brand: 'Ghar',
      subcategory_id: 1,
      weight: 600,
      unit: 'piece',
      length: 20,
      width: 15,
      height: 18,
      hsn_code: '7323',
      gst_rate: 12,
      variants: [
        {
          name: 'Large',
          sku: `AUD-${process.pid}-${serial}`,
          size: 'L',
          color: null,
          unit: 'piece',
          unit_value: 1,
          price: 700,
          final_price: 649,
          on_hand: 18,
        },
      ],
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const product = res.body as { id: number; variants: { id: number }[] };
  return { name, productId: product.id, variantId: product.variants[0]!.id };
}

async function auditPage(query = 'page_size=100'): Promise<AuditEntry[]> {
  const { owner } = await staff();
  const res = await t.call('GET', `/api/admin/audit?${query}`, { token: owner.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return AuditPageSchema.parse(res.body).results;
}

describe('entries in words', () => {
  test('a price, stock, an order moved and an invitation read as sentences with names', async () => {
    const { owner, manager } = await staff();
    const { name, variantId } = await ownProduct();
    const patch = await t.call('PATCH', `/api/admin/catalogue/variants/${variantId}`, {
      token: manager.token,
      json: { final_price: 629 },
    });
    expect(patch.status, JSON.stringify(patch.body)).toBe(200);
    const stock = await t.call('PATCH', `/api/admin/catalogue/variants/${variantId}/stock`, {
      token: manager.token,
      json: { on_hand: 20 },
    });
    expect(stock.status, JSON.stringify(stock.body)).toBe(200);
    const [bought] = await variants();
    const shopper = await newUser(t);
    const order = await buy(t, shopper.token, [bought!.id]);
    const moved = await t.call('POST', `/api/admin/orders/${order.id}/move`, {
      token: manager.token,
      json: { to: 'packed' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const email = `priya-${process.pid}@example.com`;
    const invite = await t.call('POST', '/api/admin/staff/invites', {
      token: owner.token,
      json: { email, role: 'manager' },
    });
    expect(invite.status, JSON.stringify(invite.body)).toBe(201);

    const entries = await auditPage();
    const of = (action: string, id: number | string) =>
      entries.find((e) => e.action === action && e.entity_id === String(id));

    expect(of('variant.update', variantId)).toMatchObject({
      action_label: 'Variant changed',
      record_name: `${name} Large`,
      summary: `Final price of ${name} Large: ₹649 → ₹629`,
      changes: [{ field: 'Final price', before: '₹649', after: '₹629' }],
      // The raw record stays as it was.
      before: { final_price: 649 },
      after: { final_price: 629 },
    });
    expect(of('stock.set', variantId)).toMatchObject({
      record_name: `${name} Large`,
      summary: `Stock of ${name} Large: 18 → 20`,
      changes: [{ field: 'Stock', before: '18', after: '20' }],
    });
    expect(of('order.move', order.id)).toMatchObject({
      record_name: `Order #${order.id}`,
      summary: `Order #${order.id}: paid → packed`,
      changes: [{ field: 'State', before: 'Paid', after: 'Packed' }],
    });
    expect(entries.find((e) => e.action === 'staff.invite' && e.after?.email === email)).toMatchObject({
      record_name: email,
      summary: `Invited ${email} as manager`,
    });
    expect(entries.find((e) => e.action === 'product.create' && e.record_name === name)?.summary).toBe(
      `Added product ${name}`,
    );
    // The owner made on the command line is named as such, and a sign-in says who.
    expect(entries.find((e) => e.action === 'staff.login' && e.staff?.id === manager.id)?.summary).toBe(
      'Test manager signed in',
    );
    for (const e of entries) expect(e.summary, e.action).not.toMatch(/\n|undefined|\[object/);
  });

  test('a renamed product is named as it is now; a removed variant by the name it had', async () => {
    const { manager } = await staff();
    const { productId, variantId } = await ownProduct();
    const renamed = `Renamed box ${process.pid}-${(serial += 1)}`;
    const second = await t.call('POST', `/api/admin/catalogue/products/${productId}/variants`, {
      token: manager.token,
      json: {
        name: 'Small',
        sku: `AUD-S-${process.pid}-${serial}`,
        size: 'S',
        color: null,
        unit: 'piece',
        unit_value: 1,
        price: 500,
        final_price: 450,
        on_hand: 3,
      },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    const small = (second.body as { variants: { id: number; name: string }[] }).variants.find(
      (v) => v.name === 'Small',
    )!;
    expect(
      (
        await t.call('PATCH', `/api/admin/catalogue/products/${productId}`, {
          token: manager.token,
          json: { name: renamed },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('DELETE', `/api/admin/catalogue/variants/${small.id}`, { token: manager.token })).status).toBe(
      200,
    );
    const entries = await auditPage();
    expect(entries.find((e) => e.action === 'product.update' && e.entity_id === String(productId))?.record_name).toBe(
      renamed,
    );
    expect(entries.find((e) => e.action === 'variant.create' && e.entity_id === String(variantId))).toBeUndefined();
    expect(entries.find((e) => e.action === 'variant.delete' && e.entity_id === String(small.id))).toMatchObject({
      record_name: 'Small',
      summary: 'Removed variant Small',
    });
  });
});

test('the names of a page are looked up in one batch: at most 11 queries for 100 entries, never one per entry', async () => {
  const { manager } = await staff();
  const { variantId } = await ownProduct();
  for (let onHand = 30; onHand < 40; onHand += 1) {
    const res = await t.call('PATCH', `/api/admin/catalogue/variants/${variantId}/stock`, {
      token: manager.token,
      json: { on_hand: onHand },
    });
    expect(res.status).toBe(200);
  }
  const queriesFor = async (pageSize: number) => {
    let queries = 0;
    const counted = t.db.withPlugin({
      transformQuery: (args) => {
        queries += 1;
        return args.node;
      },
      transformResult: (args) => Promise.resolve(args.result),
    });
    const page = await readAuditPage(counted, 1, pageSize);
    return { queries, entries: page.results.length };
  };
  const few = await queriesFor(5);
  const many = await queriesFor(100);
  expect(many.entries).toBeGreaterThan(20);
  // The count, the page, and one look-up per kind of record named (nine kinds at most).
  expect(many.queries).toBeLessThanOrEqual(11);
  expect(many.queries - few.queries).toBeLessThanOrEqual(9);
});

describe('filters', () => {
  test('by staff member, kind (a group or one action) and India day, counted as filtered', async () => {
    const { manager, owner } = await staff();
    const { variantId } = await ownProduct();
    for (const onHand of [5, 6]) {
      const res = await t.call('PATCH', `/api/admin/catalogue/variants/${variantId}/stock`, {
        token: manager.token,
        json: { on_hand: onHand },
      });
      expect(res.status).toBe(200);
    }

    const mine = await auditPage(`staff_id=${manager.id}&page_size=100`);
    expect(mine.length).toBeGreaterThan(2);
    expect(mine.every((e) => e.staff?.id === manager.id)).toBe(true);

    const stock = await auditPage(`kind=stock&staff_id=${manager.id}&page_size=100`);
    expect(stock.length).toBeGreaterThanOrEqual(2);
    expect(stock.every((e) => e.action === 'stock.set')).toBe(true);
    const catalogue = await auditPage('kind=catalogue&page_size=100');
    expect(catalogue.some((e) => e.action === 'product.create')).toBe(true);
    expect(catalogue.some((e) => e.action === 'stock.set' || e.action.startsWith('staff.'))).toBe(false);
    const logins = await auditPage('kind=staff.login&page_size=100');
    expect(logins.length).toBeGreaterThanOrEqual(3);
    expect(logins.every((e) => e.action === 'staff.login')).toBe(true);
    // A support member's refused call is found among the refusals.
    const { support } = await staff();
    expect((await t.call('GET', '/api/admin/audit', { token: support.token })).status).toBe(403);
    const refused = await auditPage(`kind=refused&staff_id=${support.id}`);
    expect(refused.map((e) => [e.outcome, e.action])).toEqual([['denied', 'audit.read']]);

    // The count is of the filtered entries.
    const counted = await t.call('GET', `/api/admin/audit?kind=stock&staff_id=${manager.id}`, { token: owner.token });
    expect(AuditPageSchema.parse(counted.body).count).toBe(stock.length);

    // Days are India's, both ends included.
    const newest = stock[0]!;
    const day = indiaDay(newest.at);
    const thatDay = await auditPage(`kind=stock&staff_id=${manager.id}&from=${day}&to=${day}`);
    expect(thatDay.map((e) => e.id)).toContain(newest.id);
    expect(await auditPage(`kind=stock&staff_id=${manager.id}&from=${dayAfter(day)}`)).toEqual([]);
    const dayBefore = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    expect(await auditPage(`kind=stock&staff_id=${manager.id}&to=${dayBefore}`)).toEqual([]);
    // Someone who did nothing has an empty log.
    expect(await auditPage('staff_id=999999')).toEqual([]);
  });

  test.each<[string, string, string]>([
    ['staff_id=abc', 'staff_id', AUDIT_STAFF_INVALID],
    ['staff_id=-1', 'staff_id', AUDIT_STAFF_INVALID],
    ['kind=drop%20table', 'kind', AUDIT_KIND_UNKNOWN],
    ['kind=', 'kind', AUDIT_KIND_UNKNOWN],
    ['from=2026-02-30', 'from', DATE_INVALID],
    ['to=27-11-2026', 'to', DATE_INVALID],
    ['from=2026-11-28&to=2026-11-27', 'from', DATES_REVERSED],
  ])('?%s → 400 on %s', async (query, field, message) => {
    const { owner } = await staff();
    const res = await t.call('GET', `/api/admin/audit?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
  });
});
