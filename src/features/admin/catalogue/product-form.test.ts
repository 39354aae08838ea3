import { describe, expect, test } from 'vitest';
import type { AdminProduct, AdminVariant } from '../../../../contract/api/admin-catalogue';
import {
  FINAL_ABOVE_PRICE,
  HSN_INVALID,
  HSN_REQUIRED,
  ON_HAND_INVALID,
  PRICE_INVALID,
  PRODUCT_NAME_REQUIRED,
  SKU_REPEATED,
  STOCK_DELTA_INVALID,
  STOCK_REASON_REQUIRED,
  SUBCATEGORY_REQUIRED,
  WEIGHT_INVALID,
} from '../../../../contract/schemas/admin-catalogue';
import { ApiError } from '../../../lib/api/http';
import {
  checkNewProduct,
  checkNewVariant,
  checkSave,
  discountText,
  EMPTY_PRODUCT,
  emptyVariant,
  isDirty,
  NO_STOCK_CHANGE,
  numberInput,
  pageDraft,
  productChanges,
  productValues,
  serverFieldErrors,
  stockChange,
  variantChanges,
  variantValues,
  type VariantFormValues,
} from './product-form';

const VARIANT: AdminVariant = {
  id: 7,
  position: 1,
  name: 'Blue',
  sku: 'CWB-1',
  color: 'Blue',
  size: null,
  unit: 'piece',
  unit_value: 1,
  price: 999,
  final_price: 799,
  discount_percent: 20,
  stock: { on_hand: 12, reserved: 2, available: 10 },
  images: [],
  history: [],
};

const PRODUCT: AdminProduct = {
  id: 42,
  name: 'Copper Bottle',
  brand: null,
  category: 3,
  category_name: 'Kitchen',
  sub_category: 9,
  sub_category_name: 'Bottles',
  popular: false,
  big_deal: true,
  hidden: false,
  hidden_at: null,
  shown: true,
  created_at: '2026-11-24T08:00:00.000Z',
  description: 'One litre.',
  weight: 650,
  unit: 'piece',
  length: 8,
  width: 8,
  height: 28.5,
  hsn_code: '7418',
  gst_rate: 12,
  variants: [VARIANT],
  version: 3,
};

const variant = (over: Partial<VariantFormValues> = {}): VariantFormValues => ({
  ...emptyVariant('piece'),
  name: 'Blue',
  sku: 'CWB-1',
  price: '999',
  final_price: '799',
  on_hand: '5',
  ...over,
});

describe('a number typed in a field', () => {
  test.each<[string, number | string | undefined]>([
    ['', undefined],
    ['  ', undefined],
    ['249', 249],
    ['249.50', 249.5],
    ['1,299.50', 1299.5],
    ['-5', -5],
    ['.5', 0.5],
    ['12abc', '12abc'],
    ['₹5', '₹5'],
  ])('%j is %j', (text, value) => {
    expect(numberInput(text)).toBe(value);
  });
});

describe('the discount derived from the two prices', () => {
  test.each([
    ['999', '799', '20% off'],
    ['1299', '1111.50', '14% off'],
    ['500', '500', 'No discount'],
    ['500', '600', ''],
    ['', '100', ''],
    ['abc', '100', ''],
    ['100', '0', ''],
  ])('price %s, final %s: %j', (price, final, text) => {
    expect(discountText(price, final)).toBe(text);
  });
});

describe('a new product and the API', () => {
  test('a filled form becomes the body POST /products takes, numbers as numbers and empty text as none', () => {
    const checked = checkNewProduct(
      {
        ...EMPTY_PRODUCT,
        name: ' Copper Bottle ',
        category: '3',
        subcategory_id: '9',
        weight: '650',
        hsn_code: ' 7418 ',
        gst_rate: '12',
      },
      [variant(), variant({ name: 'Green', sku: 'CWB-2', color: 'Green', final_price: '999' })],
    );
    expect(checked).toEqual({
      ok: true,
      data: expect.objectContaining({
        name: 'Copper Bottle',
        brand: null,
        hsn_code: '7418',
        subcategory_id: 9,
        weight: 650,
        gst_rate: 12,
        length: 0,
        variants: [
          expect.objectContaining({ sku: 'CWB-1', color: null, price: 999, final_price: 799, on_hand: 5 }),
          expect.objectContaining({ sku: 'CWB-2', color: 'Green', final_price: 999 }),
        ],
      }),
    });
  });

  const filled = { ...EMPTY_PRODUCT, name: 'Bottle', subcategory_id: '9', weight: '650', hsn_code: '7323' };
  test.each<[string, typeof EMPTY_PRODUCT, Partial<VariantFormValues>[], Record<string, string>]>([
    [
      'an empty form',
      EMPTY_PRODUCT,
      [{}],
      { name: PRODUCT_NAME_REQUIRED, subcategory_id: SUBCATEGORY_REQUIRED, weight: WEIGHT_INVALID },
    ],
    // A product without HSN code could be paid for and never invoiced.
    ['no HSN code', { ...filled, hsn_code: '' }, [{}], { hsn_code: HSN_REQUIRED }],
    ['a bad HSN code', { ...filled, hsn_code: '12' }, [{}], { hsn_code: HSN_INVALID }],
    ['a negative price', filled, [{ price: '-5' }], { 'variants.0.price': PRICE_INVALID }],
    [
      'a final price above the price',
      filled,
      [{}, { sku: 'X-2', final_price: '1500' }],
      { 'variants.1.final_price': FINAL_ABOVE_PRICE },
    ],
    ['stock that is not a count', filled, [{ on_hand: '2.5' }], { 'variants.0.on_hand': ON_HAND_INVALID }],
    ['one product code twice', filled, [{}, { sku: 'cwb-1' }], { variants: SKU_REPEATED }],
  ])('%s is refused in the shared words', (_, product, variants, errors) => {
    const checked = checkNewProduct(
      product,
      variants.map((v) => variant(v)),
    );
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect(checked.errors).toMatchObject(errors);
  });
});

describe('an edit sends only what changed', () => {
  test('the form starts as the product is', () => {
    expect(productValues(PRODUCT)).toMatchObject({
      brand: '',
      category: '3',
      subcategory_id: '9',
      height: '28.5',
      hsn_code: '7418',
      gst_rate: '12',
      big_deal: true,
    });
    expect(productChanges(PRODUCT, productValues(PRODUCT))).toEqual({ ok: true, data: {} });
  });

  test.each<[string, Partial<ReturnType<typeof productValues>>, Record<string, unknown>]>([
    ['a new name', { name: 'Copper Bottle 1 L' }, { name: 'Copper Bottle 1 L' }],
    ['a brand cleared and set', { brand: 'Tamra' }, { brand: 'Tamra' }],
    [
      'another subcategory and flags',
      { subcategory_id: '10', hidden: true, big_deal: false },
      { subcategory_id: 10, hidden: true, big_deal: false },
    ],
    ['a weight typed the same', { weight: '650' }, {}],
  ])('%s', (_, edit, changes) => {
    expect(productChanges(PRODUCT, { ...productValues(PRODUCT), ...edit })).toEqual({ ok: true, data: changes });
  });

  test('the HSN code cannot be cleared; a product of before the rule must be given one with any edit', () => {
    expect(productChanges(PRODUCT, { ...productValues(PRODUCT), hsn_code: '' })).toEqual({
      ok: false,
      errors: { hsn_code: HSN_REQUIRED },
    });
    const untaxed = { ...PRODUCT, hsn_code: null };
    expect(productChanges(untaxed, { ...productValues(untaxed), name: 'Renamed' })).toEqual({
      ok: false,
      errors: { hsn_code: HSN_REQUIRED },
    });
    expect(productChanges(untaxed, { ...productValues(untaxed), hsn_code: '7418' })).toEqual({
      ok: true,
      data: { hsn_code: '7418' },
    });
  });

  test('a variant: a new price, with the rule that the final price is at most the price', () => {
    expect(variantChanges(VARIANT, { ...variantValues(VARIANT), price: '1299', final_price: '1111.50' })).toEqual({
      ok: true,
      data: { price: 1299, final_price: 1111.5 },
    });
    expect(variantChanges(VARIANT, { ...variantValues(VARIANT), size: 'L', color: '' })).toEqual({
      ok: true,
      data: { size: 'L', color: null },
    });
    expect(variantChanges(VARIANT, { ...variantValues(VARIANT), final_price: '1000' })).toEqual({
      ok: false,
      errors: { final_price: FINAL_ABOVE_PRICE },
    });
  });

  test('a new variant of an existing product', () => {
    expect(checkNewVariant(variant({ on_hand: '' }))).toMatchObject({ ok: true, data: { on_hand: 0, unit_value: 1 } });
  });
});

describe('a stock change', () => {
  test.each<[string, { delta: string; reason: string; note: string }, unknown]>([
    ['nothing typed is no change', NO_STOCK_CHANGE, { ok: true, data: undefined }],
    [
      '+20 received',
      { delta: '+20', reason: 'received', note: '' },
      { ok: true, data: { delta: 20, reason: 'received', note: null } },
    ],
    [
      '-2 damaged, with a note',
      { delta: ' -2 ', reason: 'damaged', note: ' Cracked ' },
      { ok: true, data: { delta: -2, reason: 'damaged', note: 'Cracked' } },
    ],
    [
      'a number without a reason',
      { delta: '5', reason: '', note: '' },
      { ok: false, errors: { reason: STOCK_REASON_REQUIRED } },
    ],
    [
      'a reason without a number',
      { delta: '', reason: 'lost', note: '' },
      { ok: false, errors: { delta: STOCK_DELTA_INVALID } },
    ],
    ['0', { delta: '0', reason: 'counted', note: '' }, { ok: false, errors: { delta: STOCK_DELTA_INVALID } }],
    [
      'a fraction',
      { delta: '1.5', reason: 'counted', note: '' },
      { ok: false, errors: { delta: STOCK_DELTA_INVALID } },
    ],
    ['words', { delta: 'ten', reason: 'counted', note: '' }, { ok: false, errors: { delta: STOCK_DELTA_INVALID } }],
  ])('%s', (_, draft, expected) => {
    expect(stockChange(draft)).toEqual(expected);
  });
});

describe('the one save of the product page', () => {
  const TWO: AdminProduct = { ...PRODUCT, variants: [VARIANT, { ...VARIANT, id: 8, sku: 'CWB-2', position: 2 }] };

  test('nothing changed: every variant named, nothing to save, the page not dirty', () => {
    const draft = pageDraft(TWO);
    expect(isDirty(TWO, draft)).toBe(false);
    expect(checkSave(TWO, draft)).toEqual({
      ok: true,
      data: { version: 3, product: {}, variants: [{ id: 7 }, { id: 8 }], changed: 0 },
    });
  });

  test('the product, a price of the second variant and a stock change of the first go together', () => {
    const draft = pageDraft(TWO);
    draft.product.name = 'Copper Bottle, 1 l';
    draft.variants[8] = { ...draft.variants[8]!, price: '1099' };
    draft.stocks[7] = { delta: '+20', reason: 'received', note: '' };
    expect(isDirty(TWO, draft)).toBe(true);
    expect(checkSave(TWO, draft)).toEqual({
      ok: true,
      data: {
        version: 3,
        product: { name: 'Copper Bottle, 1 l' },
        variants: [
          { id: 7, stock: { delta: 20, reason: 'received', note: null } },
          { id: 8, price: 1099 },
        ],
        changed: 3,
      },
    });
  });

  test('errors are named by the paths the server uses', () => {
    const draft = pageDraft(TWO);
    draft.product.name = ' ';
    draft.variants[8] = { ...draft.variants[8]!, price: 'free' };
    draft.stocks[7] = { delta: '3', reason: '', note: '' };
    expect(checkSave(TWO, draft)).toEqual({
      ok: false,
      errors: {
        'product.name': PRODUCT_NAME_REQUIRED,
        'variants.0.stock.reason': STOCK_REASON_REQUIRED,
        'variants.1.price': PRICE_INVALID,
      },
    });
  });

  test('a stock change begun is an edit not saved', () => {
    const draft = pageDraft(TWO);
    draft.stocks[8] = { ...NO_STOCK_CHANGE, note: 'x' };
    expect(isDirty(TWO, draft)).toBe(true);
    expect(isDirty(TWO, { ...draft, stocks: { 8: NO_STOCK_CHANGE } })).toBe(false);
  });
});

describe("the server's field errors", () => {
  test.each<[string, unknown, Record<string, string>]>([
    [
      'nested fields by their dotted path, first message each',
      new ApiError(400, PRICE_INVALID, {
        message: PRICE_INVALID,
        errors: { 'variants.0.price': [PRICE_INVALID, 'x'] },
      }),
      { 'variants.0.price': PRICE_INVALID },
    ],
    ['a refusal without fields', new ApiError(409, 'A product code is already used.', { message: 'x' }), {}],
    ['no answer', new ApiError(0, 'offline'), {}],
    ['not an ApiError', new Error('x'), {}],
  ])('%s', (_, error, errors) => {
    expect(serverFieldErrors(error)).toEqual(errors);
  });
});
