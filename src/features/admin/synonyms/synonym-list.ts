import { SynonymListQuery } from '../../../../contract/schemas/admin-synonyms';
import type { ListFilters, ListSpec } from '../desk-query';

/** The synonyms list keeps its word filter and page in the address (/admin/synonyms?q=haldi&page=2). */
export const SYNONYM_LIST: ListSpec<'q'> = { schema: SynonymListQuery, keys: ['q'] };
export type SynonymFilters = ListFilters<'q'>;

/** A pair in words, as the audit log writes it: both ways ↔, one way →. */
export function pairText(pair: { term: string; synonym: string; both_ways: boolean }): string {
  return `${pair.term} ${pair.both_ways ? '↔' : '→'} ${pair.synonym}`;
}
