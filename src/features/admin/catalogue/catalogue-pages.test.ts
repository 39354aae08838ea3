import { describe, expect, test } from 'vitest';
import { SORT_OPTIONS } from './ProductFilterForm';
import type { AdminCategory } from '../../../../contract/api/admin-catalogue';
import type { CsvImportReport } from '../../../../contract/catalogue-csv';
import { priceRangeText, stockText } from './catalogue-format';
import { PRODUCT_LIST, subcategoryOptions, withCategory, type ProductFilters } from './catalogue-query';
import { apiQueryOf, emptyFilters, filterErrors, filtersFrom, searchOf } from '../desk-query';
import {
  canCheck,
  canImport,
  countsText,
  fileKey,
  cellChangeText,
  importReducer,
  reportIn,
  START,
  type ImportAction,
  type ImportStep,
} from './import-steps';

const sub = (id: number, category: number, name: string) => ({
  id,
  category,
  name,
  image: null,
  position: 1,
  hidden: false,
  hidden_at: null,
  product_count: 0,
});
const CATEGORIES: AdminCategory[] = [
  {
    id: 1,
    name: 'Kitchen',
    image: null,
    position: 1,
    hidden: false,
    hidden_at: null,
    product_count: 0,
    subcategories: [sub(11, 1, 'Bottles'), sub(12, 1, 'Pans')],
  },
  {
    id: 2,
    name: 'Pets',
    image: null,
    position: 2,
    hidden: false,
    hidden_at: null,
    product_count: 0,
    subcategories: [sub(21, 2, 'Bowls')],
  },
];

describe('the product table’s address', () => {
  const filters = (over: Partial<ProductFilters>): ProductFilters => ({ ...emptyFilters(PRODUCT_LIST), ...over });

  test.each<[string, Partial<ProductFilters>]>([
    ['', {}],
    ['?search=kadai', { search: 'kadai' }],
    [
      '?search=CWB-1&category=1&subcategory=11&hidden=true&sort=-price&page=3',
      {
        search: 'CWB-1',
        category: '1',
        subcategory: '11',
        hidden: 'true',
        sort: '-price',
        page: 3,
      },
    ],
    ['?category=0x10&hidden=maybe&sort=colour&page=-1', {}],
    ['?category=2&page=abc', { category: '2' }],
  ])('%j holds the filters the API takes, the others left out', (search, expected) => {
    expect(filtersFrom(PRODUCT_LIST, search)).toEqual(filters(expected));
  });

  test('filters become the address and the API query: empty ones and page 1 left out', () => {
    const f = filters({ search: ' steel ', hidden: 'false', page: 2 });
    expect(searchOf(PRODUCT_LIST, f)).toBe('?search=steel&hidden=false&page=2');
    expect(apiQueryOf(PRODUCT_LIST, { ...f, page: 1 })).toEqual({ search: 'steel', hidden: 'false' });
  });

  test('a search longer than the API takes is refused in its words', () => {
    expect(filterErrors(PRODUCT_LIST, filters({ search: 'x'.repeat(101) }))).toEqual({
      search: 'At most 100 characters.',
    });
  });

  test.each<[string, string, string]>([
    ['the subcategory of the category chosen stays', '1', '11'],
    ['a subcategory of another category goes', '2', ''],
    ['every category: the subcategory goes', '', ''],
  ])('%s', (_, category, subcategory) => {
    const next = withCategory(filters({ category: '1', subcategory: '11', page: 4 }), category, CATEGORIES);
    expect(next).toMatchObject({ category, subcategory, page: 1 });
  });

  test('the subcategories offered: those of the category, or all named with theirs', () => {
    expect(subcategoryOptions(CATEGORIES, '2')).toEqual([['21', 'Bowls']]);
    expect(subcategoryOptions(CATEGORIES, '')).toEqual([
      ['11', 'Kitchen › Bottles'],
      ['12', 'Kitchen › Pans'],
      ['21', 'Pets › Bowls'],
    ]);
  });
});

describe('prices and stock in the tables', () => {
  test.each<[number | null, number | null, string]>([
    [249, 249, '₹249'],
    [199, 349.5, '₹199 – ₹349.50'],
    [null, null, '—'],
  ])('%j to %j is %s', (min, max, text) => {
    expect(priceRangeText(min, max)).toBe(text);
  });

  test('stock says what is held and what can be ordered', () => {
    expect(stockText({ on_hand: 12, reserved: 2, available: 10 })).toBe('12 on hand · 2 reserved · 10 available');
  });
});

const report = (problems: number, dryRun = true): CsvImportReport => ({
  changes: [],
  plan: 'a'.repeat(64),
  dry_run: dryRun,
  ok: problems === 0,
  rows: 500,
  products: { created: 10, updated: 0, unchanged: 0 },
  variants: { created: 500, updated: 0, unchanged: 0 },
  problems: Array.from({ length: problems }, (_, i) => ({ row: i + 2, column: 'price' as const, message: 'x' })),
});

describe('the import’s steps', () => {
  const walk = (actions: ImportAction[]): ImportStep => actions.reduce(importReducer, START);
  const a = { type: 'choose', file: 'a.csv|10|1' } as const;
  const b = { type: 'choose', file: 'b.csv|12|2' } as const;

  test.each<[string, ImportAction[], ImportStep['kind'], boolean, boolean]>([
    ['nothing chosen', [], 'empty', false, false],
    ['a file chosen: Check, not Import', [a], 'chosen', true, false],
    ['checking: neither', [a, { type: 'check' }], 'checking', false, false],
    [
      'checked with problems: only Check again',
      [a, { type: 'check' }, { type: 'checked', report: report(3) }],
      'checked',
      true,
      false,
    ],
    [
      'checked without problems: Import',
      [a, { type: 'check' }, { type: 'checked', report: report(0) }],
      'checked',
      true,
      true,
    ],
    [
      'another file after a clean check: back to Check',
      [a, { type: 'check' }, { type: 'checked', report: report(0) }, b],
      'chosen',
      true,
      false,
    ],
    [
      'another file during the check: the check’s answer is not for it',
      [a, { type: 'check' }, b, { type: 'checked', report: report(0) }],
      'chosen',
      true,
      false,
    ],
    [
      'importing: neither',
      [a, { type: 'check' }, { type: 'checked', report: report(0) }, { type: 'import' }],
      'importing',
      false,
      false,
    ],
    [
      'imported: not twice',
      [
        a,
        { type: 'check' },
        { type: 'checked', report: report(0) },
        { type: 'import' },
        { type: 'imported', report: report(0, false) },
      ],
      'imported',
      true,
      false,
    ],
    [
      'refused (422): the problems, and Check again',
      [
        a,
        { type: 'check' },
        { type: 'checked', report: report(0) },
        { type: 'import' },
        { type: 'refused', report: report(2, false) },
      ],
      'refused',
      true,
      false,
    ],
    [
      'stale (409): the rows that moved, and Check again',
      [
        a,
        { type: 'check' },
        { type: 'checked', report: report(0) },
        { type: 'import' },
        { type: 'stale', report: report(1, false) },
      ],
      'stale',
      true,
      false,
    ],
    ['Import before a check does nothing', [a, { type: 'import' }], 'chosen', true, false],
    [
      'a failed check',
      [a, { type: 'check' }, { type: 'failed', message: 'Unknown columns: x.' }],
      'failed',
      true,
      false,
    ],
    ['the file taken away', [a, { type: 'choose', file: null }], 'empty', false, false],
  ])('%s', (_, actions, kind, check, importing) => {
    const step = walk(actions);
    expect(step.kind).toBe(kind);
    expect(canCheck(step)).toBe(check);
    expect(canImport(step)).toBe(importing);
  });

  test('a file is known by its name, size and time of change', () => {
    expect(fileKey({ name: 'a.csv', size: 10, lastModified: 5 })).toBe('a.csv|10|5');
    expect(fileKey({ name: 'a.csv', size: 11, lastModified: 5 })).not.toBe(
      fileKey({ name: 'a.csv', size: 10, lastModified: 5 }),
    );
  });

  test('the counts in words, and a 422’s body read as the report', () => {
    expect(countsText('Products', { created: 10, updated: 2, unchanged: 0 })).toBe(
      'Products: 10 created, 2 updated, 0 unchanged.',
    );
    expect(reportIn(report(2, false))).toEqual(report(2, false));
    expect(reportIn({ message: 'Nothing was imported' })).toBeNull();
    expect(reportIn(null)).toBeNull();
  });

  test.each([
    [{ column: 'final_price', from: '649', to: '629.5' }, 'final_price ₹649 → ₹629.50'],
    [{ column: 'on_hand', from: '17', to: '30' }, 'on_hand 17 → 30'],
    [{ column: 'price', from: null, to: '499' }, 'price ₹499'],
    [{ column: 'colour', from: 'Red', to: '' }, 'colour Red → (empty)'],
  ] as const)('a changed cell in words: %o', (change, text) => {
    expect(cellChangeText(change)).toBe(text);
  });
});

describe('the product table’s sort menu', () => {
  test('offers each order once, under one name', () => {
    expect(SORT_OPTIONS.map(([, label]) => label)).toEqual([
      'Oldest added first',
      'Newest added first',
      'Name: A to Z',
      'Name: Z to A',
      'Price: lowest first',
      'Price: highest first',
    ]);
  });
});
