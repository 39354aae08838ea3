import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate, type Db } from '../../server/db';
import { findHomePopup, listBanners } from '../../server/repositories/catalogue';
import { databaseMigratedTo } from './migration-helpers';
import { TEST_ENGINE, type TestDatabase } from '../database';

/**
 * A shop whose banners had only a title and a subtitle painted over one common link keeps them:
 * the title is the headline, the subtitle the text, and each gets a Shop Now button to the list of
 * all products, where every banner led. The offer pop-up starts as it always read.
 */
describe('migrating the home page’s words to content (0017)', () => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await databaseMigratedTo('0015-refund-approvals');
    db = database.db;
    await sql`INSERT INTO banners (id, position, title, subtitle, image) VALUES
      (1, 0, 'Fresh dairy, delivered every morning', 'Milk, paneer and curd', '/media/a.jpg'),
      (2, 1, 'New season cotton wear', NULL, '/media/b.jpg')`.execute(db);
    await migrate(db);
  });

  afterAll(() => database?.drop());

  test('each banner keeps its title as headline, its subtitle as text, and the link all of them had', async () => {
    expect(await listBanners(db)).toEqual([
      {
        id: 1,
        title: 'Fresh dairy, delivered every morning',
        subtitle: 'Milk, paneer and curd',
        image: '/media/a.jpg',
        button_label: 'Shop Now',
        link: '/productslisting',
      },
      {
        id: 2,
        title: 'New season cotton wear',
        subtitle: null,
        image: '/media/b.jpg',
        button_label: 'Shop Now',
        link: '/productslisting',
      },
    ]);
  });

  test('the offer pop-up is shown, with the words the home page always had', async () => {
    expect(await findHomePopup(db)).toEqual({
      enabled: true,
      title: 'Special Offer',
      text: 'Buy One Get One FREE',
      code: null,
      button_label: 'Shop Now',
      link: '/searchproductlist?search=fresh',
      campaign: 'first',
    });
  });

  test('there is one pop-up: a second row is refused', async () => {
    await expect(
      sql`INSERT INTO home_popup (id, enabled, title, text, button_label, link, campaign)
        VALUES (2, 1, 'x', 'y', 'z', '/', 'c')`.execute(db),
    ).rejects.toThrow();
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM home_popup`.execute(db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  test('a change of the pop-up reaches the API’s caches: on PostgreSQL the catalogue version moves', async () => {
    // SQLite's caches follow `data_version`, which other connections' writes move; PostgreSQL's
    // follow a counter the migration's trigger keeps, which must count the pop-up's table too.
    const version = async () =>
      TEST_ENGINE === 'postgres'
        ? Number((await sql<{ version: number }>`SELECT version FROM catalogue_version`.execute(db)).rows[0]?.version)
        : 0;
    const before = await version();
    await sql`UPDATE home_popup SET enabled = 0`.execute(db);
    const { rows } = await sql<{ enabled: number }>`SELECT enabled FROM home_popup`.execute(db);
    expect(Number(rows[0]?.enabled)).toBe(0);
    if (TEST_ENGINE === 'postgres') expect(await version()).toBeGreaterThan(before);
  });
});
