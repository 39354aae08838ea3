/**
 * Rules and messages of the back office's search synonyms (/admin/synonyms), shared by the page and
 * the server. Search looks a shopper's query up one word at a time (server/repositories/search.ts),
 * so the word a shopper types is always one word; what it also finds may be one word (then the pair
 * works both ways: haldi ↔ turmeric) or a phrase of up to four words (one way only: masoor → red
 * lentil). A hyphen separates words for search, as a space does ('ready-made' is two words).
 */
import { z } from 'zod';
import { pageField, pageSizeField, searchField } from './admin-orders';

export const SYNONYM_MAX_LENGTH = 40;
/** Most words of the phrase a word may stand for. */
export const SYNONYM_MAX_PHRASE_WORDS = 4;
export const SYNONYM_PAGE_SIZE = 50;

export const SYNONYM_REQUIRED = 'Enter a word.';
export const SYNONYM_TOO_LONG = `At most ${SYNONYM_MAX_LENGTH} characters.`;
export const SYNONYM_CHARACTERS = 'Use only letters, digits, spaces and hyphens.';
export const SYNONYM_ONE_WORD = 'One word: search looks up what shoppers type a word at a time.';
export const SYNONYM_TOO_MANY_WORDS = `At most ${SYNONYM_MAX_PHRASE_WORDS} words.`;
export const SYNONYM_SAME = 'The two words are the same.';

/** Letters (any script, with their combining marks), digits, spaces and hyphens. */
const WORD_CHARACTERS = /^[\p{L}\p{M}\p{N} -]+$/u;

/** A word as stored: trimmed, spaces collapsed, lower-cased, in Unicode's composed form. */
export function normalSynonym(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The words of `text` as search reads them (a hyphen or space between words). */
export function synonymWords(text: string): string[] {
  return text.split(/[\s-]+/).filter(Boolean);
}

function wordField(description: string) {
  return z
    .string({ error: SYNONYM_REQUIRED })
    .transform(normalSynonym)
    .pipe(
      z
        .string()
        .min(1, SYNONYM_REQUIRED)
        .max(SYNONYM_MAX_LENGTH, SYNONYM_TOO_LONG)
        .regex(WORD_CHARACTERS, SYNONYM_CHARACTERS)
        .refine((w) => synonymWords(w).length > 0, SYNONYM_CHARACTERS),
    )
    .meta({ description });
}

/** POST /api/admin/synonyms: a word shoppers type and what it should also find. */
export const SynonymPairBody = z
  .object({
    term: wordField('The word shoppers type (one word), e.g. haldi.').refine(
      (w) => synonymWords(w).length === 1,
      SYNONYM_ONE_WORD,
    ),
    synonym: wordField(
      'What it also finds: one word (the pair then works both ways) or a phrase of up to four words (one way).',
    ).refine((w) => synonymWords(w).length <= SYNONYM_MAX_PHRASE_WORDS, SYNONYM_TOO_MANY_WORDS),
  })
  .refine((p) => p.term !== p.synonym, { message: SYNONYM_SAME, path: ['synonym'] });
export type SynonymPairInput = z.input<typeof SynonymPairBody>;
export type SynonymPair = z.output<typeof SynonymPairBody>;

/** DELETE /api/admin/synonyms?term=…&synonym=…: the pair to remove (either order). */
export const SynonymPairQuery = z.object({
  term: wordField('One word of the pair.'),
  synonym: wordField('The other word (or phrase) of the pair.'),
});

/** GET /api/admin/synonyms: a word to filter by, and the page. */
export const SynonymListQuery = z.object({
  q: searchField(SYNONYM_MAX_LENGTH, 'Pairs with a word containing this text.'),
  page: pageField,
  page_size: pageSizeField(SYNONYM_PAGE_SIZE),
});
export type SynonymListFilters = z.output<typeof SynonymListQuery>;
