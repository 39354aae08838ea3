import type { AuditEntry } from '../../../../contract/api/staff';
import { formatDateTime } from '../../../../contract/format';
import { auditValueText } from './audit-text';

/** Who acted, as the log names them. */
function whoText(entry: AuditEntry): string {
  return entry.staff ? entry.staff.name || entry.staff.email : 'Command line or unknown';
}

/**
 * One entry of the audit log as a card that fits any width: what happened in words first, then
 * when, who and how it ended, the changed fields, and the raw record behind "Details".
 */
export function AuditEntryCard({ entry }: { entry: AuditEntry }) {
  const refused = entry.outcome === 'denied';
  return (
    <li
      data-testid="audit-entry"
      className={`min-w-0 space-y-1 rounded-lg border bg-white p-3 ${refused ? 'border-red-300' : 'border-slate-300'}`}
    >
      <p className="font-semibold break-words">{entry.summary}</p>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-muted">
        <time dateTime={entry.at}>{formatDateTime(entry.at, { seconds: true })}</time>
        <span className="break-words">{whoText(entry)}</span>
        <span>{entry.action_label}</span>
        {refused ? <strong className="text-red-800">Refused</strong> : <span className="text-brand-800">Done</span>}
      </p>
      {entry.changes.length > 0 && (
        <ul aria-label="Changes" className="space-y-0.5 text-sm break-words">
          {entry.changes.map((c) => (
            <li key={c.field}>
              <span className="font-semibold">{c.field}:</span> {c.before} → {c.after}
            </li>
          ))}
        </ul>
      )}
      {entry.note && <p className="text-sm break-words">Note: {entry.note}</p>}
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-brand-800">Details</summary>
        <dl className="mt-2 grid gap-x-3 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
          <dt className="font-semibold">Action</dt>
          <dd className="font-mono break-all">{entry.action}</dd>
          <dt className="font-semibold">Record</dt>
          <dd className="break-all">
            {entry.entity}
            {entry.entity_id !== null && ` #${entry.entity_id}`}
          </dd>
          <dt className="font-semibold">Who</dt>
          <dd className="break-all">{entry.staff ? `${entry.staff.name} (${entry.staff.email})` : '—'}</dd>
          <dt className="font-semibold">From</dt>
          <dd className="font-mono break-all">{entry.ip ?? '—'}</dd>
          <dt className="font-semibold">Before</dt>
          <dd>
            <pre className="font-mono text-xs break-all whitespace-pre-wrap">{auditValueText(entry.before)}</pre>
          </dd>
          <dt className="font-semibold">After</dt>
          <dd>
            <pre className="font-mono text-xs break-all whitespace-pre-wrap">{auditValueText(entry.after)}</pre>
          </dd>
        </dl>
      </details>
    </li>
  );
}
