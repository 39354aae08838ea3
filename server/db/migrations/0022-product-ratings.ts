import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * The product's rating as one figure: `products.rating_count` (visible reviews of any of its
 * variants) and `products.rating_total` (the sum of their stars; the average is total ÷ count).
 * Kept in step by triggers on `ratings`, as `product_search` is kept by triggers on products: a
 * review written, edited, hidden, shown again or deleted (by the API, the seed, a tool) moves the
 * figures in the same transaction. The triggers add and subtract rather than count again: two
 * reviews written at once each add theirs under the product row's lock, where a recount by the
 * second could miss the first (PostgreSQL reads the statement's snapshot).
 */
export const productRatings: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('products')
      .addColumn('rating_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .alterTable('products')
      .addColumn('rating_total', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await sql`UPDATE products SET
        rating_count = (SELECT count(*) FROM ratings r WHERE r.product_id = products.id AND r.hidden_at IS NULL),
        rating_total = (SELECT coalesce(sum(r.rating), 0) FROM ratings r
                        WHERE r.product_id = products.id AND r.hidden_at IS NULL)`.execute(db);
    if (engineOf(db) === 'postgres') await postgresTriggers(db);
    else await sqliteTriggers(db);
  },
};

const subtractOld =
  sql.raw(`UPDATE products SET rating_count = rating_count - 1, rating_total = rating_total - OLD.rating
      WHERE id = OLD.product_id`);
const addNew = sql.raw(`UPDATE products SET rating_count = rating_count + 1, rating_total = rating_total + NEW.rating
      WHERE id = NEW.product_id`);

async function sqliteTriggers(db: Kysely<unknown>) {
  await sql`CREATE TRIGGER ratings_product_insert AFTER INSERT ON ratings WHEN NEW.hidden_at IS NULL BEGIN
      ${addNew};
    END`.execute(db);
  await sql`CREATE TRIGGER ratings_product_delete AFTER DELETE ON ratings WHEN OLD.hidden_at IS NULL BEGIN
      ${subtractOld};
    END`.execute(db);
  // Two triggers for an update: SQLite has no IF inside a trigger, but each may have its WHEN.
  await sql`CREATE TRIGGER ratings_product_update_old AFTER UPDATE OF rating, hidden_at, product_id ON ratings
      WHEN OLD.hidden_at IS NULL BEGIN
      ${subtractOld};
    END`.execute(db);
  await sql`CREATE TRIGGER ratings_product_update_new AFTER UPDATE OF rating, hidden_at, product_id ON ratings
      WHEN NEW.hidden_at IS NULL BEGIN
      ${addNew};
    END`.execute(db);
}

async function postgresTriggers(db: Kysely<unknown>) {
  await sql`CREATE FUNCTION ratings_product_figures() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        IF OLD.hidden_at IS NULL THEN
          ${subtractOld};
        END IF;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        IF NEW.hidden_at IS NULL THEN
          ${addNew};
        END IF;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ratings_product_figures
      AFTER INSERT OR DELETE OR UPDATE OF rating, hidden_at, product_id ON ratings
      FOR EACH ROW EXECUTE FUNCTION ratings_product_figures()`.execute(db);
}
