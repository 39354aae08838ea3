/**
 * The search box's suggestions as both sides read them without the schema library (the browser's
 * code loads no zod): how much is asked and given, and the pages a suggestion links to. The
 * answer's shape is contract/api/search-suggestions.ts.
 */

/** Fewest characters suggestions are asked for: one letter would match half the shop. */
export const MIN_SUGGEST_LENGTH = 2;
/** Most products suggested. */
export const MAX_SUGGESTED_PRODUCTS = 6;
/** Most categories and subcategories suggested. */
export const MAX_SUGGESTED_CATEGORIES = 4;

/** The shop's pages a suggestion links to (the storefront's routes.ts names the same paths). */
export const suggestionLinks = {
  product: (id: number) => `/product-details/${id}`,
  category: (id: number) => `/subcategories/${id}`,
  subcategory: (categoryId: number, id: number) => `/subcategories/${categoryId}?sub_category=${id}`,
};
