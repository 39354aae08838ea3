import { useEffect, useState } from 'react';
import type { AuditPage as AuditPageAnswer } from '../../../../contract/api/staff';
import { formatDateTime } from '../../../../contract/format';
import { STAFF_PAGE_SIZE } from '../../../../contract/schemas/staff';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { getAuditPage } from '../admin-api';
import { adminMessage } from '../admin-messages';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import { auditPageFrom, auditValueText } from './audit-text';

const CELL = 'border-b border-slate-200 px-3 py-2 align-top';

function AuditLog() {
  const [page, setPage] = useState(() => (typeof window === 'undefined' ? 1 : auditPageFrom(window.location.search)));
  const [answer, setAnswer] = useState<AuditPageAnswer | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    getAuditPage(page, STAFF_PAGE_SIZE, controller.signal)
      .then((a) => {
        setAnswer(a);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The audit log could not be loaded.'));
      });
    return () => controller.abort();
  }, [page]);

  const go = (next: number) => {
    setPage(next);
    window.history.replaceState(
      null,
      '',
      next === 1 ? adminRoutes.adminAudit : `${adminRoutes.adminAudit}?page=${next}`,
    );
  };

  if (error)
    return (
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
        {error}
      </p>
    );
  if (!answer) return <p role="status">Loading the audit log…</p>;
  const pages = pageCount(answer.count, answer.page_size);
  return (
    <div className="space-y-3">
      <p className="text-muted">{answer.count} entries, newest first. Times are IST.</p>
      <div
        role="region"
        aria-labelledby="audit-caption"
        tabIndex={0}
        className="overflow-x-auto rounded-lg border border-slate-300 bg-white"
      >
        <table className="min-w-[56rem] text-left text-sm">
          <caption id="audit-caption" className="sr-only">
            Audit log, page {answer.page} of {pages}
          </caption>
          <thead className="bg-slate-100">
            <tr>
              {['When', 'Who', 'Action', 'Record', 'Outcome', 'Before', 'After', 'Note', 'From'].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-semibold">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {answer.results.map((entry) => (
              <tr key={entry.id}>
                <td className={`${CELL} whitespace-nowrap`}>{formatDateTime(entry.at, { seconds: true })}</td>
                <td className={CELL}>
                  {entry.staff ? `${entry.staff.name} (${entry.staff.email})` : 'Command line or unknown'}
                </td>
                <td className={`${CELL} font-mono`}>{entry.action}</td>
                <td className={CELL}>
                  {entry.entity}
                  {entry.entity_id !== null && ` #${entry.entity_id}`}
                </td>
                <td className={CELL}>
                  {entry.outcome === 'denied' ? <strong className="text-red-800">Denied</strong> : 'Done'}
                </td>
                <td className={CELL}>
                  <pre className="font-mono text-xs whitespace-pre-wrap">{auditValueText(entry.before)}</pre>
                </td>
                <td className={CELL}>
                  <pre className="font-mono text-xs whitespace-pre-wrap">{auditValueText(entry.after)}</pre>
                </td>
                <td className={CELL}>{entry.note ?? '—'}</td>
                <td className={`${CELL} font-mono text-xs`}>{entry.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 && <Pager page={answer.page} pages={pages} onPage={go} label="Audit log pages" />}
    </div>
  );
}

/** /admin/audit (owners): the audit log, newest first, page by page. */
export function AuditPage() {
  return (
    <AdminShell section="audit" permission="audit.read" title="Audit log">
      {() => <AuditLog />}
    </AdminShell>
  );
}
