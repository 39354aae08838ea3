/**
 * Narrowing and sorting a list of products (a category, a subcategory, search results): the
 * filters and sorts there are, how they are written in a page's address, and how their options
 * are named. The API (`GET /api/common/browse`) and the storefront (the filter panel, the pages
 * the shop's server renders for a filtered address) read and write the same address through
 * this module, so a link shared, bookmarked or reloaded means the same on both sides.
 *
 * The address: `?brand=Amul&brand=Tata&price=100-250&rating=4&discount=25&instock=1
 * &size=M&colour=Navy&pack=1%20kg&sort=price_asc&page=2`. Repeated keys are the several values of
 * one filter (what a plain HTML form's checkboxes send); a price range's end may be open
 * (`price=500-`, `price=-100`); `price_min` / `price_max` (the form's two boxes) are read as one
 * range. Reading is forgiving (`parseBrowse`): a value that is not one of the filter's is dropped,
 * so a hand-edited address shows a page, never an error; the API is strict about the same query.
 */
import { formatRupees } from './format';

export const BROWSE_SORTS = ['relevance', 'price_asc', 'price_desc', 'newest', 'rating', 'discount'] as const;
export type BrowseSort = (typeof BROWSE_SORTS)[number];

/** The sort menu. `relevance` is popularity (orders and ratings) on a category, the search's rank on search. */
export function sortLabel(sort: BrowseSort, onSearch: boolean): string {
  switch (sort) {
    case 'relevance':
      return onSearch ? 'Relevance' : 'Popularity';
    case 'price_asc':
      return 'Price: Low to High';
    case 'price_desc':
      return 'Price: High to Low';
    case 'newest':
      return 'Newest';
    case 'rating':
      return 'Customer rating';
    case 'discount':
      return 'Discount';
  }
}

export const RATING_STEPS = [4, 3] as const;
export type RatingStep = (typeof RATING_STEPS)[number];
export const DISCOUNT_STEPS = [10, 25, 50] as const;
export type DiscountStep = (typeof DISCOUNT_STEPS)[number];

/** The filters that take several values (any of them will do). */
export const LIST_FILTERS = ['brand', 'size', 'colour', 'pack'] as const;
export type ListFilter = (typeof LIST_FILTERS)[number];

export type FacetKey = 'price' | ListFilter | 'rating' | 'discount' | 'availability';

/** The panel's order and headings. */
export const FACETS: readonly { key: FacetKey; label: string }[] = [
  { key: 'price', label: 'Price' },
  { key: 'brand', label: 'Brand' },
  { key: 'rating', label: 'Customer rating' },
  { key: 'discount', label: 'Discount' },
  { key: 'availability', label: 'Availability' },
  { key: 'size', label: 'Size' },
  { key: 'colour', label: 'Colour' },
  { key: 'pack', label: 'Pack size' },
];

/** Whole rupees; `null` is an open end. Never both null. */
export interface PriceRange {
  min: number | null;
  max: number | null;
}

export interface BrowseState {
  sort: BrowseSort;
  brand: string[];
  size: string[];
  colour: string[];
  pack: string[];
  price: PriceRange | null;
  rating: RatingStep | null;
  discount: DiscountStep | null;
  inStock: boolean;
  /** From 1. */
  page: number;
}

export const DEFAULT_BROWSE: Readonly<BrowseState> = Object.freeze({
  sort: 'relevance',
  brand: [],
  size: [],
  colour: [],
  pack: [],
  price: null,
  rating: null,
  discount: null,
  inStock: false,
  page: 1,
});

/** Longest filter value kept from an address (brand, size, colour and pack names are short). */
export const MAX_FILTER_VALUE = 80;
/** Most values one list filter keeps. */
export const MAX_FILTER_VALUES = 30;
/** Highest page number an address may ask for. */
export const MAX_BROWSE_PAGE = 1000;
/** Highest price a range may name, in rupees. */
export const MAX_PRICE_RUPEES = 10_000_000;

const WHOLE = /^\d{1,9}$/;

/** `100-250`, `500-`, `-100` → a range; anything else (or both ends open, or min > max) → null. */
export function parsePriceRange(text: string | null | undefined): PriceRange | null {
  const match = /^\s*(\d{0,9})\s*-\s*(\d{0,9})\s*$/.exec(text ?? '');
  if (!match) return null;
  return rangeOf(match[1], match[2]);
}

function rangeOf(minText: string | null | undefined, maxText: string | null | undefined): PriceRange | null {
  const read = (t: string | null | undefined) => {
    const s = (t ?? '').trim();
    return WHOLE.test(s) ? Math.min(Number(s), MAX_PRICE_RUPEES) : null;
  };
  const min = read(minText) || null; // ₹0 as a lower end is no lower end
  const max = read(maxText) || null;
  if (min === null && max === null) return null;
  if (min !== null && max !== null && min >= max) return null;
  return { min, max };
}

/** A range as the address writes it: `100-250`, `500-`, `-100`. */
export function priceRangeText(range: PriceRange): string {
  return `${range.min ?? ''}-${range.max ?? ''}`;
}

/** 'Under ₹100', '₹100 – ₹250', '₹1,000 & above'. */
export function priceRangeLabel(range: PriceRange): string {
  if (range.min === null) return `Under ${formatRupees(range.max ?? 0)}`;
  if (range.max === null) return `${formatRupees(range.min)} & above`;
  return `${formatRupees(range.min)} – ${formatRupees(range.max)}`;
}

/** True when a selling price in rupees falls in the range (min inclusive, max exclusive for buckets' sake). */
export function inPriceRange(rupees: number, range: PriceRange): boolean {
  return (range.min === null || rupees >= range.min) && (range.max === null || rupees < range.max);
}

/** Round bucket edges the way Indian shops do (₹100, ₹250, ₹500, ₹1,000, ₹2,500 …). */
const EDGES = [50, 100, 250, 500, 1000, 2500, 5000, 10_000, 25_000, 50_000, 100_000, 250_000];

/**
 * Price buckets that fit a list whose selling prices run from `lowest` to `highest` rupees:
 * 'Under ₹100', '₹100 – ₹250', … '₹1,000 & above', at most five, each edge a round number
 * inside the list's span. A list of one price (or none) has no buckets.
 */
export function priceBuckets(lowest: number, highest: number): PriceRange[] {
  if (!(highest > lowest)) return [];
  const inside = EDGES.filter((e) => e > lowest && e < highest);
  if (inside.length === 0) return [];
  // At most four edges, spread evenly over those inside the span (the first and last kept).
  const edges: number[] =
    inside.length <= 4 ? inside : [0, 1, 2, 3].map((i) => inside[Math.round((i * (inside.length - 1)) / 3)] ?? 0);
  const ranges: PriceRange[] = [{ min: null, max: edges[0] ?? null }];
  for (let i = 1; i < edges.length; i++) ranges.push({ min: edges[i - 1] ?? null, max: edges[i] ?? null });
  ranges.push({ min: edges[edges.length - 1] ?? null, max: null });
  return ranges;
}

export function ratingLabel(step: RatingStep): string {
  return `${step}★ & up`;
}

export function discountLabel(step: DiscountStep): string {
  return `${step}% or more`;
}

export const IN_STOCK_LABEL = 'In stock only';

function listValues(params: URLSearchParams, key: string): string[] {
  const seen = new Set<string>();
  for (const raw of params.getAll(key)) {
    const value = raw.trim();
    if (value && value.length <= MAX_FILTER_VALUE && seen.size < MAX_FILTER_VALUES) seen.add(value);
  }
  return [...seen].sort((a, b) => a.localeCompare(b, 'en-IN'));
}

function step<T extends number>(text: string | null, steps: readonly T[]): T | null {
  const n = Number(text);
  return (steps as readonly number[]).includes(n) ? (n as T) : null;
}

/** What an address asks for; anything it cannot read is left at its default. */
export function parseBrowse(params: URLSearchParams): BrowseState {
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  const price =
    parsePriceRange(params.get('price')) ??
    (params.has('price_min') || params.has('price_max')
      ? rangeOf(params.get('price_min'), params.get('price_max'))
      : null);
  return {
    sort: (BROWSE_SORTS as readonly string[]).includes(sort ?? '') ? (sort as BrowseSort) : 'relevance',
    brand: listValues(params, 'brand'),
    size: listValues(params, 'size'),
    colour: listValues(params, 'colour'),
    pack: listValues(params, 'pack'),
    price,
    rating: step(params.get('rating'), RATING_STEPS),
    discount: step(params.get('discount'), DISCOUNT_STEPS),
    inStock: params.get('instock') === '1',
    page: Number.isInteger(page) && page >= 1 && page <= MAX_BROWSE_PAGE ? page : 1,
  };
}

/**
 * The address's query for a state, in one order and without defaults ('' for the plain list),
 * so one choice of filters has one address (`?` included when not empty).
 */
export function browseQuery(state: BrowseState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const key of LIST_FILTERS) for (const value of state[key]) params.append(key, value);
  if (state.price) params.set('price', priceRangeText(state.price));
  if (state.rating !== null) params.set('rating', String(state.rating));
  if (state.discount !== null) params.set('discount', String(state.discount));
  if (state.inStock) params.set('instock', '1');
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** True when any filter is chosen (the sort and page aside). */
export function isFiltered(state: BrowseState): boolean {
  return (
    LIST_FILTERS.some((key) => state[key].length > 0) ||
    state.price !== null ||
    state.rating !== null ||
    state.discount !== null ||
    state.inStock
  );
}

/** True when the address differs from the plain list (a filter, a sort or a page): such pages are not indexed. */
export function isNarrowed(state: BrowseState): boolean {
  return isFiltered(state) || state.sort !== 'relevance' || state.page > 1;
}
