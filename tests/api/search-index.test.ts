import { beforeAll, describe, expect, test } from 'vitest';
import type { StaffRole } from '../../contract/staff';
import { appPerFile, makeTestApp } from './helpers';
import { staffOfEachRole, type SignedInStaff } from './staff-helpers';

/**
 * The search index follows the catalogue (migration 0019's triggers): products created, renamed,
 * moved, and categories and subcategories renamed through the back office are found by their new
 * words at once, and no longer by their old ones.
 */
const t = appPerFile(() => makeTestApp(12));
let staff: Record<StaffRole, SignedInStaff>;

beforeAll(async () => {
  staff = await staffOfEachRole(t);
});

type Json = Record<string, unknown>;
let serial = 0;

async function ok<T = Json>(method: string, path: string, json: Json, status = 200): Promise<T> {
  const res = await t.call(method, `/api/admin/catalogue${path}`, { json, token: staff.manager.token });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body as T;
}

async function found(text: string): Promise<number[]> {
  const res = await t.get(`/api/common/products_search/?search=${encodeURIComponent(text)}`);
  expect(res.status).toBe(200);
  return (res.body as { id: number }[]).map((r) => r.id);
}

function newProduct(name: string, subcategory_id: number): Promise<{ id: number }> {
  return ok(
    'POST',
    '/products',
    {
      name,
      description: 'Hand-beaten copper, tin-lined.',
      brand: 'Zorawar Metals',
      subcategory_id,
      weight: 900,
      unit: 'piece',
      length: 30,
      width: 30,
      height: 10,
      hsn_code: '7418',
      gst_rate: 12,
      variants: [
        {
          name: 'One size',
          sku: `IDX-${process.pid}-${(serial += 1)}`,
          unit: 'piece',
          unit_value: 1,
          price: 1999,
          final_price: 1799,
          on_hand: 5,
        },
      ],
    },
    201,
  );
}

describe('the search index follows the catalogue', () => {
  test('a new product is found by name, brand and a typo; a rename moves it', async () => {
    const product = await newProduct('Quixotic Handi', 1);
    expect(await found('quixotic')).toContain(product.id);
    expect(await found('zorawar')).toContain(product.id);
    expect(await found('quixotik')).toContain(product.id);

    await ok('PATCH', `/products/${product.id}`, { name: 'Zephyrine Handi' });
    expect(await found('zephyrine')).toContain(product.id);
    expect(await found('quixotic')).not.toContain(product.id);
  });

  test('renaming a category or a subcategory changes what finds its products', async () => {
    const category = await ok<{ id: number }>('POST', '/categories', { name: 'Obsidianware' }, 201);
    const sub = await ok<{ id: number }>(
      'POST',
      '/subcategories',
      { name: 'Marmalite Pots', category_id: category.id },
      201,
    );
    const product = await newProduct('Plain Handi', sub.id);
    expect(await found('obsidianware')).toContain(product.id);
    expect(await found('marmalite')).toContain(product.id);

    await ok('PATCH', `/categories/${category.id}`, { name: 'Vermeilware' });
    expect(await found('vermeilware marmalite')).toContain(product.id);
    expect(await found('obsidianware')).not.toContain(product.id);

    await ok('PATCH', `/subcategories/${sub.id}`, { name: 'Lazulite Pots' });
    expect(await found('vermeilware lazulite')).toContain(product.id);
    expect(await found('marmalite')).not.toContain(product.id);
  });
});
