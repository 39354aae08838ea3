import type { Db } from '../db';

/** One row of `search_synonyms`: a word of a query and one alternative for it (migration 0019). */
export interface SynonymRow {
  term: string;
  synonym: string;
}

/** Every row, in order. The table holds a few hundred rows: the back office reads it whole. */
export function allSynonymRows(db: Db): Promise<SynonymRow[]> {
  return db.selectFrom('search_synonyms').select(['term', 'synonym']).orderBy('term').orderBy('synonym').execute();
}

/** Rows linking `a` and `b`, in either direction. */
export function synonymRowsBetween(db: Db, a: string, b: string): Promise<SynonymRow[]> {
  return db
    .selectFrom('search_synonyms')
    .select(['term', 'synonym'])
    .where((w) =>
      w.or([w.and([w('term', '=', a), w('synonym', '=', b)]), w.and([w('term', '=', b), w('synonym', '=', a)])]),
    )
    .orderBy('term')
    .execute();
}

export async function insertSynonymRows(db: Db, rows: readonly SynonymRow[]): Promise<void> {
  await db.insertInto('search_synonyms').values([...rows]).execute();
}

/** Deletes the rows linking `a` and `b` either way; answers how many went. */
export async function deleteSynonymRows(db: Db, a: string, b: string): Promise<number> {
  const result = await db
    .deleteFrom('search_synonyms')
    .where((w) =>
      w.or([w.and([w('term', '=', a), w('synonym', '=', b)]), w.and([w('term', '=', b), w('synonym', '=', a)])]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
