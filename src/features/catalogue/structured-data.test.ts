import { describe, expect, test } from 'vitest';
import type { Product, Variant } from '../../../contract/types';
import { productJsonLd } from './structured-data';

const SITE = new URL('https://shop.example.in');

function variant(id: number, fields: Partial<Variant> = {}): Variant {
  return {
    id,
    name: `${id * 500} g`,
    color: null,
    size: null,
    sku: `GB-TEST-${id}`,
    unit: 'g',
    unit_value: id * 500,
    price: 100,
    final_price: 90,
    discount_percent: 10,
    average_rating: 0,
    rating_count: 0,
    images: [{ id, image: `/media/catalogue/${id}-abcdef0123.svg` }],
    is_wishlisted: false,
    ...fields,
  };
}

function product(variants: Variant[], rating = { average_rating: 0, rating_count: 0 }): Product {
  return {
    id: 42,
    name: 'Amul Pure Ghee',
    description: 'Clarified butter.',
    weight: 500,
    unit: 'g',
    length: 10,
    width: 10,
    height: 15,
    category: 1,
    category_name: 'Milks & Dairies',
    sub_category: 2,
    sub_category_name: 'Ghee',
    big_deal: false,
    ...rating,
    variants,
  };
}

type Offer = { '@type': string; price: string; priceCurrency: string; sku: string; url: string };

describe('productJsonLd', () => {
  test('describes the product with its canonical URL', () => {
    const ld = productJsonLd(product([variant(1)]), SITE);
    expect(ld['@context']).toBe('https://schema.org');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe('Amul Pure Ghee');
    expect(ld.url).toBe('https://shop.example.in/product-details/42');
    expect(ld.category).toBe('Milks & Dairies > Ghee');
    expect(ld.sku).toBe('GB-TEST-1');
    expect(ld.image).toEqual(['https://shop.example.in/media/catalogue/1-abcdef0123.svg']);
  });

  test.each<[number, string]>([
    [90, '90.00'],
    [99.5, '99.50'],
    [1234.567, '1234.57'],
    [0.1, '0.10'],
  ])('final price %s is offered at %s INR', (finalPrice, expected) => {
    const offers = productJsonLd(product([variant(1, { final_price: finalPrice })]), SITE).offers as Offer[];
    expect(offers).toHaveLength(1);
    expect(offers[0]).toMatchObject({ '@type': 'Offer', price: expected, priceCurrency: 'INR', sku: 'GB-TEST-1' });
  });

  test('every variant is an offer', () => {
    const offers = productJsonLd(product([variant(1, { final_price: 80 }), variant(2, { final_price: 150 })]), SITE)
      .offers as Offer[];
    expect(offers.map((o) => [o.sku, o.price])).toEqual([
      ['GB-TEST-1', '80.00'],
      ['GB-TEST-2', '150.00'],
    ]);
  });

  test('no ratings, no aggregateRating', () => {
    const ld = productJsonLd(product([variant(1), variant(2)]), SITE);
    expect('aggregateRating' in ld).toBe(false);
  });

  test("aggregateRating is the product's own rating, the one the page shows", () => {
    const ld = productJsonLd(product([variant(1), variant(2)], { average_rating: 4.3, rating_count: 4 }), SITE);
    expect(ld.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: '4.3',
      reviewCount: 4,
      bestRating: 5,
      worstRating: 1,
    });
  });

  test('shared images appear once', () => {
    const image = [{ id: 1, image: '/media/catalogue/1-abcdef0123.svg' }];
    const ld = productJsonLd(product([variant(1, { images: image }), variant(2, { images: image })]), SITE);
    expect(ld.image).toEqual(['https://shop.example.in/media/catalogue/1-abcdef0123.svg']);
  });
});
