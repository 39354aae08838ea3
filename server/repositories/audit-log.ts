import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db';
import type { AuditLogTable } from '../db/schema';

/** The audit log: appended to, read by owners, never changed (triggers refuse updates and deletes). */

export async function insertAuditEntry(db: Db, values: Insertable<AuditLogTable>): Promise<void> {
  await db.insertInto('audit_log').values(values).execute();
}

/** An entry with the name and e-mail of who acted, as the log is read. */
export type AuditEntryRow = Selectable<AuditLogTable> & { staff_email: string | null; staff_name: string | null };

/** `limit` entries from `offset`, newest first (ids grow with time, and do not repeat as times can). */
export function auditEntries(db: Db, offset: number, limit: number): Promise<AuditEntryRow[]> {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.id',
      'audit_log.at',
      'audit_log.staff_id',
      'staff.email as staff_email',
      'staff.name as staff_name',
      'audit_log.action',
      'audit_log.entity',
      'audit_log.entity_id',
      'audit_log.before',
      'audit_log.after',
      'audit_log.outcome',
      'audit_log.ip',
      'audit_log.note',
    ])
    .orderBy('audit_log.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function countAuditEntries(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Who made each `action` on one record, oldest first: the entries' times, `after` (JSON) and the staff member. */
export function actionsOn(db: Db, action: string, entity: string, entityId: string) {
  return db
    .selectFrom('audit_log')
    .leftJoin('staff', 'staff.id', 'audit_log.staff_id')
    .select([
      'audit_log.at',
      'audit_log.after',
      'audit_log.staff_id',
      'staff.email as staff_email',
      'staff.name as staff_name',
    ])
    .where('audit_log.action', '=', action)
    .where('audit_log.entity', '=', entity)
    .where('audit_log.entity_id', '=', entityId)
    .where('audit_log.outcome', '=', 'done')
    .orderBy('audit_log.id')
    .execute();
}
