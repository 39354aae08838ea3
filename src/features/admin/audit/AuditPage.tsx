import { useCallback, useEffect, useState } from 'react';
import type { AuditPage as AuditPageAnswer } from '../../../../contract/api/staff';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { getAuditPage, getStaffAccounts } from '../admin-api';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import type { ApiQuery } from '../desk-api';
import { AUDIT_LIST, auditApiQuery } from '../desk-query';
import { LoadFailed } from '../desk-ui';
import { useDeskList } from '../use-desk-list';
import { AuditEntryCard } from './AuditEntryCard';
import { AuditFilterForm, type StaffChoice } from './AuditFilterForm';

const loadAuditPage = (query: ApiQuery, signal: AbortSignal) => getAuditPage(auditApiQuery(query), signal);

/** The staff the filter offers, named and with their e-mail; none when they cannot be read (the log still works). */
function useStaffChoices(): StaffChoice[] {
  const [choices, setChoices] = useState<StaffChoice[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    getStaffAccounts(controller.signal)
      .then((accounts) => setChoices(accounts.map((a) => [String(a.id), `${a.name} (${a.email})`] as const)))
      .catch(() => setChoices([]));
    return () => controller.abort();
  }, []);
  return choices;
}

function countText(answer: AuditPageAnswer, filtered: boolean): string {
  const n = answer.count === 1 ? '1 entry' : `${answer.count} entries`;
  return `${n}${filtered ? ' match' : ''}, newest first. Times are IST.`;
}

function AuditLog({ search }: { search: string }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    AUDIT_LIST,
    adminRoutes.adminAudit,
    search,
    loadAuditPage,
    'The audit log could not be loaded.',
  );
  const staff = useStaffChoices();
  const onPage = useCallback((page: number) => go({ ...filters, page }), [filters, go]);
  const filtered = AUDIT_LIST.keys.some((k) => filters[k]);
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  return (
    <div className="min-w-0 space-y-3">
      <AuditFilterForm key={JSON.stringify(filters)} filters={filters} staff={staff} onApply={go} />
      <p role="status" className="text-muted">
        {loading ? 'Loading the audit log…' : answer && countText(answer, filtered)}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && (
        <ol
          aria-label="Audit log entries"
          aria-busy={loading}
          className={`min-w-0 space-y-2 ${loading ? 'opacity-60' : ''}`}
        >
          {answer.results.map((entry) => (
            <AuditEntryCard key={entry.id} entry={entry} />
          ))}
        </ol>
      )}
      {answer && pages > 1 && <Pager page={answer.page} pages={pages} onPage={onPage} label="Audit log pages" />}
    </div>
  );
}

/** /admin/audit (owners): the audit log in words, newest first, filtered by who, kind and days, page by page. */
export function AuditPage({ search }: { search: string }) {
  return (
    <AdminShell section="audit" permission="audit.read" title="Audit log">
      {() => <AuditLog search={search} />}
    </AdminShell>
  );
}
