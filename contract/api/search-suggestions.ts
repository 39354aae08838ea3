/**
 * What the header's search box suggests while a shopper types (GET /api/common/search_suggestions),
 * and what the search page offers when nothing is found: a spelling correction and categories.
 */
import { z } from 'zod';
import { cleanLine, NOT_ALLOWED } from '../schemas/common';
import { MAX_SEARCH_LENGTH } from '../schemas/catalogue';
import { MAX_SUGGESTED_CATEGORIES, MAX_SUGGESTED_PRODUCTS, MIN_SUGGEST_LENGTH } from '../search-suggestions';

const id = z.number().int().positive();

export const SuggestionsQuery = z.object({
  q: z
    .string({ error: 'Type what to search for.' })
    .trim()
    .min(MIN_SUGGEST_LENGTH, `Type at least ${MIN_SUGGEST_LENGTH} characters.`)
    .max(MAX_SEARCH_LENGTH, `At most ${MAX_SEARCH_LENGTH} characters.`)
    .refine(cleanLine, NOT_ALLOWED)
    .meta({ description: `Words typed so far: ${MIN_SUGGEST_LENGTH} to ${MAX_SEARCH_LENGTH} characters.` }),
});

export const SuggestedProductSchema = z
  .strictObject({
    id,
    name: z.string(),
    image: z.string().nullable().meta({ description: "The card's picture (below /media/), or null for none." }),
    selling_price: z.number().nonnegative().meta({ description: "The first variant's selling price in rupees." }),
    link: z.string(),
  })
  .meta({ id: 'SuggestedProduct' });
export type SuggestedProduct = z.infer<typeof SuggestedProductSchema>;

export const SuggestedCategorySchema = z
  .strictObject({
    id,
    name: z.string(),
    kind: z.enum(['category', 'subcategory']),
    /** For a subcategory, its category's name. */
    parent: z.string().nullable(),
    link: z.string(),
  })
  .meta({ id: 'SuggestedCategory' });
export type SuggestedCategory = z.infer<typeof SuggestedCategorySchema>;

export const SuggestionsSchema = z
  .strictObject({
    query: z.string(),
    products: z.array(SuggestedProductSchema).max(MAX_SUGGESTED_PRODUCTS),
    categories: z.array(SuggestedCategorySchema).max(MAX_SUGGESTED_CATEGORIES),
    did_you_mean: z
      .string()
      .nullable()
      .meta({ description: 'When no product matches: a corrected search that finds some, or null.' }),
    popular_categories: z
      .array(SuggestedCategorySchema)
      .meta({ description: 'When no product matches: categories to browse instead; otherwise empty.' }),
  })
  .meta({ id: 'SearchSuggestions' });
export type Suggestions = z.infer<typeof SuggestionsSchema>;
