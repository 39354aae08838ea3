import type { Kysely, Migration } from 'kysely';

/**
 * The shop's reply to a review, written in the back office's reviews desk: its text, when it was
 * last written and by which staff member (kept when they leave: set to null). One reply a review;
 * editing it replaces the text, removing it clears all three.
 */
export const reviewReplies: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('ratings').addColumn('reply', 'text').execute();
    await db.schema.alterTable('ratings').addColumn('replied_at', 'text').execute();
    await db.schema
      .alterTable('ratings')
      .addColumn('replied_by', 'integer', (c) => c.references('staff.id').onDelete('set null'))
      .execute();
  },
};
