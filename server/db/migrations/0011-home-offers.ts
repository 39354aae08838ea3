import { sql, type Kysely, type Migration } from 'kysely';
import { engineOf } from '../engine';
import { columnsFor } from './columns';

/** The offers the home page showed before staff could change them, kept as its first two. */
const FIRST_OFFERS = [
  {
    title: 'Coffee Combo Pack',
    text: 'Filter coffee, mugs and a French press, bundled.',
    image: '/images/offer-coffee.svg',
    search: 'coffee',
  },
  {
    title: 'Clothes Combo Box',
    text: 'Everyday cotton tees, socks and kurtas, boxed.',
    image: '/images/offer-clothes.svg',
    search: 'cotton',
  },
];

/**
 * `home_offers`: the home page's Extra Offers, each a picture, a title, a line of text and the
 * search its Shop Now button opens, in shop order; hidden ones are kept for later. Part of the
 * catalogue: on PostgreSQL a change moves the catalogue version, as the other catalogue tables do.
 */
export const homeOffers: Migration = {
  async up(db: Kysely<unknown>) {
    const col = columnsFor(db);
    await col
      .id(db.schema.createTable('home_offers'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('image', 'text', (c) => c.notNull())
      .addColumn('search', 'text', (c) => c.notNull())
      .addColumn('hidden_at', 'text')
      .execute();
    for (const [i, offer] of FIRST_OFFERS.entries()) {
      await sql`INSERT INTO home_offers (position, title, text, image, search)
        VALUES (${i + 1}, ${offer.title}, ${offer.text}, ${offer.image}, ${offer.search})`.execute(db);
    }
    if (engineOf(db) === 'postgres') {
      await sql`CREATE TRIGGER home_offers_catalogue_version
        AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_offers
        FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()`.execute(db);
    }
  },
};
