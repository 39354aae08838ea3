/** The synonyms desk's calls (docs/api.md, "Back office: search synonyms"), with the staff token. */
import type { SynonymPage, SynonymPairAnswer } from '../../../../contract/api/admin-synonyms';
import type { SynonymPair } from '../../../../contract/schemas/admin-synonyms';
import { call } from '../../../lib/api/http';
import { asStaff } from '../admin-api';
import type { ApiQuery } from '../desk-api';

export async function getSynonyms(query: ApiQuery, signal?: AbortSignal): Promise<SynonymPage> {
  return (await call('admin/synonyms', { query, ...asStaff(), signal })) as SynonymPage;
}

export async function addSynonym(pair: SynonymPair): Promise<SynonymPairAnswer> {
  return (await call('admin/synonyms', { method: 'POST', json: pair, ...asStaff() })) as SynonymPairAnswer;
}

export async function removeSynonym(pair: { term: string; synonym: string }): Promise<void> {
  await call('admin/synonyms', { method: 'DELETE', query: { ...pair }, ...asStaff() });
}
