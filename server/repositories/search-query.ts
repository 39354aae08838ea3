/**
 * The pure half of product search: shoppers' text → words → alternatives (synonyms, spelling
 * corrections, a prefix for the last word) → the full-text query of each engine. Every word is
 * quoted on the way out, so nothing a shopper types (`"`, `*`, `-`, `:`, `NEAR`, `OR`, `&`, `!`)
 * is read as query syntax: words are only ever letters and digits.
 */

/** Most words of a query that are searched for. */
export const MAX_SEARCH_WORDS = 8;
/** Shortest word a spelling correction is tried for. */
export const MIN_CORRECTED_LENGTH = 4;
/** Shortest last word that is also searched as a prefix ('tur' → turmeric); 'm' would match half the shop. */
export const MIN_PREFIX_LENGTH = 2;

/** One way of matching a query word: a word or a phrase, the last word of a query also as a prefix. */
export interface Alternative {
  tokens: readonly string[];
  prefix: boolean;
}

/** A query word and its alternatives; the first alternative is the word as typed. */
export interface WordPlan {
  word: string;
  alternatives: readonly Alternative[];
}

/** Lower-case words of letters and digits, accents removed (as FTS5's unicode61 remove_diacritics reads them). */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, MAX_SEARCH_WORDS);
}

/** The largest edit distance a correction of `word` may have: 1, or 2 for words of 7 letters or more. */
export function maxEditDistance(word: string): number {
  return word.length >= 7 ? 2 : 1;
}

/** Whether a spelling correction is tried for `word` at all (long enough, no digits). */
export function mayCorrect(word: string): boolean {
  return word.length >= MIN_CORRECTED_LENGTH && !/\p{N}/u.test(word);
}

/** Levenshtein distance of `a` and `b`, or `limit + 1` as soon as it is known to exceed `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** The closest of `vocabulary` to `word` within its edit distance (ties in alphabetical order, at most 3). */
export function corrections(word: string, vocabulary: Iterable<string>): string[] {
  const limit = maxEditDistance(word);
  const found: { term: string; distance: number }[] = [];
  for (const term of new Set(vocabulary)) {
    if (term === word || !mayCorrect(term)) continue;
    const distance = editDistance(word, term, limit);
    if (distance <= limit) found.push({ term, distance });
  }
  const closest = Math.min(...found.map((f) => f.distance));
  return found
    .filter((f) => f.distance === closest)
    .map((f) => f.term)
    .sort()
    .slice(0, 3);
}

/** Plans each word: the word itself (a prefix too when last), its synonyms, its corrections. */
export function planWords(
  words: readonly string[],
  synonyms: ReadonlyMap<string, readonly string[]>,
  corrected: ReadonlyMap<string, readonly string[]>,
): WordPlan[] {
  return words.map((word, i) => {
    const alternatives: Alternative[] = [
      { tokens: [word], prefix: i === words.length - 1 && word.length >= MIN_PREFIX_LENGTH },
    ];
    const seen = new Set([word]);
    for (const other of [...(synonyms.get(word) ?? []), ...(corrected.get(word) ?? [])]) {
      const tokens = searchWords(other);
      const key = tokens.join(' ');
      if (tokens.length === 0 || seen.has(key)) continue;
      seen.add(key);
      alternatives.push({ tokens, prefix: false });
    }
    return { word, alternatives };
  });
}

/** Which alternatives a tier of the ranking uses: the words as typed, or all of them. */
export type Reach = 'typed' | 'all';

const typed = (plan: WordPlan): Alternative[] => plan.alternatives.slice(0, 1);

// ---- SQLite FTS5 ----

const fts5Phrase = (alt: Alternative) => `"${alt.tokens.join(' ').replace(/"/g, '""')}"${alt.prefix ? '*' : ''}`;

/** An FTS5 query: every word (by any of its alternatives), optionally in the name column only. */
export function fts5Query(plans: readonly WordPlan[], reach: Reach, nameOnly: boolean): string {
  const groups = plans.map((p) => `(${(reach === 'typed' ? typed(p) : p.alternatives).map(fts5Phrase).join(' OR ')})`);
  const all = groups.join(' AND ');
  return nameOnly ? `name : (${all})` : all;
}

/** An FTS5 query for the words as typed, as one phrase in the name. */
export function fts5NamePhrase(plans: readonly WordPlan[]): string {
  const last = plans[plans.length - 1]?.alternatives[0];
  return `name : ${fts5Phrase({ tokens: plans.map((p) => p.word), prefix: last?.prefix ?? false })}`;
}

// ---- PostgreSQL tsquery ----

const tsToken = (token: string, prefix: boolean, weight: string) =>
  `'${token.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${prefix || weight ? ':' : ''}${prefix ? '*' : ''}${weight}`;

const tsPhrase = (alt: Alternative, weight: string) =>
  alt.tokens.map((t, i) => tsToken(t, alt.prefix && i === alt.tokens.length - 1, weight)).join(' <-> ');

/** A tsquery (for to_tsquery('simple', …)) of every word; in the name (weight A) only when asked. */
export function tsQuery(plans: readonly WordPlan[], reach: Reach, nameOnly: boolean): string {
  const weight = nameOnly ? 'A' : '';
  return plans
    .map((p) => `(${(reach === 'typed' ? typed(p) : p.alternatives).map((a) => tsPhrase(a, weight)).join(' | ')})`)
    .join(' & ');
}

/** A tsquery of the words as typed, as one phrase in the name. */
export function tsNamePhrase(plans: readonly WordPlan[]): string {
  const last = plans[plans.length - 1]?.alternatives[0];
  return tsPhrase({ tokens: plans.map((p) => p.word), prefix: last?.prefix ?? false }, 'A');
}
