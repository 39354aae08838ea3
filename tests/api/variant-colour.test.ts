import { describe, expect, test } from 'vitest';
import { itemAt } from '../lists';
import { addToCart, buy, getCart, makeTestApp, newUser, appPerFile } from './helpers';

const t = appPerFile(() => makeTestApp(20));

/** Variants with a colour and a size, and one with neither (sold by weight or alone). */
async function sampleVariants() {
  const coloured = await t.db
    .selectFrom('variants')
    .select(['id', 'color', 'size'])
    .where('color', 'is not', null)
    .where('size', 'is not', null)
    .orderBy('id')
    .limit(2)
    .execute();
  const plain = await t.db
    .selectFrom('variants')
    .select(['id', 'color', 'size'])
    .where('color', 'is', null)
    .orderBy('id')
    .limit(1)
    .execute();
  expect(coloured.length).toBe(2);
  expect(plain.length).toBe(1);
  return { coloured: [itemAt(coloured, 0), itemAt(coloured, 1)] as const, plain: itemAt(plain, 0) };
}

type Line = { product_variant_id: number; size: string | null; color: string | null };
type Entry = { variant_id: number; product: { size: string | null; color: string | null } };
type OrderItem = { variant: number; size: string | null; color: string | null; product_name: string };
type Order = { id: number; items: OrderItem[] };

describe('the variant colour travels with its size', () => {
  test('cart lines carry `color` next to `size`', async () => {
    const user = await newUser(t);
    const { coloured, plain } = await sampleVariants();
    for (const v of [...coloured, plain]) expect((await addToCart(t, user.token, v.id)).status).toBe(201);
    const lines = ((await getCart(t, user.token)).body as { cart_items: Line[] }).cart_items;
    for (const v of [...coloured, plain]) {
      const line = lines.find((l) => l.product_variant_id === v.id)!;
      expect(line).toMatchObject({ size: v.size, color: v.color });
    }
    expect(lines.find((l) => l.product_variant_id === plain.id)!.color).toBeNull();
    // The quantity change answers the line in the same shape.
    const changed = await t.call('PATCH', `/api/common/cart/${coloured[0].id}/`, {
      token: user.token,
      json: { quantity: 2 },
    });
    expect(changed.body).toMatchObject({ size: coloured[0].size, color: coloured[0].color, quantity: 2 });
  });

  test('wishlist products carry `color` next to `size`', async () => {
    const user = await newUser(t);
    const { coloured, plain } = await sampleVariants();
    for (const v of [coloured[0], plain]) {
      expect((await t.call('POST', `/api/common/wishlist_toggle/${v.id}/`, { token: user.token })).status).toBeLessThan(
        300,
      );
    }
    const entries = ((await t.call('GET', '/api/common/wishlist/', { token: user.token })).body as { results: Entry[] })
      .results;
    expect(entries.find((e) => e.variant_id === coloured[0].id)!.product).toMatchObject({
      size: coloured[0].size,
      color: coloured[0].color,
    });
    expect(entries.find((e) => e.variant_id === plain.id)!.product.color).toBeNull();
  });

  test('orders record size and colour when placed, and keep them when the catalogue changes', async () => {
    const user = await newUser(t);
    const { coloured, plain } = await sampleVariants();
    const created = await buy(t, user.token, [coloured[1].id, plain.id]);
    // The catalogue recolours the variant afterwards: the order keeps what was bought.
    await t.db.updateTable('variants').set({ color: 'Recoloured' }).where('id', '=', coloured[1].id).execute();
    try {
      const history = (await t.call('GET', '/api/common/orders_history/', { token: user.token })).body as Order[];
      const order = history.find((o) => o.id === created.id)!;
      const item = order.items.find((i) => i.variant === coloured[1].id)!;
      expect(item).toMatchObject({ size: coloured[1].size, color: coloured[1].color });
      expect(order.items.find((i) => i.variant === plain.id)!.color).toBeNull();
      const one = (await t.call('GET', `/api/common/orders/${created.id}/`, { token: user.token })).body as
        | Order
        | Order[];
      const single = Array.isArray(one) ? itemAt(one, 0, 'the order answer') : one;
      expect(single.items.find((i) => i.variant === coloured[1].id)).toMatchObject({
        size: coloured[1].size,
        color: coloured[1].color,
      });
      // Every field the contract names is still there.
      expect(Object.keys(item).sort()).toEqual(
        ['color', 'price', 'product', 'product_image', 'product_name', 'quantity', 'size', 'variant'].sort(),
      );
    } finally {
      await t.db.updateTable('variants').set({ color: coloured[1].color }).where('id', '=', coloured[1].id).execute();
    }
  });
});
