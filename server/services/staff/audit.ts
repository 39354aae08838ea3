import type { AuditEntry, AuditPage } from '../../../contract/api/staff';
import type { Db } from '../../db';
import type { AuditOutcome } from '../../db/schema';
import type { StaffRole } from '../../../contract/staff';
import { actionsOfGroup, isAuditGroup } from '../../../contract/audit-actions';
import { dayAfter, startOfIndiaDay } from '../../../contract/format';
import {
  auditEntries,
  auditRecordNames,
  countAuditEntries,
  insertAuditEntry,
  type AuditEntryRow,
  type AuditFilter,
  type AuditNames,
} from '../../repositories/audit-log';
import { auditWords, namesWanted } from './audit-words';

/** Who acts: a staff member (null for the command line) and from which address (null for the command line). */
export interface Actor {
  staffId: number | null;
  ip: string | null;
}

/** A signed-in staff member acting: who, from where, and in which role (refund limits are per role). */
export type StaffActor = Actor & { staffId: number; role: StaffRole };

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

function entryOf(row: AuditEntryRow, names: AuditNames): AuditEntry {
  const before = parsedObject(row.before);
  const after = parsedObject(row.after);
  const words = auditWords({ ...row, before, after }, names);
  return {
    id: row.id,
    at: row.at,
    staff:
      row.staff_id === null ? null : { id: row.staff_id, email: row.staff_email ?? '', name: row.staff_name ?? '' },
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before,
    after,
    outcome: row.outcome,
    ip: row.ip,
    note: row.note,
    ...words,
  };
}

/** What the log's list is narrowed to, as the API takes it: days are India's, both included. */
export interface AuditListQuery {
  staff_id?: number | undefined;
  kind?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The repository's filter for a query: a group of actions or one, refusals by their outcome, days as instants. */
export function auditFilter(query: AuditListQuery): AuditFilter {
  const { kind } = query;
  let actions: string[] | undefined;
  let outcome: AuditFilter['outcome'];
  if (kind === 'refused') outcome = 'denied';
  else if (kind && isAuditGroup(kind)) actions = actionsOfGroup(kind);
  else if (kind) actions = [kind];
  return {
    staffId: query.staff_id,
    actions,
    outcome,
    from: query.from ? startOfIndiaDay(query.from) : undefined,
    before: query.to ? startOfIndiaDay(dayAfter(query.to)) : undefined,
  };
}

/**
 * Page `page` (from 1) of the log, `pageSize` entries, newest first, and how many there are in all
 * that `query` takes. Each entry comes in words as well, its records named in one batch of look-ups.
 */
export async function readAuditPage(
  db: Db,
  page: number,
  pageSize: number,
  query: AuditListQuery = {},
): Promise<AuditPage> {
  const filter = auditFilter(query);
  const [count, rows] = await Promise.all([
    countAuditEntries(db, filter),
    auditEntries(db, filter, (page - 1) * pageSize, pageSize),
  ]);
  const facts = rows.map((row) => ({
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    before: parsedObject(row.before),
    after: parsedObject(row.after),
    outcome: row.outcome,
    note: row.note,
  }));
  const names = await auditRecordNames(db, namesWanted(facts));
  return { count, page, page_size: pageSize, results: rows.map((row) => entryOf(row, names)) };
}
