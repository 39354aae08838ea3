import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * On PostgreSQL, `catalogue_version` and `stock_flips` move once per transaction, however many
 * statements of it change the catalogue or flip a variant's stock. Before, each statement moved
 * them: a transaction that writes many rows statement by statement (the seed's reviews, each moving
 * its product's rating figures; a large import) updated the counter's one row that many times,
 * and each update of a row already updated in the same transaction walks the row's versions
 * before it: 100,000 products took over ten minutes to seed. What a counter tells (that something
 * changed since it was read) is told by one move, which other connections see at the commit with
 * the rest. A transaction-local setting holds the transaction's id once it has moved the counter;
 * a rolled-back savepoint takes the setting back with the update. SQLite is not concerned: its
 * version is `PRAGMA data_version`, and its stock trigger is a plain counter in one process.
 */
export const oneBumpATransaction: Migration = {
  async up(db: Kysely<unknown>) {
    if (engineOf(db) !== 'postgres') return;
    await sql`CREATE OR REPLACE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('gharbazaar.catalogue_bumped', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE catalogue_version SET version = version + 1 WHERE id = 1;
          PERFORM set_config('gharbazaar.catalogue_bumped', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END
    $$`.execute(db);
    await sql`CREATE OR REPLACE FUNCTION bump_stock_flips() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF current_setting('gharbazaar.stock_flipped', true) IS DISTINCT FROM txid_current()::text THEN
          UPDATE stock_flips SET n = n + 1 WHERE id = 1;
          PERFORM set_config('gharbazaar.stock_flipped', txid_current()::text, true);
        END IF;
        RETURN NULL;
      END
    $$`.execute(db);
  },
};
