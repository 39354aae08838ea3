import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db';
import { engineOf } from '../db/engine';
import {
  corrections,
  fts5NamePhrase,
  fts5Query,
  mayCorrect,
  maxEditDistance,
  MAX_SEARCH_WORDS,
  planWords,
  searchWords,
  tsNamePhrase,
  tsQuery,
  type WordPlan,
} from './search-query';

/**
 * Product search, one interface and two implementations: FTS5 with bm25 on SQLite, a weighted
 * tsvector with pg_trgm on PostgreSQL (the index, `product_search`, and the triggers keeping it
 * are migration 0019's). Both rank in the same tiers, so the two engines agree on what comes first:
 *   0. the words as typed, as one phrase, in the name;
 *   1. every word as typed (the last also as a prefix) a whole word of the name;
 *   2. every word, or a synonym or spelling correction of it, a whole word of the name;
 *   3. the same anywhere (brand, category, subcategory, description);
 *   4. every word as typed only inside other words ('atta' in Khatta), as before issue 25.
 * Within tiers 0–3 by bm25 / ts_rank (name weighted highest), then in catalogue order.
 */
export async function searchProductIds(db: Db, text: string, limit: number): Promise<number[]> {
  const typed = text.toLowerCase().split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_WORDS);
  if (typed.length === 0) return [];
  const engine = engineOf(db) === 'postgres' ? postgres : sqlite;
  const words = searchWords(text);
  const plans = words.length > 0 ? await plan(db, engine, words) : [];
  const visible = sql`p.hidden_at IS NULL AND s.hidden_at IS NULL AND c.hidden_at IS NULL`;
  const hits = plans.length > 0 ? (await engine.ranked(db, plans, visible, limit)).rows.map((r) => Number(r.id)) : [];
  if (hits.length >= limit) return hits.slice(0, limit);
  // Tier 4 only fills what tiers 0–3 leave of the page, so a common word never pays for the scan.
  const inside = await sql<{ id: number }>`SELECT p.id FROM products p
      JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.category_id
      WHERE ${visible} AND ${engine.inside(typed)} ORDER BY p.id LIMIT ${limit + hits.length}`.execute(db);
  const seen = new Set(hits);
  return [...hits, ...inside.rows.map((r) => Number(r.id)).filter((id) => !seen.has(id))].slice(0, limit);
}

interface SearchEngine {
  /** Of `words`, those the index holds (as a whole word, or as a prefix for the last). */
  known(db: Db, words: readonly string[], last: string): Promise<Set<string>>;
  /** Words of product names (and brands) that may be corrections of `word`. */
  nameWords(db: Db, word: string): Promise<string[]>;
  /** Visible products matching in the index, best first (tiers 0–3), at most `limit`. */
  ranked(
    db: Db,
    plans: readonly WordPlan[],
    visible: RawBuilder<unknown>,
    limit: number,
  ): Promise<{ rows: { id: number }[] }>;
  /** The condition of tier 4: every word as typed somewhere in the product's texts, literally. */
  inside(words: readonly string[]): RawBuilder<unknown>;
}

/** Synonyms from `search_synonyms`, and corrections for words neither the index nor the synonyms know. */
async function plan(db: Db, engine: SearchEngine, words: string[]): Promise<WordPlan[]> {
  const synonyms = new Map<string, string[]>();
  const rows = await db
    .selectFrom('search_synonyms')
    .select(['term', 'synonym'])
    .where('term', 'in', words)
    .orderBy('term')
    .orderBy('synonym')
    .execute();
  for (const r of rows) synonyms.set(r.term, [...(synonyms.get(r.term) ?? []), r.synonym]);
  const last = words[words.length - 1] ?? '';
  const unsure = [...new Set(words.filter((w) => mayCorrect(w) && !synonyms.has(w)))];
  const corrected = new Map<string, string[]>();
  if (unsure.length > 0) {
    const known = await engine.known(db, unsure, last);
    for (const word of unsure.filter((w) => !known.has(w))) {
      corrected.set(word, corrections(word, await engine.nameWords(db, word)));
    }
  }
  return planWords(words, synonyms, corrected);
}

const sqlite: SearchEngine = {
  async known(db, words, last) {
    const found = new Set<string>();
    for (const word of words) {
      const query = word === last ? `"${word}"*` : `"${word}"`;
      const hit = await sql`SELECT 1 FROM product_search WHERE product_search MATCH ${query} LIMIT 1`.execute(db);
      if (hit.rows.length > 0) found.add(word);
    }
    return found;
  },
  async nameWords(db, word) {
    const d = maxEditDistance(word);
    const rows = await sql<{ term: string }>`SELECT DISTINCT term FROM product_search_words
        WHERE col IN ('name', 'brand') AND length(term) BETWEEN ${word.length - d} AND ${word.length + d}`.execute(db);
    return rows.rows.map((r) => r.term);
  },
  inside: (words) =>
    // SQLite's LIKE ignores ASCII case already; field by field it is 2× faster than lower() of them joined.
    sql.join(
      words.map((w) => {
        const term = likeTerm(w);
        return sql`(p.name LIKE ${term} ESCAPE '\\' OR p.description LIKE ${term} ESCAPE '\\' OR s.name LIKE ${term} ESCAPE '\\' OR c.name LIKE ${term} ESCAPE '\\')`;
      }),
      sql` AND `,
    ),
  ranked(db, plans, visible, limit) {
    const tier = (query: string) => sql`p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ${query})`;
    return sql<{ id: number }>`
      WITH hits AS MATERIALIZED (
        SELECT rowid AS id, bm25(product_search, 10.0, 6.0, 3.0, 1.0) AS score
        FROM product_search WHERE product_search MATCH ${fts5Query(plans, 'all', false)}
      )
      SELECT p.id,
        CASE WHEN ${plans.length > 1 ? tier(fts5NamePhrase(plans)) : sql`0`} THEN 0
             WHEN ${tier(fts5Query(plans, 'typed', true))} THEN 1
             WHEN ${tier(fts5Query(plans, 'all', true))} THEN 2
             ELSE 3 END AS tier,
        h.score AS score
      FROM products p
        JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.category_id
        JOIN hits h ON h.id = p.id
      WHERE ${visible}
      ORDER BY tier, score, p.id
      LIMIT ${limit}`.execute(db);
  },
};

/** The schema pg_trgm is installed in (migration 0019 puts it in public), by database handle. */
const trgmSchemas = new WeakMap<Db, Promise<string>>();
function trgmSchema(db: Db): Promise<string> {
  let schema = trgmSchemas.get(db);
  if (!schema) {
    schema = sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e
        JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`
      .execute(db)
      .then((r) => r.rows[0]?.schema ?? 'public');
    trgmSchemas.set(db, schema);
  }
  return schema;
}

/**
 * How alike a typed word and a name must be for the name's words to be offered as corrections
 * (pg_trgm word_similarity). pg_trgm's default of 0.6 misses one wrong letter in a four-letter word
 * ('rixe' and 'rice' share 2 of 5 trigrams); 0.3 finds it, and the edit distance decides.
 */
const WORD_SIMILARITY = 0.3;

const postgres: SearchEngine = {
  async known(db, words, last) {
    const queries = words.map((w) => `'${w}'${w === last ? ':*' : ''}`);
    const rows = await sql<{
      word: string;
    }>`SELECT w.word FROM unnest(${words}::text[], ${queries}::text[]) AS w(word, query)
        WHERE EXISTS (SELECT 1 FROM product_search d WHERE d.document @@ to_tsquery('simple', w.query))`.execute(db);
    return new Set(rows.rows.map((r) => r.word));
  },
  async nameWords(db, word) {
    const schema = sql.id(await trgmSchema(db));
    const d = maxEditDistance(word);
    return db.transaction().execute(async (trx) => {
      await sql`SELECT set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`.execute(trx);
      const rows = await sql<{ term: string }>`SELECT DISTINCT w AS term
          FROM product_search d, regexp_split_to_table(lower(d.name), '[^[:alnum:]]+') AS w
          WHERE ${word} OPERATOR(${schema}.<%) lower(d.name)
            AND length(w) BETWEEN ${word.length - d} AND ${word.length + d}`.execute(trx);
      return rows.rows.map((r) => r.term);
    });
  },
  inside: (words) =>
    sql.join(
      words.map(
        (w) =>
          sql`lower(p.name || ' ' || p.description || ' ' || s.name || ' ' || c.name) LIKE ${likeTerm(w)} ESCAPE '\\'`,
      ),
      sql` AND `,
    ),
  ranked(db, plans, visible, limit) {
    const matches = (query: string) => sql`d.document @@ to_tsquery('simple', ${query})`;
    const all = tsQuery(plans, 'all', false);
    return sql<{ id: number }>`
      SELECT p.id,
        CASE WHEN ${plans.length > 1 ? matches(tsNamePhrase(plans)) : sql`false`} THEN 0
             WHEN ${matches(tsQuery(plans, 'typed', true))} THEN 1
             WHEN ${matches(tsQuery(plans, 'all', true))} THEN 2
             ELSE 3 END AS tier,
        -ts_rank(d.document, to_tsquery('simple', ${all})) AS score
      FROM products p
        JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.category_id
        JOIN product_search d ON d.product_id = p.id
      WHERE ${visible} AND ${matches(all)}
      ORDER BY tier, score, p.id
      LIMIT ${limit}`.execute(db);
  },
};

/** Escapes LIKE wildcards so shoppers' text matches literally. */
function likeTerm(term: string): string {
  return `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/**
 * A corrected search for text that found nothing ('Did you mean'): each word the index does not
 * know replaced by its closest word of the products' names (the vocabulary search's own
 * corrections come from), words with no such correction left out. Null when nothing changes or
 * the corrected search finds nothing either, so a shopper is never sent to another empty page.
 */
export async function spellingCorrection(db: Db, text: string): Promise<string | null> {
  const words = searchWords(text);
  if (words.length === 0) return null;
  const engine = engineOf(db) === 'postgres' ? postgres : sqlite;
  const last = words[words.length - 1] ?? '';
  const known = await engine.known(db, words, last);
  const corrected: string[] = [];
  for (const word of words) {
    if (known.has(word)) corrected.push(word);
    else if (mayCorrect(word)) {
      const best = corrections(word, await engine.nameWords(db, word))[0];
      if (best) corrected.push(best);
    }
  }
  const suggestion = corrected.join(' ');
  if (!suggestion || suggestion === words.join(' ')) return null;
  return (await searchProductIds(db, suggestion, 1)).length > 0 ? suggestion : null;
}
