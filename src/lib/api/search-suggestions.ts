/** Suggestions for words being typed in the search box, and what the search page offers when nothing is found. */
import type { Suggestions } from '../../../contract/api/search-suggestions';
import { MIN_SUGGEST_LENGTH } from '../../../contract/search-suggestions';
import { call, mediaOrigin } from './http';
import { isRecord } from './read';

const EMPTY = (query: string): Suggestions => ({
  query,
  products: [],
  categories: [],
  did_you_mean: null,
  popular_categories: [],
});

const list = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** The API's suggestions for `text` (nothing asked below two characters); `signal` cancels a stale request. */
export async function getSearchSuggestions(text: string, signal?: AbortSignal): Promise<Suggestions> {
  const q = text.trim();
  if (q.length < MIN_SUGGEST_LENGTH) return EMPTY(q);
  const raw = await call('common/search_suggestions', { query: { q }, signal, memo: false });
  if (!isRecord(raw)) return EMPTY(q);
  const origin = mediaOrigin();
  const products = list<Suggestions['products'][number]>(raw.products).map((p) => ({
    ...p,
    image: p.image && p.image.startsWith('/') ? `${origin}${p.image}` : p.image,
  }));
  return {
    query: typeof raw.query === 'string' ? raw.query : q,
    products,
    categories: list(raw.categories),
    did_you_mean: typeof raw.did_you_mean === 'string' ? raw.did_you_mean : null,
    popular_categories: list(raw.popular_categories),
  };
}
