import { describe, expect, test } from 'vitest';
import { normaliseAddress, normaliseProfile } from './normalise';
import { normaliseOrder } from './normalise-orders';
import { normaliseCart, normaliseWishlist } from './normalise-lines';

const line = {
  product_variant_id: 7,
  product_name: 'Kadai',
  product_image: '/media/a.svg',
  quantity: 2,
  final_price: 90,
  product_price: 100,
};

describe('normaliseCart accepts every answer shape', () => {
  test.each([
    ['a list', [line]],
    ['results', { results: [line] }],
    ['cart', { cart: [line] }],
    ['cart_items', { cart_items: [line], total_price: 180 }],
  ])('%s', (_, raw) => {
    const [item] = normaliseCart(raw, 'https://api.example.in');
    expect(item).toEqual({
      product_variant_id: 7,
      product_id: null,
      product_name: 'Kadai',
      product_image: 'https://api.example.in/media/a.svg',
      size: null,
      color: null,
      weight: null,
      quantity: 2,
      final_price: 90,
      product_price: 100,
      discount_percent: 10,
      available: 10,
    });
  });
  test('junk is an empty cart; strings become numbers; quantity at least 1', () => {
    expect(normaliseCart(null, '')).toEqual([]);
    expect(normaliseCart({ detail: 'nope' }, '')).toEqual([]);
    const [item] = normaliseCart([{ variant_id: '3', quantity: '0', price: '50', final_price: '45' }], '');
    expect(item?.product_variant_id).toBe(3);
    expect(item?.quantity).toBe(1);
    expect(item?.final_price).toBe(45);
    expect(item?.discount_percent).toBe(10);
  });
});

describe('normaliseWishlist', () => {
  const entry = {
    id: 1,
    variant_id: 9,
    product: { id: 4, name: 'Towel', size: null, final_price: 299, images: [{ image: '/media/t.svg' }] },
  };
  test.each([
    ['a list', [entry], 1],
    ['results', { results: [entry] }, 1],
    ['wishlist', { wishlist: [entry] }, 1],
    ['a count beside the list', { wishlist_count: 5, results: [entry] }, 5],
    ['only a count', { wishlist_count: 3 }, 3],
    ['nothing', {}, 0],
  ])('%s', (_, raw, count) => {
    const result = normaliseWishlist(raw, '');
    expect(result.count).toBe(count);
    if (result.entries.length) {
      expect(result.entries[0]).toEqual({
        id: 1,
        variant_id: 9,
        product: {
          id: 4,
          name: 'Towel',
          size: null,
          color: null,
          final_price: 299,
          images: [{ image: '/media/t.svg' }],
        },
      });
    }
  });
});

describe('variant colour', () => {
  test('cart, wishlist and order items read `color` (or `colour`) next to `size`', () => {
    expect(normaliseCart([{ variant_id: 1, size: 'M', color: 'Blue' }], '')[0]).toMatchObject({
      size: 'M',
      color: 'Blue',
    });
    expect(normaliseCart([{ variant_id: 1, colour: 'Teal' }], '')[0]?.color).toBe('Teal');
    expect(
      normaliseWishlist([{ id: 1, product: { id: 2, size: 'L', color: 'Red' } }], '').entries[0]?.product,
    ).toMatchObject({
      size: 'L',
      color: 'Red',
    });
    expect(normaliseOrder({ items: [{ variant: 3, size: 'XL', color: 'Navy' }] }, '').items[0]).toMatchObject({
      size: 'XL',
      color: 'Navy',
    });
  });
});

describe('normaliseOrder', () => {
  test('reads the order and its items', () => {
    const order = normaliseOrder(
      {
        id: 12,
        razorpay_order_id: 'order_abc',
        amount: 1299.5,
        status: 'paid',
        delivery_status: 'packed',
        created_at: '2026-11-01T00:00:00Z',
        address: 'Pune',
        items: [
          {
            product_name: 'Mug',
            product_image: 'https://cdn.example/m.png',
            quantity: 2,
            price: '649.75',
            variant: { id: 5 },
            product: 3,
          },
        ],
      },
      '',
    );
    expect(order.amount).toBe(1299.5);
    expect(order.items).toEqual([
      {
        product_name: 'Mug',
        product_image: 'https://cdn.example/m.png',
        quantity: 2,
        price: 649.75,
        variant: 5,
        product: 3,
        size: null,
        color: null,
      },
    ]);
  });
});

describe('normaliseProfile and normaliseAddress', () => {
  test('a profile directly or under data', () => {
    const p = {
      first_name: 'Zoë',
      last_name: 'देवनागरी',
      email: 'z@example.in',
      phone_number: '9876543210',
      profile_picture: '/media/uploads/x.webp',
    };
    expect(normaliseProfile(p, '')).toEqual(p);
    expect(normaliseProfile({ data: p }, 'https://api.example.in').profile_picture).toBe(
      'https://api.example.in/media/uploads/x.webp',
    );
    expect(normaliseProfile({ first_name: 'A', profile_picture: '' }, '').profile_picture).toBeNull();
  });
  test('an address defaults to home and user 1', () => {
    expect(normaliseAddress({ id: 3, name: 'A', address_type: 'office' })).toMatchObject({
      id: 3,
      address_type: 'home',
      user: 1,
      landmark: '',
    });
    expect(normaliseAddress({ id: 3, address_type: 'work', user: { id: 8 } })).toMatchObject({
      address_type: 'work',
      user: 8,
    });
  });
});
