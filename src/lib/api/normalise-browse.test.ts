import { describe, expect, test } from 'vitest';
import { DEFAULT_BROWSE, type BrowseState } from '../../../contract/browse';
import { browsePath } from './catalogue';
import { normaliseBrowsePage } from './normalise-browse';

const ORIGIN = 'https://api.example.in';
const plain: BrowseState = { ...DEFAULT_BROWSE, brand: [], size: [], colour: [], pack: [] };

describe('normaliseBrowsePage', () => {
  test('a whole answer', () => {
    const page = normaliseBrowsePage(
      {
        count: 37,
        page: 2,
        page_size: 24,
        sort: 'price_asc',
        results: [{ id: 7, name: 'Atta 5 kg' }],
        facets: [
          {
            key: 'brand',
            label: 'Brand',
            options: [
              { value: 'Amul', label: 'Amul', count: 3, selected: true },
              { value: 'Tata', label: 'Tata', count: 0, selected: false },
            ],
          },
        ],
        price_span: { min: 45, max: 1299 },
      },
      ORIGIN,
    );
    expect(page).toMatchObject({
      count: 37,
      page: 2,
      page_size: 24,
      sort: 'price_asc',
      price_span: { min: 45, max: 1299 },
    });
    expect(page.results.map((p) => [p.id, p.name])).toEqual([[7, 'Atta 5 kg']]);
    expect(page.facets).toEqual([
      {
        key: 'brand',
        label: 'Brand',
        options: [
          { value: 'Amul', label: 'Amul', count: 3, selected: true },
          { value: 'Tata', label: 'Tata', count: 0, selected: false },
        ],
      },
    ]);
  });

  test.each<[string, unknown]>([
    ['null', null],
    ['a string', 'oops'],
    ['an empty object', {}],
  ])('%s gives an empty first page', (_name, raw) => {
    expect(normaliseBrowsePage(raw, ORIGIN)).toEqual({
      count: 0,
      page: 1,
      page_size: 1,
      sort: 'relevance',
      results: [],
      facets: [],
      price_span: null,
    });
  });

  test('unknown groups, options without a value and a sort that is not one are left out', () => {
    const page = normaliseBrowsePage(
      {
        sort: 'cheapest',
        facets: [
          { key: 'weather', label: 'Weather', options: [{ value: 'sunny', count: 1 }] },
          { key: 'rating', options: [{ value: '', count: 2 }, { value: '4', label: '4★ & up', count: -3 }, 'x'] },
        ],
      },
      ORIGIN,
    );
    expect(page.sort).toBe('relevance');
    expect(page.facets).toEqual([
      { key: 'rating', label: 'rating', options: [{ value: '4', label: '4★ & up', count: 0, selected: false }] },
    ]);
  });
});

describe('browsePath', () => {
  test.each<[string, Parameters<typeof browsePath>[0], BrowseState, string]>([
    ['a category, plain', { category: 3 }, plain, 'common/browse?category=3&page_size=24'],
    ['a subcategory', { subCategory: 9 }, plain, 'common/browse?sub_category=9&page_size=24'],
    ['a search, trimmed', { search: ' basmati rice ' }, plain, 'common/browse?search=basmati+rice&page_size=24'],
    [
      'repeated brands and the rest',
      { category: 3 },
      { ...plain, brand: ['Amul', 'Tata'], price: { min: 100, max: 250 }, inStock: true, sort: 'price_asc', page: 2 },
      'common/browse?category=3&page_size=24&brand=Amul&brand=Tata&price=100-250&instock=1&sort=price_asc&page=2',
    ],
  ])('%s', (_name, list, state, path) => {
    expect(browsePath(list, state, 24)).toBe(path);
  });
});
