import { describe, expect, test } from 'vitest';
import type { Product, Variant } from '../../../contract/types';
import { isSizedUnit, variantLabel } from '../../../contract/variants';
import {
  colourChoices,
  preselectedVariant,
  quantityChoices,
  shownVariant,
  sizeChoices,
  variantForColour,
} from './variant-choices';

/** Item `i` of a list the test has just built (a missing one fails the test). */
function nth<T>(list: T[], i: number): T {
  const item = list[i];
  if (item === undefined) throw new Error(`no item ${i}`);
  return item;
}

function variant(id: number, fields: Partial<Variant> = {}): Variant {
  return {
    id,
    name: `Variant ${id}`,
    color: null,
    size: null,
    sku: `SKU-${id}`,
    unit: 'g',
    unit_value: 500,
    price: 100,
    final_price: 90,
    discount_percent: 10,
    average_rating: 0,
    rating_count: 0,
    images: [{ id, image: `/media/${id}.svg` }],
    is_wishlisted: false,
    ...fields,
  };
}

function product(variants: Variant[]): Product {
  return {
    id: 1,
    name: 'Thing',
    description: '',
    weight: 0,
    unit: variants[0]?.unit ?? 'g',
    length: 0,
    width: 0,
    height: 0,
    category: 1,
    category_name: 'C',
    sub_category: 1,
    sub_category_name: 'S',
    big_deal: false,
    average_rating: 0,
    rating_count: 0,
    variants,
  };
}

const ids = (list: Variant[]) => list.map((v) => v.id);

// A T-shirt: Red in S/M/L, Blue in M/L, one Green without sizes.
const shirt = product([
  variant(1, { name: 'Red / S', color: 'Red', size: 'S', unit: 'piece' }),
  variant(2, { name: 'Red / M', color: 'Red', size: 'M', unit: 'piece' }),
  variant(3, { name: 'Red / L', color: 'Red', size: 'L', unit: 'piece' }),
  variant(4, { name: 'Blue / M', color: 'Blue', size: 'M', unit: 'piece' }),
  variant(5, { name: 'Blue / L', color: 'Blue', size: 'L', unit: 'piece' }),
  variant(6, { name: 'Green', color: 'Green', size: null, unit: 'piece' }),
]);

// Rice in three pack sizes, no colours.
const rice = product([
  variant(11, { name: '1 kg', unit: 'kg', unit_value: 1 }),
  variant(12, { name: '5 kg', unit: 'kg', unit_value: 5 }),
  variant(13, { name: '10 kg', unit: 'kg', unit_value: 10 }),
]);

describe('isSizedUnit', () => {
  test.each([
    ['piece', true],
    ['pair', true],
    ['PIECE', true],
    ['Pair', true],
    ['kg', false],
    ['g', false],
    ['l', false],
    ['ml', false],
    ['pieces', false],
    ['', false],
  ])('%s → %s', (unit, expected) => {
    expect(isSizedUnit(unit)).toBe(expected);
  });
});

describe('preselectedVariant', () => {
  test.each<[string, Product, number | null]>([
    ['exactly one variant is chosen', product([variant(9)]), 9],
    ['exactly one sized variant is chosen', product([variant(8, { size: 'M', unit: 'piece' })]), 8],
    ['packs by weight: the first pack is chosen', rice, 11],
    [
      'packs by volume: the first pack is chosen',
      product([variant(21, { unit: 'l', unit_value: 1 }), variant(22, { unit: 'ml', unit_value: 500 })]),
      21,
    ],
    ['sizes of pieces: none chosen until the shopper picks', shirt, null],
    [
      'sizes of pairs: none chosen',
      product([variant(31, { size: '8', unit: 'pair' }), variant(32, { size: '9', unit: 'pair' })]),
      null,
    ],
    ['no variants: none chosen', product([]), null],
  ])('%s', (_label, p, expected) => {
    expect(preselectedVariant(p)?.id ?? null).toBe(expected);
  });
});

describe('shownVariant', () => {
  test.each<[string, Product, number | null, number | null]>([
    ['the chosen one', rice, 12, 12],
    ['the first when none is chosen', rice, null, 11],
    ['the first when the chosen id is unknown', rice, 999, 11],
    ['null for no variants', product([]), null, null],
  ])('%s', (_label, p, chosen, expected) => {
    expect(shownVariant(p, chosen)?.id ?? null).toBe(expected);
  });
});

describe('colourChoices', () => {
  test('one choice per colour for sized units, first variant representing it', () => {
    expect(ids(colourChoices(shirt))).toEqual([1, 4, 6]);
  });

  test('sized colours differing only in case are one choice', () => {
    const mixed = product([
      variant(61, { color: 'Blue', size: 'M', unit: 'piece' }),
      variant(62, { color: 'blue', size: 'L', unit: 'piece' }),
    ]);
    expect(ids(colourChoices(mixed))).toEqual([61]);
  });

  test('no colours means no choices', () => {
    expect(colourChoices(rice)).toEqual([]);
  });

  test('unsized units de-duplicate by name and colour', () => {
    const paint = product([
      variant(21, { name: 'Matte', color: 'White', unit: 'l' }),
      variant(22, { name: 'Matte', color: 'white', unit: 'l' }),
      variant(23, { name: 'Gloss', color: 'White', unit: 'l' }),
      variant(24, { name: 'Matte', color: 'Grey', unit: 'l' }),
    ]);
    expect(ids(colourChoices(paint))).toEqual([21, 23, 24]);
  });
});

describe('sizeChoices', () => {
  test.each<[string, number, number[]]>([
    ['sizes of red', 2, [1, 2, 3]],
    ['sizes of blue', 4, [4, 5]],
    ['a colour without sizes has none', 6, []],
  ])('%s', (_label, shownId, expected) => {
    const shown = shirt.variants.find((v) => v.id === shownId) ?? null;
    expect(ids(sizeChoices(shirt, shown))).toEqual(expected);
  });

  test('weight units have no size choices', () => {
    const withSizes = product([
      variant(31, { unit: 'kg', size: 'Big', color: 'Red' }),
      variant(32, { unit: 'kg', size: 'Small', color: 'Red' }),
    ]);
    expect(sizeChoices(withSizes, nth(withSizes.variants, 0))).toEqual([]);
  });

  test('pairs have sizes', () => {
    const shoes = product([
      variant(41, { unit: 'pair', size: '8', color: 'Black' }),
      variant(42, { unit: 'pair', size: '9', color: 'Black' }),
      variant(43, { unit: 'pair', size: '9', color: 'Brown' }),
    ]);
    expect(ids(sizeChoices(shoes, nth(shoes.variants, 1)))).toEqual([41, 42]);
  });

  test('colours differing only in case share their sizes', () => {
    const mixed = product([
      variant(61, { color: 'Blue', size: 'M', unit: 'piece' }),
      variant(62, { color: 'blue', size: 'L', unit: 'piece' }),
    ]);
    expect(ids(sizeChoices(mixed, nth(mixed.variants, 0)))).toEqual([61, 62]);
  });

  test('nothing shown means no sizes', () => {
    expect(sizeChoices(shirt, null)).toEqual([]);
  });
});

describe('quantityChoices', () => {
  test.each<[string, Product, number[]]>([
    ['every pack size', rice, [11, 12, 13]],
    ['none for pieces', shirt, []],
    [
      'only unsized ones in a mixed product',
      product([variant(51, { unit: 'piece' }), variant(52, { unit: 'ml' }), variant(53, { unit: 'pair' })]),
      [52],
    ],
  ])('%s', (_label, p, expected) => {
    expect(ids(quantityChoices(p))).toEqual(expected);
  });
});

describe('variantForColour', () => {
  const byId = (id: number) => shirt.variants.find((v) => v.id === id) as Variant;

  test.each<[string, number, number | null, number]>([
    ['keeps the size when the new colour has it', 4, 3, 5],
    ['keeps M moving from blue to red', 1, 4, 2],
    ['first of the colour when its size is missing', 4, 1, 4],
    ['first of the colour with nothing current', 4, null, 4],
    ['a sizeless current variant gives the colour itself', 1, 6, 1],
  ])('%s', (_label, colourId, currentId, expected) => {
    const current = currentId === null ? null : byId(currentId);
    expect(variantForColour(shirt, byId(colourId), current).id).toBe(expected);
  });

  // colourChoices and sizeChoices treat 'Blue' and 'blue' as one colour, so switching colour must too:
  // the size list for that colour offers L, so choosing the colour while on L must land on L.
  test('keeps the size when the colour differs only in case', () => {
    const mixed = product([
      variant(71, { color: 'Red', size: 'M', unit: 'piece' }),
      variant(72, { color: 'Red', size: 'L', unit: 'piece' }),
      variant(73, { color: 'Blue', size: 'M', unit: 'piece' }),
      variant(74, { color: 'blue', size: 'L', unit: 'piece' }),
    ]);
    const blueChoice = nth(
      colourChoices(mixed).filter((v) => v.color?.toLowerCase() === 'blue'),
      0,
    );
    expect(blueChoice.id).toBe(73);
    expect(variantForColour(mixed, blueChoice, nth(mixed.variants, 1)).id).toBe(74);
  });
});

describe('variantLabel', () => {
  test.each<[string, { size?: string | null; color?: string | null }, string | undefined, string]>([
    ['size and colour', { size: 'M', color: 'Blue' }, undefined, 'Size: M · Colour: Blue'],
    ['size only', { size: 'XL', color: null }, undefined, 'Size: XL'],
    ['colour only', { size: null, color: 'Teal' }, undefined, 'Colour: Teal'],
    ['a weight stands as the size', { size: '500 g' }, undefined, 'Size: 500 g'],
    ['nothing', { size: null, color: null }, undefined, ''],
    ['blank parts are empty', { size: '  ', color: '' }, undefined, ''],
    ['missing fields', {}, undefined, ''],
    ['the cart says N/A for a missing size', { size: null, color: 'Red' }, 'N/A', 'Size: N/A · Colour: Red'],
    ['N/A alone', { size: '', color: null }, 'N/A', 'Size: N/A'],
    ['N/A only when missing', { size: 'S', color: null }, 'N/A', 'Size: S'],
    ['trims', { size: ' L ', color: ' Navy ' }, undefined, 'Size: L · Colour: Navy'],
  ])('%s', (_name, variant, missingSize, expected) => {
    expect(variantLabel(variant, missingSize ? { missingSize } : {})).toBe(expected);
  });
});
