import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/** Tables whose rows make up the public catalogue answers (review authors' names included). */
const CATALOGUE_TABLES = [
  'categories',
  'subcategories',
  'banners',
  'products',
  'variants',
  'variant_images',
  'illustrations',
  'ratings',
  'rating_images',
];

/**
 * A number that moves whenever the catalogue changes, whichever process or tool changed it: the
 * response cache compares it on every lookup. SQLite has one already, `PRAGMA data_version`; on
 * PostgreSQL a one-row table is bumped by a statement trigger on each catalogue table.
 */
export const catalogueVersion: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) !== 'postgres') return;
    await sql`CREATE TABLE catalogue_version (
      id integer PRIMARY KEY CHECK (id = 1),
      version bigint NOT NULL
    )`.execute(db);
    await sql`INSERT INTO catalogue_version (id, version) VALUES (1, 0)`.execute(db);
    await sql`CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
        RETURN NULL;
      END
    $$`.execute(db);
    for (const table of CATALOGUE_TABLES) {
      await sql`CREATE TRIGGER ${sql.id(`${table}_catalogue_version`)}
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${sql.table(table)}
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
    }
    // A reviewer's name shows beside their reviews.
    await sql`CREATE TRIGGER users_catalogue_version
      AFTER UPDATE OF first_name, last_name OR DELETE ON users
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
  },
};
