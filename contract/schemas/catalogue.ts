/** What the catalogue's list and search calls read from their query strings. */
import { z } from 'zod';
import { cleanLine, digitsId, NOT_ALLOWED } from './common';

export const MAX_PAGE_SIZE = 100;
export const MAX_SEARCH_LENGTH = 100;

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

const filters = {
  category: digitsId.optional().meta({ description: 'Only products of this category.' }),
  category_id: digitsId.optional().meta({ description: 'The same as `category` (both given: they must agree).' }),
  sub_category: digitsId.optional().meta({ description: 'Only products of this subcategory.' }),
  sub_category_id: digitsId.optional().meta({ description: 'The same as `sub_category`.' }),
  subcategory_id: digitsId.optional().meta({ description: 'The same as `sub_category`.' }),
  popular: flag.optional().meta({ description: 'Only popular products.' }),
};

const categoriesAgree = (q: { category?: number | undefined; category_id?: number | undefined }) =>
  q.category === undefined || q.category_id === undefined || q.category === q.category_id;
const disagree = { message: 'category and category_id disagree.', path: ['category_id'] };

/** GET /product_ids: the filters of GET /products, with the aliases the API has always accepted. */
export const ProductIdsQuery = z.object(filters).refine(categoriesAgree, disagree);

/**
 * GET /products: filters with the aliases the API has always accepted (the first one given
 * wins), and a page when `page` or `page_size` is given.
 */
export const ProductsQuery = z
  .object({
    ...filters,
    page: digitsId.optional().meta({ description: 'Page number from 1; with it (or page_size) the answer is a page.' }),
    page_size: digitsId
      .pipe(z.number().max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE}.`))
      .optional()
      .meta({ description: `Products per page, at most ${MAX_PAGE_SIZE} (default 50).` }),
  })
  .refine(categoriesAgree, disagree);

/** GET /products_search: the text as `search` or `q`. */
export const SearchQuery = z.object({
  search: z
    .string()
    .max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .optional()
    .meta({ description: 'Words to find; empty finds nothing.' }),
  q: z
    .string()
    .max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .optional()
    .meta({ description: 'The same as `search`.' }),
});

/** Most products or variants one stock question may name (a page of cards is 50). */
export const MAX_STOCK_IDS = 200;

/** A comma-separated list of 1 to MAX_STOCK_IDS ids ('12,13,40'). */
const idList = z
  .string()
  .regex(/^[1-9]\d{0,9}(?:,[1-9]\d{0,9})*$/, 'A comma-separated list of ids, such as 12,13,40.')
  .transform((text) => [...new Set(text.split(',').map(Number))])
  .pipe(z.array(z.number().int().positive()).max(MAX_STOCK_IDS, `At most ${MAX_STOCK_IDS} ids.`));

/** GET /stock: the variants of these products, or these variants (at least one of the two). */
export const StockQuery = z
  .object({
    products: idList.optional().meta({ description: 'Product ids: every variant of each.' }),
    variants: idList.optional().meta({ description: 'Variant ids.' }),
  })
  .refine((q) => q.products !== undefined || q.variants !== undefined, {
    message: 'Name products or variants, such as ?products=12,13.',
    path: ['products'],
  });
