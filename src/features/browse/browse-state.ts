/**
 * The filter panel's pure logic: what an address asks for (and whether part of it was unreadable),
 * what choosing or clearing a panel option does to the state, and the phone sheet's Apply button.
 * The address format itself lives in contract/browse.ts, shared with the API.
 */
import {
  DEFAULT_BROWSE,
  DISCOUNT_STEPS,
  LIST_FILTERS,
  RATING_STEPS,
  browseQuery,
  parseBrowse,
  parsePriceRange,
  type BrowseState,
  type DiscountStep,
  type FacetKey,
  type RatingStep,
} from '../../../contract/browse';

/** The address keys the panel reads and writes; anything else (search, sub_category) is the list's own. */
export const BROWSE_KEYS = [
  ...LIST_FILTERS,
  'price',
  'price_min',
  'price_max',
  'rating',
  'discount',
  'instock',
  'sort',
  'page',
] as const;

/** Shown above the list when part of the address could not be read. */
export const MALFORMED_NOTICE = 'Some filters in this link were not recognised, so they are not applied.';

export interface AddressState {
  state: BrowseState;
  /** True when the address named a filter, sort or page whose value was dropped. */
  malformed: boolean;
}

/**
 * Reads an address's query. It is malformed when writing the state back does not give every
 * browse value the address held (order and the form's empty boxes aside).
 */
export function readBrowseAddress(search: string): AddressState {
  const params = new URLSearchParams(search);
  const state = parseBrowse(params);
  const kept = new URLSearchParams(browseQuery(state));
  let malformed = false;
  for (const key of BROWSE_KEYS) {
    for (const raw of params.getAll(key)) {
      const value = raw.trim();
      if (value === '') continue; // an empty box of the plain form
      if (key === 'price_min' || key === 'price_max') {
        // A box's figure must be whole rupees, and the two boxes must make a range ('0' is no end).
        if (!/^\d{1,9}$/.test(value) || (state.price === null && Number(value) !== 0)) malformed = true;
        continue;
      }
      if (key === 'page' && value === '1') continue;
      if (key === 'sort' && value === 'relevance') continue;
      if (key === 'price') {
        if (!parsePriceRange(value)) malformed = true;
        continue;
      }
      if (!kept.getAll(key).includes(value)) malformed = true;
    }
  }
  return { state, malformed };
}

function toggled(values: readonly string[], value: string): string[] {
  return values.includes(value)
    ? values.filter((v) => v !== value)
    : [...values, value].sort((a, b) => a.localeCompare(b, 'en-IN'));
}

/**
 * The state after a panel option is pressed: a list filter's value is added or removed, a
 * single-choice group's option is chosen or (pressed again) cleared. Any change goes back to page 1.
 */
export function toggleOption(state: BrowseState, key: FacetKey, value: string): BrowseState {
  const next: BrowseState = { ...state, page: 1 };
  switch (key) {
    case 'brand':
    case 'size':
    case 'colour':
    case 'pack':
      next[key] = toggled(state[key], value);
      return next;
    case 'price': {
      const range = parsePriceRange(value);
      const same = range && state.price && state.price.min === range.min && state.price.max === range.max;
      next.price = same ? null : range;
      return next;
    }
    case 'rating': {
      const n = Number(value) as RatingStep;
      next.rating = RATING_STEPS.includes(n) && state.rating !== n ? n : null;
      return next;
    }
    case 'discount': {
      const n = Number(value) as DiscountStep;
      next.discount = DISCOUNT_STEPS.includes(n) && state.discount !== n ? n : null;
      return next;
    }
    case 'availability':
      next.inStock = !state.inStock;
      return next;
  }
}

/** The state with every filter cleared; the sort is kept. */
export function clearFilters(state: BrowseState): BrowseState {
  return { ...DEFAULT_BROWSE, brand: [], size: [], colour: [], pack: [], sort: state.sort };
}

/** The phone sheet's Apply button for the pending choice's count. */
export function applyLabel(count: number): string {
  return count === 1 ? 'Show 1 product' : `Show ${count} products`;
}
