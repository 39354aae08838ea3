import type { BrowsePage, Facet, FacetOption } from '../../../contract/api/browse';
import type { Product } from '../../../contract/types';
import {
  BROWSE_SORTS,
  DISCOUNT_STEPS,
  FACETS,
  IN_STOCK_LABEL,
  LIST_FILTERS,
  MAX_BROWSE_PAGE,
  MAX_FILTER_VALUE,
  MAX_FILTER_VALUES,
  RATING_STEPS,
  discountLabel,
  inPriceRange,
  parsePriceRange,
  priceBuckets,
  priceRangeLabel,
  priceRangeText,
  ratingLabel,
  type BrowseSort,
  type BrowseState,
  type FacetKey,
  type ListFilter,
  type PriceRange,
} from '../../../contract/browse';
import { cleanLine } from '../../../contract/schemas/common';
import { isSizedUnit } from '../../../contract/variants';
import { formatQuantity } from '../../../contract/format';
import type { Db } from '../../db';
import { browseFacts, productsInStock, stockFlips, type BrowseFacts } from '../../repositories/browse';
import { getProductsByIds, listCategories, listSubcategories, searchProductIds } from '../../repositories/catalogue';
import { Invalid, NotFound } from '../errors';

/**
 * Browsing a list (GET /api/common/browse): a category's, a subcategory's or a search's products,
 * narrowed by the filters of contract/browse.ts, sorted, one page of them, and the filter panel's
 * options with how many products each would leave.
 *
 * Every shown product's facts (selling price, MRP, brand, sizes, colours, packs, created, rating,
 * units sold) are read once per catalogue version into a compact index (`BrowseIndex`); reviews
 * change the catalogue version too (the response cache is invalidated by them). Units sold change
 * with every order, so the index is also made again every POPULARITY_MINUTES. The set of products
 * in stock is kept under the stock flip counter (migration 0021), which moves whenever a variant
 * sells out or comes back, so the Availability filter is exact without reading the shop's stock on
 * every request. Filtering, counting and sorting are then plain
 * loops over the list's rows; the page's products are kept per catalogue version.
 */

export const DEFAULT_BROWSE_PAGE_SIZE = 50;
export const MAX_BROWSE_PAGE_SIZE = 100;
export const MAX_BROWSE_SEARCH_LENGTH = 200;
/** Most products a search lists for browsing. */
export const MAX_BROWSE_SEARCH_RESULTS = 1000;
/** How long units sold may be behind in the popularity sort. */
export const POPULARITY_MINUTES = 10;

export const CATEGORY_NOT_FOUND = 'Category not found.';
export const SUBCATEGORY_NOT_FOUND = 'Subcategory not found.';

export type BrowseScope = { category: number } | { subCategory: number } | { search: string };

export interface BrowseRequest {
  scope: BrowseScope;
  state: BrowseState;
  pageSize: number;
}

/** One shown product's facts, as the filters and sorts read them. */
export interface BrowseItem {
  id: number;
  category: number;
  subcategory: number;
  /** Selling price and MRP of its first variant (what its card shows), in paise. */
  price: number;
  mrp: number;
  /** Percent off MRP, rounded down. */
  discount: number;
  brand: string | null;
  sizes: string[];
  colours: string[];
  packs: string[];
  created: string;
  ratingAvg: number;
  ratingCount: number;
  /** Units sold in confirmed orders plus the stars of its visible reviews (see docs/performance.md). */
  popularity: number;
}

export type BrowseIndex = Map<number, BrowseItem>;

const uniq = (values: (string | null | undefined)[]) => [
  ...new Set(values.map((v) => v?.trim() ?? '').filter(Boolean)),
];

/** A pack size as the shop writes it: '1 kg', '500 g', '0.5 L'. Sized units (piece, pair) have none. */
export function packOf(unit: string, unitValue: number): string | null {
  if (isSizedUnit(unit) || !unit.trim() || !(unitValue > 0)) return null;
  return formatQuantity(unitValue, unit.trim());
}

export function buildIndex(facts: BrowseFacts): BrowseIndex {
  const variants = new Map<number, BrowseFacts['variants']>();
  for (const v of facts.variants) {
    const list = variants.get(v.product_id);
    if (list) list.push(v);
    else variants.set(v.product_id, [v]);
  }
  const index: BrowseIndex = new Map();
  for (const p of facts.products) {
    const vs = variants.get(p.id) ?? [];
    const first = vs[0];
    if (!first) continue; // a product without a variant cannot be shown as a card
    const rating = facts.ratings.get(p.id);
    const mrp = first.price_paise;
    const price = first.final_price_paise;
    index.set(p.id, {
      id: p.id,
      category: p.category_id,
      subcategory: p.subcategory_id,
      price,
      mrp,
      discount: mrp > 0 && price < mrp ? Math.floor(((mrp - price) * 100) / mrp) : 0,
      brand: p.brand?.trim() || null,
      sizes: uniq(vs.map((v) => v.size)),
      colours: uniq(vs.map((v) => v.color)),
      packs: uniq(vs.map((v) => packOf(v.unit, v.unit_value))),
      created: p.created_at,
      ratingAvg: rating?.avg ?? 0,
      ratingCount: rating?.count ?? 0,
      popularity: (facts.sold.get(p.id) ?? 0) + (rating ? rating.avg * rating.count : 0),
    });
  }
  return index;
}

// ---------------------------------------------------------------------------------------------
// Reading the query, strictly: a value the API cannot read is a 400 naming the parameter.

function refuse(param: string, message: string): never {
  const text = `${param}: ${message}`;
  throw new Invalid(text, { errors: { [param]: [message] } });
}

function once(params: URLSearchParams, key: string): string | null {
  const all = params.getAll(key);
  if (all.length > 1) refuse(key, 'Give it once.');
  return all[0] ?? null;
}

function idParam(params: URLSearchParams, key: string): number | null {
  const text = once(params, key);
  if (text === null) return null;
  if (!/^[1-9]\d{0,9}$/.test(text.trim())) refuse(key, 'Must be an id, a whole number such as 12.');
  return Number(text.trim());
}

function stepParam<T extends number>(params: URLSearchParams, key: string, steps: readonly T[]): T | null {
  const text = once(params, key);
  if (text === null || text.trim() === '') return null;
  const n = Number(text.trim());
  if (!(steps as readonly number[]).includes(n)) refuse(key, `Must be one of ${steps.join(', ')}.`);
  return n as T;
}

function numberParam(params: URLSearchParams, key: string, max: number, fallback: number): number {
  const text = once(params, key);
  if (text === null || text.trim() === '') return fallback;
  if (!/^\d{1,9}$/.test(text.trim()) || Number(text) < 1 || Number(text) > max) {
    refuse(key, `Must be a whole number from 1 to ${max}.`);
  }
  return Number(text.trim());
}

function listParam(params: URLSearchParams, key: ListFilter): string[] {
  const values = new Set<string>();
  for (const raw of params.getAll(key)) {
    const value = raw.trim();
    if (!value) continue;
    if (value.length > MAX_FILTER_VALUE) refuse(key, `Each value at most ${MAX_FILTER_VALUE} characters.`);
    if (!cleanLine(value)) refuse(key, 'Contains characters that are not allowed.');
    values.add(value);
  }
  if (values.size > MAX_FILTER_VALUES) refuse(key, `At most ${MAX_FILTER_VALUES} values.`);
  return [...values].sort((a, b) => a.localeCompare(b, 'en-IN'));
}

function priceParam(params: URLSearchParams): PriceRange | null {
  const text = once(params, 'price');
  const minText = once(params, 'price_min');
  const maxText = once(params, 'price_max');
  if (text !== null && (minText !== null || maxText !== null)) {
    refuse('price', 'Give price, or price_min and price_max, not both.');
  }
  if (text !== null) {
    if (text.trim() === '') return null;
    const range = parsePriceRange(text);
    if (!range) refuse('price', 'Must be a range of whole rupees such as 100-250, 500- or -100, the lower end first.');
    return range;
  }
  const read = (key: string, t: string | null) => {
    if (t === null || t.trim() === '') return null;
    if (!/^\d{1,9}$/.test(t.trim())) refuse(key, 'Must be a whole number of rupees.');
    return Number(t.trim()) || null;
  };
  const min = read('price_min', minText);
  const max = read('price_max', maxText);
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min >= max) refuse('price_max', 'Must be more than price_min.');
  return parsePriceRange(`${min ?? ''}-${max ?? ''}`);
}

/** The request a query string makes, or Invalid naming the parameter it cannot read. */
export function readBrowseQuery(params: URLSearchParams): BrowseRequest {
  const category = idParam(params, 'category');
  const subCategory = idParam(params, 'sub_category');
  const searchText = once(params, 'search');
  const qText = once(params, 'q');
  if (searchText !== null && qText !== null) refuse('search', 'Give search or q, not both.');
  const rawSearch = searchText ?? qText;
  const searchKey = searchText !== null ? 'search' : 'q';
  let search: string | null = null;
  if (rawSearch !== null) {
    if (rawSearch.length > MAX_BROWSE_SEARCH_LENGTH) {
      refuse(searchKey, `At most ${MAX_BROWSE_SEARCH_LENGTH} characters.`);
    }
    if (!cleanLine(rawSearch)) refuse(searchKey, 'Contains characters that are not allowed.');
    search = rawSearch.trim();
    if (!search) refuse(searchKey, 'Type the words to find.');
  }
  const given = [category, subCategory, search].filter((v) => v !== null).length;
  if (given !== 1) {
    refuse('category', 'Name exactly one of category, sub_category or search, such as ?category=12.');
  }
  const scope: BrowseScope =
    category !== null ? { category } : subCategory !== null ? { subCategory } : { search: search ?? '' };
  const sortText = once(params, 'sort');
  if (sortText !== null && sortText !== '' && !(BROWSE_SORTS as readonly string[]).includes(sortText)) {
    refuse('sort', `Must be one of ${BROWSE_SORTS.join(', ')}.`);
  }
  const instock = once(params, 'instock');
  if (instock !== null && !['', '0', '1'].includes(instock.trim())) refuse('instock', 'Must be 1 (or 0).');
  const state: BrowseState = {
    sort: sortText ? (sortText as BrowseSort) : 'relevance',
    brand: listParam(params, 'brand'),
    size: listParam(params, 'size'),
    colour: listParam(params, 'colour'),
    pack: listParam(params, 'pack'),
    price: priceParam(params),
    rating: stepParam(params, 'rating', RATING_STEPS),
    discount: stepParam(params, 'discount', DISCOUNT_STEPS),
    inStock: instock?.trim() === '1',
    page: numberParam(params, 'page', MAX_BROWSE_PAGE, 1),
  };
  return { scope, state, pageSize: numberParam(params, 'page_size', MAX_BROWSE_PAGE_SIZE, DEFAULT_BROWSE_PAGE_SIZE) };
}

// ---------------------------------------------------------------------------------------------
// Narrowing, counting and sorting: pure, over the list's items.

type Group = Exclude<FacetKey, never>;

const rupees = (paise: number) => paise / 100;

function passes(item: BrowseItem, group: Group, state: BrowseState, inStock: ReadonlySet<number>): boolean {
  switch (group) {
    case 'price':
      return state.price === null || inPriceRange(rupees(item.price), state.price);
    case 'brand':
      return state.brand.length === 0 || (item.brand !== null && state.brand.includes(item.brand));
    case 'rating':
      return state.rating === null || (item.ratingCount > 0 && item.ratingAvg >= state.rating);
    case 'discount':
      return state.discount === null || item.discount >= state.discount;
    case 'availability':
      return !state.inStock || inStock.has(item.id);
    case 'size':
      return state.size.length === 0 || item.sizes.some((s) => state.size.includes(s));
    case 'colour':
      return state.colour.length === 0 || item.colours.some((s) => state.colour.includes(s));
    case 'pack':
      return state.pack.length === 0 || item.packs.some((s) => state.pack.includes(s));
  }
}

const GROUPS: readonly Group[] = FACETS.map((f) => f.key);

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL', '3XL', '4XL', '5XL'];
const byName = (a: string, b: string) => a.localeCompare(b, 'en-IN', { numeric: true, sensitivity: 'base' });
function bySize(a: string, b: string): number {
  const ia = SIZE_ORDER.indexOf(a.toUpperCase());
  const ib = SIZE_ORDER.indexOf(b.toUpperCase());
  if (ia >= 0 && ib >= 0) return ia - ib;
  if (ia >= 0 || ib >= 0) return ia >= 0 ? -1 : 1;
  return byName(a, b);
}
function byPack(a: string, b: string): number {
  const [va = '', ua = ''] = a.split(' ');
  const [vb = '', ub = ''] = b.split(' ');
  return byName(ua, ub) || Number(va) - Number(vb);
}

export interface BrowseOutcome {
  /** The ids left by the filters, sorted. */
  ids: number[];
  facets: Facet[];
  priceSpan: { min: number; max: number } | null;
}

/**
 * Narrows `list` (in its relevance order), counts each option disjunctively (the products matching
 * every other group's filters and this option) and sorts what is left.
 */
export function narrow(
  list: readonly BrowseItem[],
  state: BrowseState,
  sort: BrowseSort,
  inStock: ReadonlySet<number>,
): BrowseOutcome {
  let lowest = Infinity;
  let highest = -Infinity;
  for (const item of list) {
    lowest = Math.min(lowest, item.price);
    highest = Math.max(highest, item.price);
  }
  const priceSpan = list.length > 0 ? { min: rupees(lowest), max: rupees(highest) } : null;
  const buckets = priceSpan ? priceBuckets(Math.floor(priceSpan.min), Math.ceil(priceSpan.max)) : [];
  const priceOptions = [...buckets];
  if (state.price && !buckets.some((b) => priceRangeText(b) === priceRangeText(state.price as PriceRange))) {
    priceOptions.push(state.price);
  }

  // Counts by group and option value.
  const counts = new Map<Group, Map<string, number>>(GROUPS.map((g) => [g, new Map()]));
  const bump = (g: Group, value: string) => {
    const m = counts.get(g) as Map<string, number>;
    m.set(value, (m.get(value) ?? 0) + 1);
  };
  const listValues = new Map<ListFilter, Set<string>>(LIST_FILTERS.map((k) => [k, new Set()]));
  const kept: BrowseItem[] = [];
  const valuesOf = (item: BrowseItem, key: ListFilter) =>
    key === 'brand'
      ? item.brand
        ? [item.brand]
        : []
      : key === 'size'
        ? item.sizes
        : key === 'colour'
          ? item.colours
          : item.packs;

  for (const item of list) {
    for (const key of LIST_FILTERS) for (const v of valuesOf(item, key)) (listValues.get(key) as Set<string>).add(v);
    let failed: Group | null = null;
    let failures = 0;
    for (const g of GROUPS) {
      if (!passes(item, g, state, inStock)) {
        failures += 1;
        failed = g;
        if (failures > 1) break;
      }
    }
    if (failures > 1) continue;
    if (failures === 0) kept.push(item);
    // With no failure the item counts in every group; with one, only in the group it fails.
    const groups = failures === 0 ? GROUPS : [failed as Group];
    for (const g of groups) {
      switch (g) {
        case 'price':
          for (const range of priceOptions) {
            if (inPriceRange(rupees(item.price), range)) bump(g, priceRangeText(range));
          }
          break;
        case 'rating':
          for (const s of RATING_STEPS) if (item.ratingCount > 0 && item.ratingAvg >= s) bump(g, String(s));
          break;
        case 'discount':
          for (const s of DISCOUNT_STEPS) if (item.discount >= s) bump(g, String(s));
          break;
        case 'availability':
          if (inStock.has(item.id)) bump(g, '1');
          break;
        default:
          for (const v of valuesOf(item, g)) bump(g, v);
      }
    }
  }

  const option = (g: Group, value: string, label: string, selected: boolean): FacetOption => ({
    value,
    label,
    count: counts.get(g)?.get(value) ?? 0,
    selected,
  });
  const facets: Facet[] = [];
  for (const { key, label } of FACETS) {
    let options: FacetOption[] = [];
    switch (key) {
      case 'price':
        options = priceOptions.map((r) =>
          option(
            key,
            priceRangeText(r),
            priceRangeLabel(r),
            state.price !== null && priceRangeText(r) === priceRangeText(state.price),
          ),
        );
        break;
      case 'rating':
        if (list.length > 0 || state.rating !== null) {
          options = RATING_STEPS.map((s) => option(key, String(s), ratingLabel(s), state.rating === s));
        }
        break;
      case 'discount':
        if (list.length > 0 || state.discount !== null) {
          options = DISCOUNT_STEPS.map((s) => option(key, String(s), discountLabel(s), state.discount === s));
        }
        break;
      case 'availability':
        if (list.length > 0 || state.inStock) options = [option(key, '1', IN_STOCK_LABEL, state.inStock)];
        break;
      default: {
        const values = new Set([...(listValues.get(key) ?? []), ...state[key]]);
        const order = key === 'size' ? bySize : key === 'pack' ? byPack : byName;
        options = [...values].sort(order).map((v) => option(key, v, v, state[key].includes(v)));
      }
    }
    if (options.length > 0) facets.push({ key, label, options });
  }

  return { ids: sortItems(kept, sort).map((i) => i.id), facets, priceSpan };
}

/** Sorts items (given in relevance order); ties keep that order, which is by id on a category. */
export function sortItems(items: BrowseItem[], sort: BrowseSort): BrowseItem[] {
  const rank = new Map(items.map((item, i) => [item.id, i]));
  const tie = (a: BrowseItem, b: BrowseItem) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0) || a.id - b.id;
  const compare: Record<BrowseSort, (a: BrowseItem, b: BrowseItem) => number> = {
    relevance: tie,
    price_asc: (a, b) => a.price - b.price || a.id - b.id,
    price_desc: (a, b) => b.price - a.price || a.id - b.id,
    newest: (a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : b.id - a.id),
    rating: (a, b) => b.ratingAvg - a.ratingAvg || b.ratingCount - a.ratingCount || a.id - b.id,
    discount: (a, b) => b.discount - a.discount || a.id - b.id,
  };
  return [...items].sort(compare[sort]);
}

// ---------------------------------------------------------------------------------------------

/** Where the service keeps what it derives per catalogue version (the response cache's `derived`). */
export interface BrowseMemo {
  derived<T>(key: string, produce: () => Promise<T>): Promise<T>;
}

/** One page of the list the request names, narrowed and sorted, with the panel's options. */
export async function browse(db: Db, memo: BrowseMemo, request: BrowseRequest): Promise<BrowsePage> {
  const { scope, state, pageSize } = request;
  const period = Math.floor(Date.now() / (POPULARITY_MINUTES * 60_000));
  const indexP = memo.derived(`browse-index#${period}`, async () => buildIndex(await browseFacts(db)));
  let list: BrowseItem[];
  if ('search' in scope) {
    const ids = await memo.derived(`browse-search#${scope.search.toLowerCase()}`, () =>
      searchProductIds(db, scope.search, MAX_BROWSE_SEARCH_RESULTS),
    );
    const index = await indexP;
    list = ids.flatMap((id) => index.get(id) ?? []);
  } else {
    if ('category' in scope) {
      const shown = await memo.derived('browse-categories', () => listCategories(db));
      if (!shown.some((c) => c.id === scope.category)) throw new NotFound(CATEGORY_NOT_FOUND);
    } else {
      const shown = await memo.derived('browse-subcategories', () => listSubcategories(db));
      if (!shown.some((s) => s.id === scope.subCategory)) throw new NotFound(SUBCATEGORY_NOT_FOUND);
    }
    const index = await indexP;
    const all = await memo.derived(`browse-list#${period}#${JSON.stringify(scope)}`, async () => {
      const items: BrowseItem[] = [];
      for (const item of index.values()) {
        if ('category' in scope ? item.category === scope.category : item.subcategory === scope.subCategory) {
          items.push(item);
        }
      }
      // Relevance on a category is popularity, then catalogue order.
      return items.sort((a, b) => b.popularity - a.popularity || a.id - b.id);
    });
    list = all;
  }
  // The products in stock, read again whenever a variant sold out or came back (or the catalogue changed).
  const flips = await stockFlips(db);
  const inStock = await memo.derived(`browse-stock#${flips}`, () => productsInStock(db));
  const outcome = narrow(list, state, state.sort, inStock);
  const start = (state.page - 1) * pageSize;
  const results = await cards(db, memo, outcome.ids.slice(start, start + pageSize));
  return {
    count: outcome.ids.length,
    page: state.page,
    page_size: pageSize,
    sort: state.sort,
    results,
    facets: outcome.facets,
    price_span: outcome.priceSpan,
  };
}

/**
 * The page's products as `/products` answers them, kept per catalogue version (a product's
 * fields, variants, pictures and ratings change only with it; stock is not in them): paging and
 * filtering a list reads each product once until the catalogue changes.
 */
async function cards(db: Db, memo: BrowseMemo, ids: number[]): Promise<Product[]> {
  const kept = await memo.derived('browse-cards', () => Promise.resolve(new Map<number, Product>()));
  const missing = ids.filter((id) => !kept.has(id));
  if (missing.length > 0) {
    for (const product of await getProductsByIds(db, missing)) kept.set(product.id, product);
    // A long-lived catalogue version would keep every product ever shown: bounded by dropping the oldest.
    for (const id of kept.keys()) {
      if (kept.size <= MAX_KEPT_CARDS) break;
      kept.delete(id);
    }
  }
  return ids.flatMap((id) => kept.get(id) ?? []);
}

/** Most products `cards` keeps per catalogue version. */
const MAX_KEPT_CARDS = 5000;
