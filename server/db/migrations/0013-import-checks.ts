import type { Kysely, Migration } from 'kysely';

/**
 * `catalogue_import_checks`: what a CSV import's dry run planned, kept under the plan's digest
 * for a day so that the import can apply exactly that plan and, when the shop has moved since,
 * name the rows that would now do something else. Not part of the catalogue: a check changes no page.
 */
export const importChecks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('catalogue_import_checks')
      .addColumn('plan', 'text', (c) => c.primaryKey())
      .addColumn('staff_id', 'integer', (c) => c.references('staff.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('changes', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('catalogue_import_checks_created')
      .on('catalogue_import_checks')
      .column('created_at')
      .execute();
  },
};
