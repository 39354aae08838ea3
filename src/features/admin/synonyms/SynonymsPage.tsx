import type { SynonymPage, SynonymPairAnswer } from '../../../../contract/api/admin-synonyms';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { FilterForm } from '../../../ui/FilterForm';
import { Field } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import { matchText } from '../desk-format';
import { emptyFilters, filterErrors, searchOf } from '../desk-query';
import { LoadFailed } from '../desk-ui';
import { ReadOnlyNote } from '../ReadOnlyNote';
import { useDeskList } from '../use-desk-list';
import { useDeskTask } from '../use-desk-task';
import { AddSynonymForm } from './AddSynonymForm';
import { pairText, SYNONYM_LIST, type SynonymFilters } from './synonym-list';
import { getSynonyms, removeSynonym } from './synonyms-api';

function SynonymFilterForm({ filters, onApply }: { filters: SynonymFilters; onApply: (next: SynonymFilters) => void }) {
  return (
    <FilterForm
      label="Filter synonyms"
      filters={filters}
      check={(next) => filterErrors(SYNONYM_LIST, next)}
      cleared={() => emptyFilters(SYNONYM_LIST)}
      onApply={onApply}
      className="grid gap-3 sm:grid-cols-2"
      actionsClassName="flex flex-wrap gap-2 sm:col-span-2"
    >
      {({ bind }) => <Field label="Word" type="search" {...bind('q')} />}
    </FilterForm>
  );
}

function PairRow({ pair, canEdit, onRemove }: { pair: SynonymPairAnswer; canEdit: boolean; onRemove: () => void }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-lg bg-white px-3 py-2">
      <span className="min-w-0 break-words">{pairText(pair)}</span>
      {canEdit && (
        <Button variant="secondary" size="sm" onClick={onRemove} aria-label={`Remove ${pairText(pair)}`}>
          Remove
        </Button>
      )}
    </li>
  );
}

function SynonymList({ search, canEdit }: { search: string; canEdit: boolean }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    SYNONYM_LIST,
    adminRoutes.adminSynonyms,
    search,
    getSynonyms,
    'The synonyms could not be loaded.',
  );
  const { busy, notice, run } = useDeskTask();
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  const remove = async (pair: SynonymPairAnswer) => {
    if (busy) return;
    if (await run(() => removeSynonym(pair), `Removed ${pairText(pair)}.`, 'The pair could not be removed.')) retry();
  };
  const shown = (page: SynonymPage) => page.results;
  return (
    <div className="space-y-4">
      {canEdit ? <AddSynonymForm onAdded={() => retry()} /> : <ReadOnlyNote permission="catalogue.write" />}
      <FormMessage message={notice.text} kind={notice.kind} />
      <SynonymFilterForm key={searchOf(SYNONYM_LIST, { ...filters, page: 1 })} filters={filters} onApply={go} />
      <p role="status" className="text-sm text-muted">
        {loading ? 'Loading synonyms…' : answer && `${matchText(answer.count, 'pair')} A word finds what is beside it.`}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && answer.results.length === 0 && (
        <p className="rounded-lg bg-white p-4">No pairs match this word.</p>
      )}
      {answer && !error && answer.results.length > 0 && (
        <ul
          aria-label="Synonyms"
          aria-busy={loading}
          className={`grid gap-2 lg:grid-cols-2 ${loading ? 'opacity-60' : ''}`}
        >
          {shown(answer).map((pair) => (
            <PairRow
              key={`${pair.term} ${pair.synonym}`}
              pair={pair}
              canEdit={canEdit}
              onRemove={() => void remove(pair)}
            />
          ))}
        </ul>
      )}
      {answer && pages > 1 && (
        <Pager page={answer.page} pages={pages} onPage={(page) => go({ ...filters, page })} label="Synonym pages" />
      )}
    </div>
  );
}

/**
 * /admin/synonyms: the words search treats as the same (haldi ↔ turmeric). Everyone who sees the
 * catalogue reads them; `catalogue.write` (owners, managers) adds and removes.
 */
export function SynonymsPage({ search }: { search: string }) {
  return (
    <AdminShell section="synonyms" permission="catalogue.read" title="Search synonyms">
      {(me) => <SynonymList search={search} canEdit={roleCan(me.role, 'catalogue.write')} />}
    </AdminShell>
  );
}
