import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Search synonyms are edited in the back office: a change moves the catalogue version, so a search
 * answer cached by any process before it is not served after it. SQLite's `data_version` moves
 * on any write by another connection already; PostgreSQL's counter needs the table's trigger.
 */
export const synonymsVersion: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) !== 'postgres') return;
    await sql`CREATE TRIGGER search_synonyms_catalogue_version
      AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
      FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
  },
};
