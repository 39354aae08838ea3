import type { Kysely, Migration } from 'kysely';
import { columnsFor } from './columns';

/** Messages written on the Contact Us page: kept, so none is lost when mail is down. */
export const contactMessages: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    await col
      .id(db.schema.createTable('contact_messages'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      // Set once the message has been handed to the mailer (the outbox or the SMTP server).
      .addColumn('mailed_at', 'text')
      .execute();
    await db.schema.createIndex('contact_messages_created').on('contact_messages').column('created_at').execute();
  },
};
