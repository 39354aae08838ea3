import type { Kysely, Migration } from 'kysely';

/**
 * Catalogue pictures are served as stored SVG text: the shop itself no longer draws them, so a
 * catalogue filled by an import needs nothing but its rows and files. `spec` stays as the recipe
 * the demo seed drew a picture from; rows stored before this migration have no SVG yet and the
 * demo seed draws them from that recipe (server/runtime.ts prepareData).
 */
export const storedPictures: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('illustrations').addColumn('svg', 'text').execute();
  },
};
