import type { SuggestedCategory, Suggestions } from '../../../contract/api/search-suggestions';
import {
  MAX_SUGGESTED_CATEGORIES,
  MAX_SUGGESTED_PRODUCTS,
  suggestionLinks,
} from '../../../contract/search-suggestions';
import type { Category, Subcategory } from '../../../contract/types';
import type { Db } from '../../db';
import {
  getProductsByIds,
  listCategories,
  listSubcategories,
  searchProductIds,
  spellingCorrection,
} from '../../repositories/catalogue';
import { searchWords } from '../../repositories/search-query';

/**
 * Suggestions for the header's search box: the first products of the shop's own ranked search
 * (synonyms and spelling corrections included), and the categories and subcategories whose names
 * have a word starting with each typed word. When no product matches, a corrected search that
 * finds some ('Did you mean') and categories to browse, so no answer leaves a shopper stranded.
 */
export async function searchSuggestions(db: Db, text: string): Promise<Suggestions> {
  const query = text.trim();
  const [ids, categories, subcategories] = await Promise.all([
    searchProductIds(db, query, MAX_SUGGESTED_PRODUCTS),
    listCategories(db),
    listSubcategories(db),
  ]);
  const found = await getProductsByIds(db, ids);
  const products = found.map((p) => {
    const first = p.variants[0];
    return {
      id: p.id,
      name: p.name,
      image: first?.images[0]?.image ?? null,
      selling_price: first?.final_price ?? 0,
      link: suggestionLinks.product(p.id),
    };
  });
  const none = products.length === 0;
  return {
    query,
    products,
    categories: matchingCategories(query, categories, subcategories),
    did_you_mean: none ? await spellingCorrection(db, query) : null,
    popular_categories: none ? categories.slice(0, MAX_SUGGESTED_CATEGORIES).map(asCategory) : [],
  };
}

const asCategory = (c: Category): SuggestedCategory => ({
  id: c.id,
  name: c.name,
  kind: 'category',
  parent: null,
  link: suggestionLinks.category(c.id),
});

/** Whether every typed word begins a word of `name` ('dai' → Milks & Dairies). */
export function nameMatches(typed: readonly string[], name: string): boolean {
  const words = searchWords(name);
  return typed.length > 0 && typed.every((t) => words.some((w) => w.startsWith(t)));
}

/** Categories, then subcategories, whose names match: at most MAX_SUGGESTED_CATEGORIES, in display order. */
function matchingCategories(query: string, categories: Category[], subcategories: Subcategory[]): SuggestedCategory[] {
  const typed = searchWords(query);
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const subs: SuggestedCategory[] = subcategories
    .filter((s) => names.has(s.category) && nameMatches(typed, s.name))
    .map((s) => ({
      id: s.id,
      name: s.name,
      kind: 'subcategory',
      parent: names.get(s.category) ?? null,
      link: suggestionLinks.subcategory(s.category, s.id),
    }));
  return [...categories.filter((c) => nameMatches(typed, c.name)).map(asCategory), ...subs].slice(
    0,
    MAX_SUGGESTED_CATEGORIES,
  );
}
