import type { SynonymPage, SynonymPairAnswer } from '../../../contract/api/admin-synonyms';
import {
  SYNONYM_PAGE_SIZE,
  synonymWords,
  type SynonymListFilters,
  type SynonymPair,
} from '../../../contract/schemas/admin-synonyms';
import { isUniqueViolation } from '../../repositories/dialect';
import { inTransaction } from '../../repositories/helpers';
import {
  allSynonymRows,
  deleteSynonymRows,
  insertSynonymRows,
  synonymRowsBetween,
  type SynonymRow,
} from '../../repositories/synonyms';
import { Conflict, NotFound } from '../errors';
import { recordAudit, type Actor } from '../staff/audit';
import type { StaffContext } from '../staff/context';

/**
 * The search synonyms staff edit at /admin/synonyms. Search reads `search_synonyms` on every query
 * (no copy in memory), so a change is in the next search of every process; what can hide it is the
 * response cache of search answers, emptied here in this process (`catalogueChanged`) and in the
 * others by the catalogue version (SQLite's data_version; on PostgreSQL the trigger of migration
 * 0020) or the Redis change feed.
 */

export const SYNONYM_EXISTS = 'This pair is in the list already.';
export const SYNONYM_NOT_FOUND = 'No such pair in the list.';

type SynonymStaff = Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>;

const key = (a: string, b: string) => (a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`);

/** Rows → pairs: a word ↔ word pair is two rows, a word → phrase one. */
export function pairsOf(rows: readonly SynonymRow[]): SynonymPairAnswer[] {
  const pairs = new Map<string, SynonymPairAnswer>();
  for (const r of rows) {
    const k = key(r.term, r.synonym);
    const known = pairs.get(k);
    if (known) known.both_ways = true;
    else pairs.set(k, { term: r.term, synonym: r.synonym, both_ways: false });
  }
  return [...pairs.values()].sort((x, y) => x.term.localeCompare(y.term) || x.synonym.localeCompare(y.synonym));
}

/** One page of pairs, filtered by a word (either side, any part of it). */
export async function readSynonymPage(db: SynonymStaff['db'], query: SynonymListFilters): Promise<SynonymPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? SYNONYM_PAGE_SIZE;
  const needle = query.q?.toLowerCase() ?? '';
  const all = pairsOf(await allSynonymRows(db)).filter(
    (p) => !needle || p.term.includes(needle) || p.synonym.includes(needle),
  );
  return { count: all.length, page, page_size: pageSize, results: all.slice((page - 1) * pageSize, page * pageSize) };
}

const words = (pair: { term: string; synonym: string }) => ({ term: pair.term, synonym: pair.synonym });

/** Adds a pair: both ways for two single words, word → phrase otherwise; refused when either way exists. */
export async function addSynonymPair(staff: SynonymStaff, actor: Actor, pair: SynonymPair): Promise<SynonymPairAnswer> {
  const bothWays = synonymWords(pair.synonym).length === 1;
  const rows: SynonymRow[] = [words(pair), ...(bothWays ? [{ term: pair.synonym, synonym: pair.term }] : [])];
  try {
    await inTransaction(staff.db, async (trx) => {
      if ((await synonymRowsBetween(trx, pair.term, pair.synonym)).length > 0) throw exists();
      await insertSynonymRows(trx, rows);
      await recordAudit(trx, actor, staff.now(), {
        action: 'synonym.create',
        entity: 'synonym',
        after: { ...words(pair), both_ways: bothWays },
      });
    });
  } catch (error) {
    // Two staff adding the same pair at once: the primary key refuses the second.
    if (isUniqueViolation(error)) throw exists();
    throw error;
  }
  staff.catalogueChanged();
  return { ...words(pair), both_ways: bothWays };
}

function exists() {
  return new Conflict(SYNONYM_EXISTS, { errors: { synonym: [SYNONYM_EXISTS] } });
}

/** Removes a pair, named in either order. */
export async function removeSynonymPair(
  staff: SynonymStaff,
  actor: Actor,
  pair: { term: string; synonym: string },
): Promise<void> {
  await inTransaction(staff.db, async (trx) => {
    const found = pairsOf(await synonymRowsBetween(trx, pair.term, pair.synonym))[0];
    if (!found) throw new NotFound(SYNONYM_NOT_FOUND);
    await deleteSynonymRows(trx, pair.term, pair.synonym);
    await recordAudit(trx, actor, staff.now(), {
      action: 'synonym.delete',
      entity: 'synonym',
      before: { ...words(found), both_ways: found.both_ways },
    });
  });
  staff.catalogueChanged();
}
