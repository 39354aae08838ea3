import { describe, expect, test } from 'vitest';
import type { AdminProduct } from '../../contract/api/admin-catalogue';
import {
  FINAL_ABOVE_PRICE,
  PRICE_INVALID,
  STOCK_DELTA_INVALID,
  STOCK_REASON_REQUIRED,
  VARIANT_NOT_OF_PRODUCT,
  productChangedBy,
  stockBelowHeld,
  stockChangeRefused,
} from '../../contract/schemas/admin-catalogue';
import { ROLE_CANNOT, type StaffRole } from '../../contract/staff';
import { appPerFile, buy, makeTestApp, newUser, placeOrder, type TestResponse } from './helpers';
import { catalogueDesk } from './catalogue-helpers';

/**
 * The product page's one save (PUT /api/admin/catalogue/products/{id}/all): the product, its
 * variants' fields and stock changes in one transaction at the version the page loaded.
 */

type Json = Record<string, unknown>;

const t = appPerFile(() => makeTestApp(12));
const { staff, as, ok } = catalogueDesk(t);

let serial = 0;
const sku = () => `SAVE-${process.pid}-${(serial += 1)}`;

/** A product of the test's own with three variants, 10 of each on the shelf. */
async function ownProduct(): Promise<AdminProduct> {
  const variant = (name: string) => ({
    name,
    sku: sku(),
    unit: 'piece',
    unit_value: 1,
    price: 500,
    final_price: 450,
    on_hand: 10,
  });
  return ok<AdminProduct>(
    'POST',
    '/products',
    {
      json: {
        name: `Steel tiffin ${(serial += 1)}`,
        subcategory_id: 1,
        weight: 400,
        unit: 'piece',
        hsn_code: '7323',
        gst_rate: 12,
        variants: [variant('Small'), variant('Medium'), variant('Large')],
      },
    },
    201,
  );
}

const save = (role: StaffRole, id: number, body: Json) => as(role, 'PUT', `/products/${id}/all`, { json: body });

/** Rows of `table` (of the audit log, changes done: a refused call is logged as refused). */
async function count(table: 'audit_log' | 'stock_history' | 'site_changes'): Promise<number> {
  let q = t.db.selectFrom(table as 'audit_log').select((eb) => eb.fn.countAll<number>().as('n'));
  if (table === 'audit_log') q = q.where('outcome', '=', 'done');
  return Number((await q.executeTakeFirstOrThrow()).n);
}

/** Everything a save could write about `id`, to compare before and after a refused one. */
async function snapshot(id: number) {
  return {
    product: await t.db.selectFrom('products').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    variants: await t.db.selectFrom('variants').selectAll().where('product_id', '=', id).orderBy('id').execute(),
    stock: await t.db
      .selectFrom('stock_levels')
      .innerJoin('variants', 'variants.id', 'stock_levels.variant_id')
      .select(['variant_id', 'on_hand', 'reserved'])
      .where('variants.product_id', '=', id)
      .orderBy('variant_id')
      .execute(),
    audits: await count('audit_log'),
    history: await count('stock_history'),
    siteChanges: await count('site_changes'),
  };
}

async function expectRefused(
  id: number,
  act: () => Promise<TestResponse>,
  status: number,
  message: string,
  field?: string,
): Promise<void> {
  const before = await snapshot(id);
  const res = await act();
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  const body = res.body as { message: string; errors?: Record<string, string[]> };
  expect(body.message).toBe(message);
  if (field) expect(body.errors?.[field]).toEqual([message]);
  expect(await snapshot(id)).toEqual(before);
}

describe('one save of the product page', () => {
  test('the product, a price and a stock change are saved together, with a history line and their audit entries', async () => {
    const made = await ownProduct();
    const [small, medium] = made.variants;
    const audits = await count('audit_log');
    const saved = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, {
      json: {
        version: made.version,
        product: { name: 'Steel tiffin, three tiers' },
        variants: [
          { id: small!.id, price: 650, final_price: 599 },
          { id: medium!.id, stock: { delta: 20, reason: 'received', note: 'Invoice 4417' } },
        ],
      },
    });
    expect(saved.name).toBe('Steel tiffin, three tiers');
    expect(saved.version).toBe(made.version + 1);
    expect(saved.variants[0]).toMatchObject({ price: 650, final_price: 599, history: [] });
    expect(saved.variants[1]!.stock).toEqual({ on_hand: 30, reserved: 0, available: 30 });
    expect(saved.variants[1]!.history).toEqual([
      {
        at: expect.any(String) as string,
        delta: 20,
        reason: 'received',
        note: 'Invoice 4417',
        staff_name: 'Test manager',
        staff_role: 'manager',
        on_hand_after: 30,
      },
    ]);
    expect(await ok<AdminProduct>('GET', `/products/${made.id}`)).toEqual(saved);

    const entries = await t.db
      .selectFrom('audit_log')
      .select(['action', 'entity_id', 'after', 'note', 'staff_id'])
      .orderBy('id', 'desc')
      .limit(3)
      .execute();
    expect(await count('audit_log')).toBe(audits + 3);
    expect(entries.reverse()).toEqual([
      {
        action: 'product.update',
        entity_id: String(made.id),
        after: JSON.stringify({ name: 'Steel tiffin, three tiers' }),
        note: null,
        staff_id: staff.manager.id,
      },
      {
        action: 'variant.update',
        entity_id: String(small!.id),
        after: JSON.stringify({ price: 650, final_price: 599 }),
        note: null,
        staff_id: staff.manager.id,
      },
      {
        action: 'stock.change',
        entity_id: String(medium!.id),
        after: JSON.stringify({ on_hand: 30 }),
        note: 'Received from supplier: Invoice 4417',
        staff_id: staff.manager.id,
      },
    ]);
  });

  test('a bad field anywhere refuses the whole save with the field named by its path; nothing is written', async () => {
    const made = await ownProduct();
    const [small, medium, large] = made.variants;
    const good = {
      version: made.version,
      product: { name: 'Renamed' },
      variants: [{ id: small!.id, stock: { delta: 5, reason: 'received' } }],
    };
    // Refused by the rules every field has (the body's parse).
    await expectRefused(
      made.id,
      () =>
        save('manager', made.id, {
          ...good,
          variants: [...good.variants, { id: medium!.id }, { id: large!.id, price: -5 }],
        }),
      400,
      PRICE_INVALID,
      'variants.2.price',
    );
    // Refused against what is stored: a final price above the variant's price, in the third variant.
    await expectRefused(
      made.id,
      () =>
        save('manager', made.id, {
          ...good,
          variants: [
            ...good.variants,
            { id: medium!.id, price: 480, final_price: 470 },
            { id: large!.id, final_price: 900 },
          ],
        }),
      400,
      FINAL_ABOVE_PRICE,
      'variants.2.final_price',
    );
    for (const [stock, message, field] of [
      [{ delta: 0, reason: 'received' }, STOCK_DELTA_INVALID, 'delta'],
      [{ delta: 2.5, reason: 'received' }, STOCK_DELTA_INVALID, 'delta'],
      [{ delta: 'lots', reason: 'received' }, STOCK_DELTA_INVALID, 'delta'],
      [{ delta: 3, reason: 'found it' }, STOCK_REASON_REQUIRED, 'reason'],
      [{ delta: 3 }, STOCK_REASON_REQUIRED, 'reason'],
    ] as const) {
      await expectRefused(
        made.id,
        () => save('manager', made.id, { ...good, variants: [...good.variants, { id: large!.id, stock }] }),
        400,
        message,
        `variants.1.stock.${field}`,
      );
    }
    // A variant of another product.
    const other = await ownProduct();
    await expectRefused(
      made.id,
      () =>
        save('manager', made.id, { ...good, variants: [...good.variants, { id: other.variants[0]!.id, price: 600 }] }),
      400,
      VARIANT_NOT_OF_PRODUCT,
      'variants.1.id',
    );
    // The good part alone is saved.
    const saved = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, { json: good });
    expect([saved.name, saved.variants[0]!.stock.on_hand]).toEqual(['Renamed', 15]);
  });

  test('a stock change applies to what is on the shelf when saved: a sale since the page loaded stands', async () => {
    const made = await ownProduct();
    const variant = made.variants[0]!;
    expect(variant.stock.on_hand).toBe(10);
    // A shopper buys one piece while the page is open.
    const shopper = await newUser(t);
    await buy(t, shopper.token, [variant.id]);
    const saved = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, {
      json: { version: made.version, variants: [{ id: variant.id, stock: { delta: 20, reason: 'received' } }] },
    });
    expect(saved.variants[0]!.stock).toEqual({ on_hand: 29, reserved: 0, available: 29 });
    expect(saved.variants[0]!.history[0]).toMatchObject({ delta: 20, on_hand_after: 29 });
  });

  test('stock below none, or below what unpaid orders hold, is refused with what is on hand', async () => {
    const made = await ownProduct();
    const variant = made.variants[1]!;
    const below = {
      version: made.version,
      variants: [
        { id: made.variants[0]!.id, price: 480 },
        { id: variant.id, stock: { delta: -11, reason: 'damaged' } },
      ],
    };
    await expectRefused(
      made.id,
      () => save('manager', made.id, below),
      409,
      stockChangeRefused(10, 0, -11),
      'variants.1.stock.delta',
    );
    expect(stockChangeRefused(10, 0, -11)).toBe('Only 10 on hand: taking off 11 would leave less than none.');

    const shopper = await newUser(t);
    await placeOrder(t, shopper.token, [{ variant_id: variant.id, quantity: 4 }]);
    const held = { version: made.version, variants: [{ id: variant.id, stock: { delta: -7, reason: 'lost' } }] };
    await expectRefused(
      made.id,
      () => save('manager', made.id, held),
      409,
      stockBelowHeld(4),
      'variants.0.stock.delta',
    );

    // Down to exactly what is held is allowed.
    const saved = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, {
      json: { ...held, variants: [{ id: variant.id, stock: { delta: -6, reason: 'lost', note: 'Shelf 3' } }] },
    });
    expect(saved.variants[1]!.stock).toEqual({ on_hand: 4, reserved: 4, available: 0 });
  });

  test('a save of an old version is refused, naming who saved and when; nothing is written', async () => {
    const made = await ownProduct();
    const variant = made.variants[0]!;
    const first = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, {
      json: { version: made.version, variants: [{ id: variant.id, price: 520 }] },
    });
    const row = await t.db
      .selectFrom('products')
      .select(['updated_at', 'updated_by'])
      .where('id', '=', made.id)
      .executeTakeFirstOrThrow();
    expect(row.updated_by).toBe(staff.manager.id);
    const message = productChangedBy('Test manager', row.updated_at!);
    expect(message).toMatch(
      /^Changed by Test manager at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST\. Reload to see their changes; yours are kept on this page\.$/,
    );
    const stale = {
      version: made.version,
      product: { name: 'Owner’s name' },
      variants: [{ id: variant.id, price: 700, stock: { delta: 5, reason: 'received' } }],
    };
    await expectRefused(made.id, () => save('owner', made.id, stale), 409, message);
    // A variant's own save moves the version on too.
    await ok('PATCH', `/variants/${variant.id}`, { json: { name: 'Tiny' } });
    const again = await save('owner', made.id, { ...stale, version: first.version });
    expect(again.status).toBe(409);
    // With the version now current, the owner's save is kept.
    const now = await ok<AdminProduct>('GET', `/products/${made.id}`);
    const res = await save('owner', made.id, { ...stale, version: now.version });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body as AdminProduct).variants[0]).toMatchObject({ name: 'Tiny', price: 700 });
  });

  test('support staff are refused and nothing is written; a missing product is 404', async () => {
    const made = await ownProduct();
    await expectRefused(
      made.id,
      () => save('support', made.id, { version: made.version, product: { name: 'Support’s name' } }),
      403,
      ROLE_CANNOT,
    );
    const missing = await save('manager', 999_999, { version: 1, product: { name: 'Nothing' } });
    expect(missing.status).toBe(404);
    const nothing = await ok<AdminProduct>('PUT', `/products/${made.id}/all`, { json: { version: made.version } });
    expect(nothing.version).toBe(made.version);
  });
});
