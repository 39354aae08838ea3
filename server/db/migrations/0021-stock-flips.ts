import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * `stock_flips`: a one-row counter that moves whenever a variant goes from buyable to sold out or
 * back (on hand against what unpaid orders hold), whichever process or tool changed it. Browsing
 * keeps the set of products in stock under this number (and the catalogue version, which moves
 * when variants come and go), so the Availability filter and its counts are exact without reading
 * the whole shop's stock on every request. Orders that reserve a piece without selling out move
 * nothing. A stock record comes and goes only with its variant, a catalogue change: rows added or
 * removed need no trigger (and a bulk load of thousands of variants pays for none).
 *
 * On PostgreSQL the triggers are deferred to the commit: the counter's row is the last lock a
 * transaction takes, after every stock row it holds, so two orders cannot deadlock over it, and a
 * reader sees the new number only with the stock that moved it.
 */
export const stockFlips: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`CREATE TABLE stock_flips (id integer PRIMARY KEY CHECK (id = 1), n bigint NOT NULL)`.execute(db);
    await sql`INSERT INTO stock_flips (id, n) VALUES (1, 0)`.execute(db);
    if (engineOf(db) === 'postgres') {
      await sql`CREATE FUNCTION bump_stock_flips() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          UPDATE stock_flips SET n = n + 1 WHERE id = 1;
          RETURN NULL;
        END
      $$`.execute(db);
      await sql`CREATE CONSTRAINT TRIGGER stock_flips_update
        AFTER UPDATE OF on_hand, reserved ON stock_levels
        DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
        WHEN ((OLD.on_hand > OLD.reserved) IS DISTINCT FROM (NEW.on_hand > NEW.reserved))
        EXECUTE FUNCTION bump_stock_flips()`.execute(db);
      return;
    }
    await sql`CREATE TRIGGER stock_flips_update AFTER UPDATE OF on_hand, reserved ON stock_levels
      WHEN (OLD.on_hand > OLD.reserved) IS NOT (NEW.on_hand > NEW.reserved)
      BEGIN UPDATE stock_flips SET n = n + 1 WHERE id = 1; END`.execute(db);
  },
};
