import { createRoute } from '@hono/zod-openapi';
import { SuggestionsQuery, SuggestionsSchema } from '../../contract/api/search-suggestions';
import type { Db } from '../db';
import { ApiRoutes, errors, json, notModified } from '../http/api-routes';
import type { ResponseCache } from '../http/response-cache';
import { searchSuggestions } from '../services/catalogue/search-suggestions';

/** Suggestions while a shopper types in the header's search box, kept in the catalogue's response cache. */
export function searchSuggestionRoutes(db: Db, cache: ResponseCache): ApiRoutes {
  const app = new ApiRoutes();
  const suggest = createRoute({
    method: 'get',
    path: '/search_suggestions',
    tags: ['Catalogue'],
    summary: 'Suggest products and categories for words being typed',
    description:
      'Up to 6 products, best first by the same ranking as /products_search (synonyms and spelling ' +
      'corrections included), and up to 4 categories or subcategories with a name word starting with ' +
      'each typed word. When no product matches, `did_you_mean` is a corrected search that finds ' +
      'some (or null) and `popular_categories` lists categories to browse.',
    request: { query: SuggestionsQuery },
    responses: {
      200: json(SuggestionsSchema, 'The suggestions.'),
      304: notModified,
      ...errors(400),
    },
  });
  app.openapi(suggest, (c) => {
    const { q } = c.req.valid('query');
    // Keyed by the trimmed, lower-case words: 'Tur' and 'tur ' share one answer.
    const text = q.toLowerCase();
    return cache.json(c, () => searchSuggestions(db, text), { q: text });
  });
  return app;
}
