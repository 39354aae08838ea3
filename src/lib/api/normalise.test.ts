import { describe, expect, test } from 'vitest';
import { asList, resolveMedia, totalCount } from './read';
import {
  normaliseBanner,
  normaliseHomePopup,
  normaliseCategory,
  normaliseProduct,
  normaliseReview,
  normaliseSearchProduct,
  normaliseSubcategory,
  normaliseVariant,
} from './normalise';
import { errorMessage } from './error-text';
import type { Review } from '../../../contract/types';

const ORIGIN = 'https://api.example.in';

describe('asList', () => {
  test.each<[string, unknown, string[] | undefined, unknown[]]>([
    ['an array as is', [1, 2, 3], undefined, [1, 2, 3]],
    ['an empty array', [], undefined, []],
    ['{results}', { count: 2, results: ['a', 'b'] }, undefined, ['a', 'b']],
    ['another key when named', { cart_items: [{ id: 1 }] }, ['results', 'cart', 'cart_items'], [{ id: 1 }]],
    ['the first named key holding an array', { cart: [1], cart_items: [2] }, ['cart_items', 'cart'], [2]],
    ['a later key when an earlier is not an array', { results: 'x', cart: [7] }, ['results', 'cart'], [7]],
    ['nested inside a named object', { results: { results: [9, 8] } }, undefined, [9, 8]],
    ['an unnamed key ignored', { items: [1, 2] }, undefined, []],
    ['null', null, undefined, []],
    ['undefined', undefined, undefined, []],
    ['a string', 'results', undefined, []],
    ['a number', 42, undefined, []],
    ['an object with a non-list results', { results: 5 }, undefined, []],
  ])('%s', (_label, raw, keys, expected) => {
    expect(asList(raw, keys)).toEqual(expected);
  });
});

describe('errorMessage', () => {
  test.each<[string, unknown, string]>([
    ['message', { message: 'Bad email.' }, 'Bad email.'],
    ['detail', { detail: 'Not authorised.' }, 'Not authorised.'],
    ['error', { error: 'Payment failed.' }, 'Payment failed.'],
    ['message before detail and error', { error: 'c', detail: 'b', message: 'a' }, 'a'],
    ['detail before error', { error: 'c', detail: 'b' }, 'b'],
    ['blank message skipped', { message: '  ', detail: 'real' }, 'real'],
    ['first string of an array', { detail: ['', 'first', 'second'] }, 'first'],
    ['first message of a field map', { error: { email: ['Email already registered.'] } }, 'Email already registered.'],
    [
      'raw field key dropped',
      { message: 'quantity: Too big: expected number to be <=10' },
      'Too big: expected number to be <=10',
    ],
    ['nested raw key dropped', { error: 'products.0.quantity: must be at most 10' }, 'Must be at most 10'],
    ['plain string answer, key dropped', 'variant_id: Choose a product variant.', 'Choose a product variant.'],
    ['a sentence with a colon kept', { message: 'Error: payment failed.' }, 'Error: payment failed.'],
    ['a time kept', { message: 'Try again at 10:30.' }, 'Try again at 10:30.'],
    [
      'errors map when nothing else',
      { errors: { phone: ['Phone number already registered.'] } },
      'Phone number already registered.',
    ],
    ['plain string body', 'Server exploded', 'Server exploded'],
    ['blank string body', '   ', 'Fallback.'],
    ['null body', null, 'Fallback.'],
    ['number body', 500, 'Fallback.'],
    ['empty object', {}, 'Fallback.'],
    ['non-string values', { message: 42, detail: null }, 'Fallback.'],
    ['array body', ['oops'], 'Fallback.'],
  ])('%s', (_label, body, expected) => {
    expect(errorMessage(body, 'Fallback.')).toBe(expected);
  });
});

describe('resolveMedia', () => {
  test.each<[string, unknown, string, string | null]>([
    ['relative path', 'media/a.png', ORIGIN, `${ORIGIN}/media/a.png`],
    ['rooted path', '/media/a.png', ORIGIN, `${ORIGIN}/media/a.png`],
    ['rooted path, same origin', '/media/a.png', '', '/media/a.png'],
    ['relative path, same origin', 'media/a.png', '', '/media/a.png'],
    ['absolute http', 'http://cdn.example.com/a.png', ORIGIN, 'http://cdn.example.com/a.png'],
    ['absolute https', 'https://cdn.example.com/a.png', ORIGIN, 'https://cdn.example.com/a.png'],
    ['upper-case scheme', 'HTTPS://cdn.example.com/a.png', ORIGIN, 'HTTPS://cdn.example.com/a.png'],
    ['protocol-relative', '//cdn.example.com/a.png', ORIGIN, '//cdn.example.com/a.png'],
    ['data URI', 'data:image/png;base64,AAAA', ORIGIN, 'data:image/png;base64,AAAA'],
    ['empty string', '', ORIGIN, null],
    ['null', null, ORIGIN, null],
    ['undefined', undefined, ORIGIN, null],
    ['number', 12, ORIGIN, null],
  ])('%s', (_label, path, origin, expected) => {
    expect(resolveMedia(path, origin)).toBe(expected);
  });
});

describe('normaliseVariant', () => {
  test('fills defaults for an empty object', () => {
    expect(normaliseVariant({}, ORIGIN)).toEqual({
      id: 0,
      name: '',
      color: null,
      size: null,
      sku: '',
      unit: '',
      unit_value: 0,
      price: 0,
      final_price: 0,
      discount_percent: 0,
      average_rating: 0,
      rating_count: 0,
      images: [],
      is_wishlisted: false,
    });
  });

  test('reads string numbers and computes a missing discount', () => {
    const v = normaliseVariant(
      { id: '7', price: '200', final_price: '150', average_rating: '4.5', unit_value: '500', rating_count: '3' },
      ORIGIN,
    );
    expect(v.id).toBe(7);
    expect(v.price).toBe(200);
    expect(v.final_price).toBe(150);
    expect(v.discount_percent).toBe(25);
    expect(v.average_rating).toBe(4.5);
    expect(v.unit_value).toBe(500);
    expect(v.rating_count).toBe(3);
  });

  test.each<[string, Record<string, unknown>, number, number]>([
    ['given discount kept', { price: 200, final_price: 150, discount_percent: 10 }, 150, 10],
    ['null discount computed', { price: 300, final_price: 200, discount_percent: null }, 200, 33],
    ['selling_price as the final price', { price: 400, selling_price: 300 }, 300, 25],
    ['missing final price is the price', { price: 250 }, 250, 0],
    ['non-numeric strings fall back', { price: 'abc', final_price: '' }, 0, 0],
  ])('%s', (_label, raw, finalPrice, discount) => {
    const v = normaliseVariant(raw, ORIGIN);
    expect(v.final_price).toBe(finalPrice);
    expect(v.discount_percent).toBe(discount);
  });

  test('resolves images, numbers missing image ids and drops empty ones', () => {
    const v = normaliseVariant(
      { images: [{ id: 11, image: '/media/a.svg' }, { image: '' }, 'media/b.svg', { image: 'https://x.test/c.png' }] },
      ORIGIN,
    );
    expect(v.images).toEqual([
      { id: 11, image: `${ORIGIN}/media/a.svg` },
      { id: 3, image: `${ORIGIN}/media/b.svg` },
      { id: 4, image: 'https://x.test/c.png' },
    ]);
  });

  test.each<[unknown, boolean]>([
    [true, true],
    [false, false],
    ['true', false],
    [1, false],
    [undefined, false],
  ])('is_wishlisted %s → %s', (value, expected) => {
    expect(normaliseVariant({ is_wishlisted: value }, ORIGIN).is_wishlisted).toBe(expected);
  });

  test('keeps colour and size, empty strings become null', () => {
    expect(normaliseVariant({ color: 'Red', size: 'M' }, ORIGIN)).toMatchObject({ color: 'Red', size: 'M' });
    expect(normaliseVariant({ color: '', size: '' }, ORIGIN)).toMatchObject({ color: null, size: null });
  });
});

describe('normaliseProduct', () => {
  test('fills defaults for junk', () => {
    const p = normaliseProduct('junk', ORIGIN);
    expect(p).toEqual({
      id: 0,
      name: '',
      description: '',
      weight: 0,
      unit: '',
      length: 0,
      width: 0,
      height: 0,
      category: 0,
      category_name: '',
      sub_category: 0,
      sub_category_name: '',
      big_deal: false,
      brand: null,
      average_rating: 0,
      rating_count: 0,
      variants: [],
    });
  });

  test("reads the product's own rating", () => {
    expect(normaliseProduct({ average_rating: '4.5', rating_count: 2 }, ORIGIN)).toMatchObject({
      average_rating: 4.5,
      rating_count: 2,
    });
  });

  test.each([
    [{ brand: 'Tamra' }, 'Tamra'],
    [{ brand: '  Tamra ' }, 'Tamra'],
    [{ brand: '   ' }, null],
    [{ brand: null }, null],
    [{}, null],
    [{ brand: 7 }, null],
  ])('reads the brand of %j as %j', (raw, brand) => {
    expect(normaliseProduct(raw, ORIGIN).brand).toBe(brand);
  });

  test('reads a full product with string numbers and nested category objects', () => {
    const p = normaliseProduct(
      {
        id: '12',
        name: 'Steel Kadai',
        description: 'Heavy',
        weight: '1200',
        unit: 'piece',
        length: '30',
        width: 30,
        height: '12.5',
        category: { id: 4, name: 'Kitchen' },
        category_name: 'Kitchen',
        sub_category: '9',
        sub_category_name: 'Cookware',
        big_deal: true,
        variants: [{ id: 1, price: 1000, final_price: 800 }],
      },
      ORIGIN,
    );
    expect(p).toMatchObject({
      id: 12,
      name: 'Steel Kadai',
      weight: 1200,
      length: 30,
      width: 30,
      height: 12.5,
      category: 4,
      sub_category: 9,
      big_deal: true,
    });
    expect(p.variants).toHaveLength(1);
    expect(p.variants[0]?.discount_percent).toBe(20);
  });

  test('uses title when name is missing', () => {
    expect(normaliseProduct({ title: 'Cotton Towel' }, ORIGIN).name).toBe('Cotton Towel');
  });

  test('name wins over title', () => {
    expect(normaliseProduct({ name: 'A', title: 'B' }, ORIGIN).name).toBe('A');
  });

  test('reads variants inside {results}', () => {
    expect(normaliseProduct({ variants: { results: [{ id: 5 }] } }, ORIGIN).variants.map((v) => v.id)).toEqual([5]);
  });

  test.each<[unknown, boolean]>([
    [true, true],
    ['true', false],
    [1, false],
  ])('big_deal %s → %s', (value, expected) => {
    expect(normaliseProduct({ big_deal: value }, ORIGIN).big_deal).toBe(expected);
  });
});

describe('normaliseSearchProduct', () => {
  test('reads title and selling_price', () => {
    const s = normaliseSearchProduct(
      { id: 3, title: 'Basmati Rice', variants: [{ id: 8, price: 500, selling_price: 450 }] },
      ORIGIN,
    );
    expect(s.id).toBe(3);
    expect(s.title).toBe('Basmati Rice');
    expect(s.variants[0]?.selling_price).toBe(450);
    expect(s.variants[0]?.final_price).toBe(450);
    expect(s.variants[0]?.discount_percent).toBe(10);
  });

  test('falls back to name for the title and final_price for selling_price', () => {
    const s = normaliseSearchProduct({ id: 4, name: 'Ghee', variants: [{ price: 600, final_price: 540 }] }, ORIGIN);
    expect(s.title).toBe('Ghee');
    expect(s.variants[0]?.selling_price).toBe(540);
  });

  test('junk gives an empty result', () => {
    expect(normaliseSearchProduct(null, ORIGIN)).toEqual({
      id: 0,
      title: '',
      average_rating: 0,
      rating_count: 0,
      variants: [],
    });
  });
});

describe('normaliseCategory and normaliseBanner', () => {
  test('category resolves its image', () => {
    expect(normaliseCategory({ id: '2', name: 'Clothing', image: '/media/c.svg' }, ORIGIN)).toEqual({
      id: 2,
      name: 'Clothing',
      image: `${ORIGIN}/media/c.svg`,
    });
  });

  test('category without image has null', () => {
    expect(normaliseCategory({ id: 1, name: 'Fresh Fruit' }, ORIGIN).image).toBeNull();
  });

  test('banner with missing subtitle, image, button and link', () => {
    expect(normaliseBanner({ id: 1, title: 'Sale' }, ORIGIN)).toEqual({
      id: 1,
      title: 'Sale',
      subtitle: null,
      image: '',
      button_label: null,
      link: null,
    });
  });

  test('a pop-up answer that is missing reads as switched off', () => {
    expect(normaliseHomePopup(null)).toMatchObject({ enabled: false });
    const popup = {
      enabled: true,
      title: 'Special Offer',
      text: 'Buy One Get One FREE',
      code: null,
      button_label: 'Shop Now',
      link: '/productslisting',
      campaign: 'c1',
    };
    // A copy goes in, so that the answer is compared with the pop-up as it was sent.
    expect(normaliseHomePopup({ ...popup })).toEqual(popup);
  });
});

describe('normaliseSubcategory', () => {
  test.each<[string, Record<string, unknown>, number]>([
    ['category as id', { category: 3 }, 3],
    ['category as string id', { category: '4' }, 4],
    ['category as nested object', { category: { id: 5, name: 'Pet Foods' } }, 5],
    ['category_id when category is missing', { category_id: 6 }, 6],
    ['nothing', {}, 0],
  ])('%s', (_label, raw, expected) => {
    expect(normaliseSubcategory({ id: 1, name: 'Dog Food', ...raw }, ORIGIN).category).toBe(expected);
  });

  test('keeps id, name and image', () => {
    expect(normaliseSubcategory({ id: 9, name: 'Cheese', image: 'media/s.svg', category: 1 }, '')).toEqual({
      id: 9,
      name: 'Cheese',
      image: '/media/s.svg',
      category: 1,
    });
  });
});

describe('normaliseReview', () => {
  test('reads a full review', () => {
    expect(
      normaliseReview(
        {
          id: 1,
          variant: 22,
          product: 3,
          user: 4,
          rating: 4,
          review: 'Good',
          images: [{ id: 1, image: '/media/r.jpg' }],
          created_at: '2024-01-01T00:00:00.000Z',
          user_first_name: 'Asha',
          user_last_name: 'Rao',
          product_name: 'Ghee',
        },
        ORIGIN,
      ),
    ).toEqual({
      id: 1,
      variant: 22,
      variant_id: 22,
      product: 3,
      user: 4,
      rating: 4,
      review: 'Good',
      images: [{ id: 1, image: `${ORIGIN}/media/r.jpg` }],
      created_at: '2024-01-01T00:00:00.000Z',
      user_first_name: 'Asha',
      user_last_name: 'Rao',
      product_name: 'Ghee',
      verified_purchase: false,
      reply: null,
    });
    expect(normaliseReview({ id: 2, verified_purchase: true }, ORIGIN).verified_purchase).toBe(true);
    expect(normaliseReview({ id: 3, verified_purchase: 'yes' }, ORIGIN).verified_purchase).toBe(false);
  });

  test.each<[string, unknown, Review['reply']]>([
    [
      'a reply',
      { text: 'Thank you!', at: '2026-12-01T10:00:00.000Z' },
      { text: 'Thank you!', at: '2026-12-01T10:00:00.000Z' },
    ],
    ['none', null, null],
    ['junk', 'Thank you!', null],
    ['a reply without text', { at: '2026-12-01T10:00:00.000Z' }, null],
  ])("reads the shop's reply: %s", (_label, reply, expected) => {
    expect(normaliseReview({ id: 4, reply }, ORIGIN).reply).toEqual(expected);
  });

  test.each<[string, Record<string, unknown>, number]>([
    ['variant_id only', { variant_id: 31 }, 31],
    ['variant as object', { variant: { id: 32 } }, 32],
    ['variant as string', { variant: '33' }, 33],
  ])('variant from %s', (_label, raw, expected) => {
    const r = normaliseReview(raw, ORIGIN);
    expect(r.variant).toBe(expected);
    expect(r.variant_id).toBe(expected);
  });

  test.each([
    [7, 5],
    [-2, 0],
    ['3', 3],
    [undefined, 0],
  ])('rating %s clamped to %s', (rating, expected) => {
    expect(normaliseReview({ rating }, ORIGIN).rating).toBe(expected);
  });

  test('product and user as nested objects', () => {
    const r = normaliseReview({ product: { id: 8 }, user: { id: 9 } }, ORIGIN);
    expect(r.product).toBe(8);
    expect(r.user).toBe(9);
  });
});

describe('totalCount', () => {
  test.each<[string, unknown, number]>([
    ['count of a paged answer', { count: 120, results: [1, 2] }, 120],
    ['length of a list', [1, 2, 3], 3],
    ['length of results without count', { results: [1, 2] }, 2],
    ['string count ignored', { count: '9', results: [1] }, 1],
    ['junk', null, 0],
  ])('%s', (_label, raw, expected) => {
    expect(totalCount(raw)).toBe(expected);
  });
});
