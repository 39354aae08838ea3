import type { AuditEntry, AuditPage } from '../../../contract/api/staff';
import type { Db } from '../../db';
import type { AuditOutcome } from '../../db/schema';
import { auditEntries, countAuditEntries, insertAuditEntry, type AuditEntryRow } from '../../repositories/audit-log';

/** Who acts: a staff member (null for the command line) and from which address (null for the command line). */
export interface Actor {
  staffId: number | null;
  ip: string | null;
}

/** The command line's actor: no staff member, no address (whoever can run it runs the shop's machine). */
export const COMMAND_LINE: Actor = { staffId: null, ip: null };

/** One entry of the audit log, as the services write it. */
export interface AuditEvent {
  /** What was done or tried, e.g. 'staff.invite', 'staff.change', 'staff.login'. */
  action: string;
  /** The kind of record, e.g. 'staff', 'staff_invite', 'route'. */
  entity: string;
  entityId?: string | number | null;
  /** The fields the change touched, as they were and as they became. */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  outcome?: AuditOutcome;
  /** Why it was denied, or how it was done. */
  note?: string | null;
}

/**
 * Appends an entry. Changes call it inside their own transaction (`db` is then the transaction),
 * so a change is never stored without its entry, nor an entry without its change.
 */
export async function recordAudit(db: Db, actor: Actor, at: number, event: AuditEvent): Promise<void> {
  await insertAuditEntry(db, {
    at: new Date(at).toISOString(),
    staff_id: actor.staffId,
    action: event.action,
    entity: event.entity,
    entity_id: event.entityId === undefined || event.entityId === null ? null : String(event.entityId),
    before: event.before ? JSON.stringify(event.before) : null,
    after: event.after ? JSON.stringify(event.after) : null,
    outcome: event.outcome ?? 'done',
    ip: actor.ip,
    note: event.note ?? null,
  });
}

function parsedObject(json: string | null): Record<string, unknown> | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function entryOf(row: AuditEntryRow): AuditEntry {
  return {
    id: row.id,
    at: row.at,
    staff:
      row.staff_id === null ? null : { id: row.staff_id, email: row.staff_email ?? '', name: row.staff_name ?? '' },
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parsedObject(row.before),
    after: parsedObject(row.after),
    outcome: row.outcome,
    ip: row.ip,
    note: row.note,
  };
}

/** Page `page` (from 1) of the log, `pageSize` entries, newest first, and how many there are in all. */
export async function readAuditPage(db: Db, page: number, pageSize: number): Promise<AuditPage> {
  const [count, rows] = await Promise.all([countAuditEntries(db), auditEntries(db, (page - 1) * pageSize, pageSize)]);
  return { count, page, page_size: pageSize, results: rows.map(entryOf) };
}
