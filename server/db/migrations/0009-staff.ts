import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';
import { columnsFor } from './columns';

const ROLES = sql`('owner', 'manager', 'support')`;
const KEPT = 'The audit log is kept: its entries cannot be changed or deleted.';

/**
 * The back office:
 * - `staff`: accounts apart from shoppers', each with a role, a password and a TOTP second factor
 *   (its key, the last time step a code was taken for, so a code is never taken twice, and
 *   recovery codes as SHA-256 hashes, each removed when used). Staff are disabled, never deleted:
 *   the audit log names them.
 * - `staff_invites`: an owner's invitation, by the SHA-256 of the token e-mailed, usable once
 *   before it expires.
 * - `audit_log`: every staff change (who, when, what before and after) and every denied staff
 *   action. Triggers refuse to change or delete an entry, on both engines: the log is kept.
 */
export const staff: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);

    await col
      .id(db.schema.createTable('staff'))
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ${ROLES}`))
      .addColumn('password_hash', 'text', (c) => c.notNull())
      // Base32; no answer of the API ever carries it.
      .addColumn('totp_secret', 'text', (c) => c.notNull())
      // Set by the first login with a code from the app: until then no recovery code works.
      .addColumn('totp_confirmed_at', 'text')
      // The TOTP time step (Unix seconds / 30) of the last code taken: codes of it or before are refused.
      .addColumn('totp_last_step', col.unixTime)
      // JSON array of the SHA-256 hashes of the recovery codes not used yet.
      .addColumn('recovery_codes', 'text', (c) => c.notNull().defaultTo('[]'))
      // Unix seconds: tokens issued before it are refused (disabling an account moves it forward).
      .addColumn('tokens_valid_after', col.unixTime)
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      // The owner who invited them; null for an account made on the command line.
      .addColumn('created_by', 'integer', (c) => c.references('staff.id'))
      .addColumn('disabled_at', 'text')
      .execute();
    // E-mails are unique whatever their case, as shoppers' are.
    await sql`CREATE UNIQUE INDEX staff_email ON staff (lower(email))`.execute(db);

    await col
      .id(db.schema.createTable('staff_invites'))
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('role', 'text', (c) => c.notNull().check(sql`role IN ${ROLES}`))
      .addColumn('invited_by', 'integer', (c) => c.notNull().references('staff.id'))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await sql`CREATE INDEX staff_invites_email ON staff_invites (lower(email))`.execute(db);

    await col
      .id(db.schema.createTable('audit_log'))
      .addColumn('at', 'text', (c) => c.notNull())
      // Null for the command line, and for a login refused before anyone was known.
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id'))
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('entity', 'text', (c) => c.notNull())
      .addColumn('entity_id', 'text')
      // JSON objects: the record as it was and as it became (only the fields the change touched).
      .addColumn('before', 'text')
      .addColumn('after', 'text')
      .addColumn('outcome', 'text', (c) => c.notNull().check(sql`outcome IN ('done', 'denied')`))
      .addColumn('ip', 'text')
      .addColumn('note', 'text')
      .execute();
    await db.schema.createIndex('audit_log_staff').on('audit_log').columns(['staff_id', 'id']).execute();

    if (engineOf(db) === 'postgres') {
      await sql`CREATE FUNCTION audit_log_kept() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          RAISE EXCEPTION ${sql.lit(KEPT)};
        END
      $$`.execute(db);
      await sql`CREATE TRIGGER audit_log_kept BEFORE UPDATE OR DELETE ON audit_log
        FOR EACH ROW EXECUTE FUNCTION audit_log_kept()`.execute(db);
      await sql`CREATE TRIGGER audit_log_kept_truncate BEFORE TRUNCATE ON audit_log
        FOR EACH STATEMENT EXECUTE FUNCTION audit_log_kept()`.execute(db);
    } else {
      for (const event of ['UPDATE', 'DELETE']) {
        await sql`CREATE TRIGGER ${sql.id(`audit_log_kept_${event.toLowerCase()}`)} BEFORE ${sql.raw(event)} ON audit_log
          BEGIN SELECT RAISE(ABORT, ${sql.lit(KEPT)}); END`.execute(db);
      }
    }
  },
};
