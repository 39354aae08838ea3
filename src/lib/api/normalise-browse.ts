/**
 * The browse answer (contract/api/browse.ts) read forgivingly, like every other answer here: the
 * panel and grid get a whole page even when a field is missing, without bringing the schema
 * library into the shopper's bundle (the island that calls this is loaded on first use).
 */
import { BROWSE_SORTS, type BrowseSort } from '../../../contract/browse';
import type { BrowsePage, Facet, FacetOption } from '../../../contract/api/browse';
import { asList, isRecord, num, str } from './read';
import { normaliseProduct } from './normalise';

const FACET_KEYS: readonly Facet['key'][] = [
  'price',
  'brand',
  'rating',
  'discount',
  'availability',
  'size',
  'colour',
  'pack',
];

function normaliseOption(raw: unknown): FacetOption | null {
  if (!isRecord(raw)) return null;
  const value = str(raw.value);
  if (!value) return null;
  return {
    value,
    label: str(raw.label, value),
    count: Math.max(0, Math.trunc(num(raw.count))),
    selected: raw.selected === true,
  };
}

function normaliseFacet(raw: unknown): Facet | null {
  if (!isRecord(raw)) return null;
  const key = FACET_KEYS.find((k) => k === raw.key);
  if (!key) return null;
  const options = asList(raw.options)
    .map(normaliseOption)
    .filter((o): o is FacetOption => o !== null);
  return { key, label: str(raw.label, key), options };
}

/** One browse page; unknown facet groups and options without a value are left out. */
export function normaliseBrowsePage(raw: unknown, mediaOrigin: string): BrowsePage {
  const r = isRecord(raw) ? raw : {};
  const sort = (BROWSE_SORTS as readonly unknown[]).includes(r.sort) ? (r.sort as BrowseSort) : 'relevance';
  const span = isRecord(r.price_span) ? { min: num(r.price_span.min), max: num(r.price_span.max) } : null;
  const results = asList(r.results).map((p) => normaliseProduct(p, mediaOrigin));
  return {
    count: Math.max(0, Math.trunc(num(r.count, results.length))),
    page: Math.max(1, Math.trunc(num(r.page, 1))),
    page_size: Math.max(1, Math.trunc(num(r.page_size, results.length || 1))),
    sort,
    results,
    facets: asList(r.facets)
      .map(normaliseFacet)
      .filter((f): f is Facet => f !== null),
    price_span: span,
  };
}
