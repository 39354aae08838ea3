import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/**
 * Forgiving, ranked product search (issue 25). `search_synonyms`: words shoppers type (Hinglish,
 * spellings, plain names) and what the catalogue calls the thing, applied to queries both ways;
 * kept in the database so that staff can edit it later. `product_search`: one row per product
 * with its name, brand, category and subcategory names and description, kept in step by
 * triggers on products, subcategories and categories (so the seed, the CSV import and the back
 * office need no code of their own). On SQLite it is an FTS5 table ranked with bm25, with an
 * fts5vocab view of its words for the spelling step; on PostgreSQL a table with a weighted
 * `tsvector` (simple configuration: A name, B brand and categories, C description) and a pg_trgm
 * index on names for the spelling step.
 */
export const search: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('search_synonyms')
      .addColumn('term', 'text', (c) => c.notNull())
      .addColumn('synonym', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_synonyms_pk', ['term', 'synonym'])
      .execute();
    const rows = SYNONYMS.flatMap(([a, b]) => [
      { term: a, synonym: b },
      // A phrase is only ever an alternative: queries are looked up a word at a time.
      ...(b.includes(' ') ? [] : [{ term: b, synonym: a }]),
    ]);
    const unique = [...new Map(rows.map((r) => [`${r.term}\u0000${r.synonym}`, r])).values()];
    await db
      .insertInto('search_synonyms' as never)
      .values(unique as never)
      .execute();

    if (engineOf(db) === 'postgres') await postgresIndex(db);
    else await sqliteIndex(db);
  },
};

async function sqliteIndex(db: Kysely<unknown>) {
  await sql`CREATE VIRTUAL TABLE product_search USING fts5(
      name, brand, category, description,
      tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db);
  await sql`CREATE VIRTUAL TABLE product_search_words USING fts5vocab(product_search, 'col')`.execute(db);
  const document = (p: string) =>
    sql.raw(`
      SELECT ${p}.id, ${p}.name, coalesce(${p}.brand, ''), c.name || ' ' || s.name, ${p}.description
      FROM subcategories s JOIN categories c ON c.id = s.category_id WHERE s.id = ${p}.subcategory_id`);
  await sql`INSERT INTO product_search (rowid, name, brand, category, description)
      SELECT p.id, p.name, coalesce(p.brand, ''), c.name || ' ' || s.name, p.description
      FROM products p JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.category_id`.execute(
    db,
  );
  await sql`CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
      INSERT INTO product_search (rowid, name, brand, category, description) ${document('NEW')};
    END`.execute(db);
  await sql`CREATE TRIGGER product_search_update AFTER UPDATE OF name, brand, description, subcategory_id ON products BEGIN
      DELETE FROM product_search WHERE rowid = OLD.id;
      INSERT INTO product_search (rowid, name, brand, category, description) ${document('NEW')};
    END`.execute(db);
  await sql`CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
      DELETE FROM product_search WHERE rowid = OLD.id;
    END`.execute(db);
  await sql`CREATE TRIGGER product_search_subcategory AFTER UPDATE OF name, category_id ON subcategories BEGIN
      UPDATE product_search
        SET category = (SELECT c.name FROM categories c WHERE c.id = NEW.category_id) || ' ' || NEW.name
        WHERE rowid IN (SELECT id FROM products WHERE subcategory_id = NEW.id);
    END`.execute(db);
  await sql`CREATE TRIGGER product_search_category AFTER UPDATE OF name ON categories BEGIN
      UPDATE product_search
        SET category = NEW.name || ' ' || (SELECT s.name FROM products p JOIN subcategories s ON s.id = p.subcategory_id
                                           WHERE p.id = product_search.rowid)
        WHERE rowid IN (SELECT p.id FROM products p JOIN subcategories s ON s.id = p.subcategory_id
                        WHERE s.category_id = NEW.id);
    END`.execute(db);
}

async function postgresIndex(db: Kysely<unknown>) {
  // pg_trgm lives in public (one per database, shared by every shop schema in it): in a shop's own
  // schema it would go when that schema is dropped, taking other schemas' indexes with it.
  // Shops in other schemas of the database (the tests' files, side by side) may be creating it at
  // the same moment: the lock, held to the migrations' commit, makes the second see the first's.
  await sql`SELECT pg_advisory_xact_lock(hashtext('gharbazaar pg_trgm'))`.execute(db);
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
  const found = await sql<{ schema: string }>`SELECT n.nspname AS schema FROM pg_extension e
      JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(db);
  const trgm = found.rows[0]?.schema ?? 'public';
  await sql`CREATE TABLE product_search (
      product_id integer PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
      name text NOT NULL,
      brand text NOT NULL,
      category text NOT NULL,
      description text NOT NULL,
      document tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('simple', name), 'A') ||
        setweight(to_tsvector('simple', brand || ' ' || category), 'B') ||
        setweight(to_tsvector('simple', description), 'C')
      ) STORED
    )`.execute(db);
  await sql`CREATE INDEX product_search_document ON product_search USING gin (document)`.execute(db);
  await sql`CREATE INDEX product_search_name_trgm ON product_search
      USING gin (lower(name) ${sql.id(trgm)}.gin_trgm_ops)`.execute(db);
  await sql`INSERT INTO product_search (product_id, name, brand, category, description)
      SELECT p.id, p.name, coalesce(p.brand, ''), c.name || ' ' || s.name, p.description
      FROM products p JOIN subcategories s ON s.id = p.subcategory_id JOIN categories c ON c.id = s.category_id`.execute(
    db,
  );
  await sql`CREATE FUNCTION product_search_product() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO product_search (product_id, name, brand, category, description)
        SELECT NEW.id, NEW.name, coalesce(NEW.brand, ''), c.name || ' ' || s.name, NEW.description
        FROM subcategories s JOIN categories c ON c.id = s.category_id WHERE s.id = NEW.subcategory_id
      ON CONFLICT (product_id) DO UPDATE SET name = EXCLUDED.name, brand = EXCLUDED.brand,
        category = EXCLUDED.category, description = EXCLUDED.description;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER product_search_product AFTER INSERT OR UPDATE OF name, brand, description, subcategory_id
      ON products FOR EACH ROW EXECUTE FUNCTION product_search_product()`.execute(db);
  await sql`CREATE FUNCTION product_search_subcategory() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_search d SET category = c.name || ' ' || NEW.name
        FROM products p, categories c
        WHERE p.id = d.product_id AND p.subcategory_id = NEW.id AND c.id = NEW.category_id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER product_search_subcategory AFTER UPDATE OF name, category_id
      ON subcategories FOR EACH ROW EXECUTE FUNCTION product_search_subcategory()`.execute(db);
  await sql`CREATE FUNCTION product_search_category() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE product_search d SET category = NEW.name || ' ' || s.name
        FROM products p JOIN subcategories s ON s.id = p.subcategory_id
        WHERE p.id = d.product_id AND s.category_id = NEW.id;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER product_search_category AFTER UPDATE OF name
      ON categories FOR EACH ROW EXECUTE FUNCTION product_search_category()`.execute(db);
}

/**
 * What shoppers type → what the catalogue says. Single words are applied both ways; a phrase on
 * the right is an alternative for the word on the left only.
 */
const SYNONYMS: readonly (readonly [string, string])[] = [
  // Staples, spices and oils
  ['haldi', 'turmeric'],
  ['jeera', 'cumin'],
  ['dhaniya', 'coriander'],
  ['dhania', 'coriander'],
  ['mirchi', 'chilli'],
  ['mirch', 'chilli'],
  ['chili', 'chilli'],
  ['chilly', 'chilli'],
  ['namak', 'salt'],
  ['cheeni', 'sugar'],
  ['chini', 'sugar'],
  ['shakkar', 'sugar'],
  ['gud', 'jaggery'],
  ['gur', 'jaggery'],
  ['tel', 'oil'],
  ['sarson', 'mustard'],
  ['til', 'sesame'],
  ['gingelly', 'sesame'],
  ['moongphali', 'groundnut'],
  ['peanut', 'groundnut'],
  ['nariyal', 'coconut'],
  ['atta', 'flour'],
  ['aata', 'atta'],
  ['gehun', 'wheat'],
  ['maida', 'flour'],
  ['besan', 'gram flour'],
  ['sooji', 'rava'],
  ['suji', 'rava'],
  ['semolina', 'rava'],
  ['chawal', 'rice'],
  ['dal', 'pulses'],
  ['daal', 'dal'],
  ['dhal', 'dal'],
  ['lentils', 'dal'],
  ['arhar', 'toor'],
  ['tur', 'toor'],
  ['chana', 'chickpeas'],
  ['chole', 'chana'],
  ['elaichi', 'cardamom'],
  ['laung', 'clove'],
  ['shahad', 'honey'],
  ['madhu', 'honey'],
  ['kaju', 'cashews'],
  ['badam', 'almonds'],
  ['akhrot', 'walnut'],
  ['kishmish', 'raisins'],
  ['makhana', 'fox nuts'],
  ['chai', 'tea'],
  ['kaapi', 'coffee'],
  // Milk and dairy
  ['doodh', 'milk'],
  ['dudh', 'milk'],
  ['dahi', 'curd'],
  ['yoghurt', 'yogurt'],
  ['curd', 'yogurt'],
  ['chaas', 'buttermilk'],
  ['chhach', 'buttermilk'],
  ['makhan', 'butter'],
  ['paneer', 'cottage cheese'],
  ['ghee', 'clarified butter'],
  ['malai', 'cream'],
  // Fruit
  ['aam', 'mangoes'],
  ['mango', 'mangoes'],
  ['kela', 'bananas'],
  ['banana', 'bananas'],
  ['seb', 'apples'],
  ['santra', 'oranges'],
  ['nimbu', 'lemons'],
  ['angoor', 'grapes'],
  ['anar', 'pomegranate'],
  ['nashpati', 'pears'],
  // Clothing and bedding
  ['sari', 'saree'],
  ['saris', 'sarees'],
  ['kurti', 'kurta'],
  ['chappal', 'chappals'],
  ['juti', 'juttis'],
  ['mojri', 'mojari'],
  ['moze', 'socks'],
  ['joote', 'shoes'],
  ['chadar', 'bedsheet'],
  ['chaddar', 'bedsheet'],
  ['takiya', 'pillow'],
  ['razai', 'quilt'],
  ['rajai', 'quilt'],
  ['kambal', 'blanket'],
  ['tauliya', 'towel'],
  ['dari', 'dhurrie'],
  ['durrie', 'dhurrie'],
  ['galicha', 'carpet'],
  ['tshirt', 't-shirt'],
  // Kitchen
  ['kadai', 'wok'],
  ['kadhai', 'kadai'],
  ['karahi', 'kadai'],
  ['tawa', 'griddle'],
  ['patila', 'saucepan'],
  ['bartan', 'cookware'],
  ['cooker', 'pressure cooker'],
  ['katori', 'bowl'],
  ['thali', 'plate'],
  ['dabba', 'container'],
  ['tiffin', 'lunch box'],
  ['botal', 'bottle'],
  ['chakla', 'rolling board'],
  ['belan', 'rolling pin'],
  ['diya', 'lamp'],
  ['ghadi', 'clock'],
  // Cleaning and personal care
  ['jhadu', 'broom'],
  ['jharu', 'broom'],
  ['pocha', 'mop'],
  ['poncha', 'mop'],
  ['balti', 'bucket'],
  ['mug', 'mugs'],
  ['surf', 'detergent'],
  ['washing', 'detergent'],
  ['phenyl', 'floor cleaner'],
  ['sabun', 'soap'],
  ['shampoo', 'hair care'],
  ['manjan', 'tooth powder'],
  ['toothpaste', 'oral care'],
  ['tel', 'hair oil'],
  ['chandan', 'sandalwood'],
  // Snacks and sweets
  ['mithai', 'sweets'],
  ['laddu', 'ladoo'],
  ['laddoo', 'ladoo'],
  ['biskut', 'biscuits'],
  ['biscuit', 'biscuits'],
  ['cookie', 'cookies'],
  ['namkin', 'namkeen'],
  ['chips', 'crisps'],
  ['wafers', 'chips'],
  // Pets
  ['kutta', 'dog'],
  ['billi', 'cat'],
];
