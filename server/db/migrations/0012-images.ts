import { sql, type Kysely, type Migration } from 'kysely';
import { columnsFor } from './columns';

/**
 * `images`: every picture of the image pipeline (contract/images.ts), one row per original. The
 * row holds what its address says (hash, size, dominant colour, extension); `recipe` is the demo
 * seed's description of a photo it draws (null for uploads), and `encoded` the pipeline version
 * whose responsive widths are on disk (0: none yet). A background job draws and encodes the rows
 * behind the current version, one row at a time, so it picks up where it stopped. Not part of the
 * catalogue's version: encoding a picture changes no page.
 */
export const images: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    await col
      .id(db.schema.createTable('images'))
      .addColumn('hash', 'text', (c) => c.notNull().unique())
      .addColumn('width', 'integer', (c) => c.notNull().check(sql`width > 0`))
      .addColumn('height', 'integer', (c) => c.notNull().check(sql`height > 0`))
      .addColumn('colour', 'text', (c) => c.notNull())
      .addColumn('ext', 'text', (c) => c.notNull().check(sql`ext IN ('jpg', 'png', 'webp')`))
      .addColumn('recipe', 'text')
      .addColumn('encoded', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(col.now))
      .execute();
    await db.schema.createIndex('images_encoded').on('images').columns(['encoded', 'id']).execute();
  },
};
