import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';

/** Where every banner led before each had a link of its own: the list of all products. */
export const BANNERS_COMMON_LINK = '/productslisting';
/** The button every banner gets from this migration; staff may change or remove it. */
export const BANNERS_BUTTON = 'Shop Now';
/** The home page's offer pop-up as it always read (the specification's Special Offer). */
export const FIRST_POPUP = {
  title: 'Special Offer',
  text: 'Buy One Get One FREE',
  button_label: 'Shop Now',
  link: '/searchproductlist?search=fresh',
  campaign: 'first',
};

/**
 * The home page's words as content. Banners get a button and a link of their own (`title` and
 * `subtitle` stay: they are the headline and the text over the picture); existing banners keep
 * the one link they all had. `home_popup`: the one offer pop-up (a single row, id 1), which staff
 * edit or switch off; `campaign` changes when its words do, so a visitor who closed it sees the
 * new offer once. Both are catalogue tables: on PostgreSQL a change moves the catalogue version.
 */
export const homeContent: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('banners').addColumn('button_label', 'text').execute();
    await db.schema.alterTable('banners').addColumn('link', 'text').execute();
    await sql`UPDATE banners SET button_label = ${BANNERS_BUTTON}, link = ${BANNERS_COMMON_LINK}`.execute(db);

    await db.schema
      .createTable('home_popup')
      .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
      .addColumn('enabled', 'integer', (c) => c.notNull().check(sql`enabled IN (0, 1)`))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('code', 'text')
      .addColumn('button_label', 'text', (c) => c.notNull())
      .addColumn('link', 'text', (c) => c.notNull())
      .addColumn('campaign', 'text', (c) => c.notNull())
      .execute();
    const p = FIRST_POPUP;
    await sql`INSERT INTO home_popup (id, enabled, title, text, code, button_label, link, campaign)
      VALUES (1, 1, ${p.title}, ${p.text}, NULL, ${p.button_label}, ${p.link}, ${p.campaign})`.execute(db);
    if (engineOf(db) === 'postgres') {
      await sql`CREATE TRIGGER home_popup_catalogue_version
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_popup
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
    }
  },
};
