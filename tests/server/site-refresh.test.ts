import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createApp } from '../../server/app';
import { databaseFile, type Db } from '../../server/db';
import { loadEnv, type Env } from '../../server/env';
import { accountsOptions, boundPort, listen, mediaDir, prepareData } from '../../server/runtime';
import { LOCAL_BUILD_LOCK, type BuildLock } from '../../server/shared/build-lock';
import { siteRebuilds } from '../../server/shared/site-rebuilds';
import { recordListingsChange, recordSiteChange } from '../../server/services/site/changes';
import { pageFile, refreshPages } from '../../server/services/site/refresher';
import { buildSite, currentSite, sitePaths } from '../../server/site-builder';
import { siteFiles } from './site-files';
import { OFFER_SEEN_SCRIPT } from '../../src/features/home/offer-seen';

/**
 * The static pages follow a catalogue change without a whole build: a real build of a small
 * catalogue, then changes rendered again by the live build's own renderer.
 */
let dataDir: string;
let env: Env;
let db: Db;
let server: ServerType;
let root: string;
let previousApiBase: string | undefined;

const read = (pagePath: string) => fs.readFileSync(pageFile(root, pagePath), 'utf8');

/** Every page file of the live site with its content. */
const snapshot = () => siteFiles(root);

function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * Runs a statement from another process, as a command-line tool would: the API notices by the
 * database's own change counter. (The admin routes empty the API's catalogue cache for their own
 * changes; a second connection in this process would not move SQLite's counter.)
 */
function writeElsewhere(statement: string, params: (string | number | null)[]): void {
  const script = `const Database = require('better-sqlite3');
    const db = new Database(${JSON.stringify(databaseFile(dataDir))});
    db.prepare(${JSON.stringify(statement)}).run(...${JSON.stringify(params)});
    db.close();`;
  execFileSync(process.execPath, ['-e', script], { cwd: process.cwd() });
}

function setFinalPrice(variantId: number, paise: number): void {
  writeElsewhere('UPDATE variants SET price_paise = ?, final_price_paise = ? WHERE id = ?', [
    paise + 10_000,
    paise,
    variantId,
  ]);
}

async function firstVariantOf(productId: number): Promise<{ id: number; price_paise: number }> {
  return db
    .selectFrom('variants')
    .select(['id', 'price_paise'])
    .where('product_id', '=', productId)
    .orderBy('position')
    .orderBy('id')
    .executeTakeFirstOrThrow();
}

async function pending(): Promise<{ id: number; attempts: number; done_at: string | null; error: string | null }[]> {
  return db.selectFrom('site_changes').select(['id', 'attempts', 'done_at', 'error']).orderBy('id').execute();
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-refresh-'));
  env = loadEnv({ DATA_DIR: dataDir, SEED_PRODUCTS: '60', SITE_URL: 'http://shop.test' });
  db = await prepareData(env, () => {});
  const app = createApp({ db, mediaDir: mediaDir(env), accounts: accountsOptions(env) });
  server = await listen(app, 0, '127.0.0.1');
  previousApiBase = process.env.API_BASE;
  process.env.API_BASE = `http://127.0.0.1:${boundPort(server)}/api/`;
  await buildSite({ dataDir, apiBase: process.env.API_BASE, siteUrl: env.siteUrl });
  root = currentSite(dataDir) ?? '';
}, 300_000);

afterAll(async () => {
  if (previousApiBase === undefined) delete process.env.API_BASE;
  else process.env.API_BASE = previousApiBase;
  server?.close();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('refreshing the pages a change touches', () => {
  test('with nothing changed, the pages rendered again are byte for byte what the build wrote', async () => {
    const before = snapshot();
    await recordSiteChange(db, { products: [3, 41] }, Date.now());
    const outcome = await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(outcome).toMatchObject({ wholeBuild: false, refreshed: { changes: 1, removed: 0 } });
    expect(outcome?.refreshed?.pages).toBeGreaterThanOrEqual(10);
    expect(changedFiles(before, snapshot())).toEqual([]);
    expect((await pending()).every((row) => row.done_at !== null)).toBe(true);
  });

  test('a price change reaches the product page, its listings and home; other pages stay as they were', async () => {
    const variant = await firstVariantOf(7);
    const before = snapshot();
    setFinalPrice(variant.id, 123_400);
    await recordSiteChange(db, { products: [7] }, Date.now());
    await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(read('/product-details/7').includes('₹1,234')).toBe(true);
    const changed = changedFiles(before, snapshot());
    expect(changed).toContain(path.join('product-details', '7', 'index.html'));
    // Another product's page is not touched.
    expect(changed).not.toContain(path.join('product-details', '8', 'index.html'));
    // Only a handful of the site's pages: the product, its listings and their Load More pages, home.
    expect(changed.length).toBeLessThan(15);
    expect(fs.readdirSync(sitePaths(dataDir).root).filter((name) => name.startsWith('refresh-'))).toEqual([]);
  });

  test('a failed refresh leaves the live site as it was, keeps the change pending and is tried again', async () => {
    const variant = await firstVariantOf(9);
    setFinalPrice(variant.id, 98_700);
    await recordSiteChange(db, { products: [9] }, Date.now());
    const before = snapshot();
    const working = process.env.API_BASE;
    // The catalogue cannot be read: nothing is written.
    process.env.API_BASE = 'http://127.0.0.1:9/api/';
    try {
      await expect(refreshPages({ db, dataDir, siteUrl: env.siteUrl })).rejects.toThrow();
    } finally {
      process.env.API_BASE = working;
    }
    expect(changedFiles(before, snapshot())).toEqual([]);
    const failed = (await pending()).at(-1);
    expect(failed).toMatchObject({ attempts: 1, done_at: null });
    expect(failed?.error).toBeTruthy();
    // The next try renders it.
    await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(read('/product-details/9').includes('₹987')).toBe(true);
    expect((await pending()).at(-1)?.done_at).not.toBeNull();
  });

  test('changes made together are rendered in one refresh', async () => {
    for (const id of [11, 12, 13]) await recordSiteChange(db, { products: [id] }, Date.now());
    const outcome = await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(outcome?.refreshed).toMatchObject({ changes: 3 });
  });

  test("a banner's words and link and the offer pop-up reach the home page: switched off, the page has none", async () => {
    const popupOf = (html: string) => /<dialog[^>]*data-promo-popup[^>]*>/.exec(html)?.[0] ?? null;
    expect(popupOf(read('/'))).toContain('data-campaign="first"');
    writeElsewhere('UPDATE banners SET title = ?, button_label = ?, link = ? WHERE id = 1', [
      'Monsoon <b>cleaning</b> week',
      'Shop mops',
      '/searchproductlist?search=mop',
    ]);
    writeElsewhere('UPDATE home_popup SET enabled = 0', []);
    await recordSiteChange(db, { home: true }, Date.now());
    await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    const off = read('/');
    // The headline is text of the page, written as text (never as markup), over a picture whose alt is empty.
    expect(off).toMatch(/<h2[^>]*>\s*Monsoon &lt;b&gt;cleaning&lt;\/b&gt; week\s*<\/h2>/);
    expect(off).toMatch(/<a href="\/searchproductlist\?search=mop"[^>]*>\s*Shop mops\s*<\/a>/);
    expect(popupOf(off)).toBeNull();

    writeElsewhere('UPDATE home_popup SET enabled = 1, code = ?, campaign = ? WHERE id = 1', ['MOP10', 'monsoon']);
    await recordSiteChange(db, { home: true }, Date.now());
    await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    const on = read('/');
    expect(popupOf(on)).toContain('data-campaign="monsoon"');
    expect(on).toContain('MOP10');
    // The inline check before it names the same campaign, and the page's policy lets exactly it run.
    const script = /<script data-key="[^"]+" data-campaign="monsoon">([^<]*)<\/script>/.exec(on)?.[1];
    expect(script).toBe(OFFER_SEEN_SCRIPT);
    const hash = createHash('sha256').update(OFFER_SEEN_SCRIPT).digest('base64');
    expect(/<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(on)?.[1]).toContain(`'sha256-${hash}'`);
  });

  test('a hidden product leaves its page, its listings, their Load More pages and the sitemap', async () => {
    const product = await db
      .selectFrom('products')
      .select(['id', 'subcategory_id'])
      .where('id', '=', 21)
      .executeTakeFirstOrThrow();
    const totalOf = (html: string) => Number(/data-total="(\d+)"/.exec(html)?.[1]);
    const allBefore = totalOf(read('/fragments/all/0/1/'));
    const subBefore = totalOf(read(`/fragments/subcategory/${product.subcategory_id}/1/`));
    expect(read('/sitemap.xml')).toContain('/product-details/21<');
    writeElsewhere('UPDATE products SET hidden_at = ? WHERE id = ?', [new Date().toISOString(), 21]);
    await recordSiteChange(db, { products: [21] }, Date.now());
    const outcome = await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(outcome?.refreshed).toMatchObject({ removed: 1 });
    expect(fs.existsSync(pageFile(root, '/product-details/21'))).toBe(false);
    expect(totalOf(read('/fragments/all/0/1/'))).toBe(allBefore - 1);
    expect(totalOf(read(`/fragments/subcategory/${product.subcategory_id}/1/`))).toBe(subBefore - 1);
    expect(read(`/subcategoriesproducts/${product.subcategory_id}`)).not.toContain('href="/product-details/21"');
    expect(read('/sitemap.xml')).not.toContain('/product-details/21<');
  });

  test('a category renamed and a subcategory hidden reach every page without a build, as a whole build would draw them', async () => {
    const category = await db
      .selectFrom('categories')
      .select(['id', 'name'])
      .where('id', '=', 2)
      .executeTakeFirstOrThrow();
    const sub = await db
      .selectFrom('subcategories')
      .select(['id', 'name'])
      .where('category_id', '=', 3)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const inCategory = await db
      .selectFrom('products')
      .innerJoin('subcategories', 'subcategories.id', 'products.subcategory_id')
      .select('products.id')
      .where('subcategories.category_id', '=', category.id)
      .where('products.hidden_at', 'is', null)
      .execute();
    const inSub = await db.selectFrom('products').select('id').where('subcategory_id', '=', sub.id).execute();
    expect(inCategory.length).toBeGreaterThan(0);
    expect(inSub.length).toBeGreaterThan(0);
    const newName = `Renamed ${category.name} & Co`;
    const before = snapshot();
    writeElsewhere('UPDATE categories SET name = ? WHERE id = ?', [newName, category.id]);
    await recordListingsChange(db, { category: category.id, named: true }, Date.now());
    writeElsewhere('UPDATE subcategories SET hidden_at = ? WHERE id = ?', [new Date().toISOString(), sub.id]);
    await recordListingsChange(db, { category: 3, subcategory: sub.id, named: true }, Date.now());

    const outcome = await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(outcome).toMatchObject({ wholeBuild: false, refreshed: { changes: 2 } });
    const after = snapshot();
    // A link whose text is the new name, as HTML writes it.
    const linked = new RegExp(`>\\s*${newName.replace('&', '&amp;')}\\s*</a>`);
    // Every page with the menu shows the new name and no longer offers the hidden subcategory.
    const withMenu = [...after].filter(
      ([name, html]) => name.endsWith('.html') && html.includes('aria-label="Categories"'),
    );
    expect(withMenu.length).toBeGreaterThan(inCategory.length);
    for (const [name, html] of withMenu) {
      expect(linked.test(html), name).toBe(true);
      expect(html.includes(`href="/subcategoriesproducts/${sub.id}"`), name).toBe(false);
    }
    expect(outcome?.refreshed?.menus).toBeGreaterThan(0);
    // The category's products name it in their breadcrumbs; the hidden subcategory's products are gone.
    for (const { id } of inCategory) {
      const breadcrumb = /<nav aria-label="Breadcrumb"[\s\S]*?<\/nav>/.exec(read(`/product-details/${id}`))?.[0] ?? '';
      expect(linked.test(breadcrumb), `product ${id}`).toBe(true);
    }
    for (const { id } of inSub) expect(fs.existsSync(pageFile(root, `/product-details/${id}`))).toBe(false);
    expect(fs.existsSync(pageFile(root, `/subcategoriesproducts/${sub.id}`))).toBe(false);
    expect(fs.existsSync(pageFile(root, `/fragments/subcategory/${sub.id}/1/`))).toBe(false);
    expect(read('/sitemap.xml')).not.toContain(`/subcategoriesproducts/${sub.id}<`);
    expect(changedFiles(before, after).length).toBeGreaterThan(withMenu.length / 2);
    expect(fs.readdirSync(sitePaths(dataDir).root).filter((name) => name.startsWith('refresh-'))).toEqual([]);

    // What the refresh wrote is, page for page, what a whole build of the same catalogue writes.
    await buildSite({ dataDir, apiBase: process.env.API_BASE ?? '', siteUrl: env.siteUrl });
    expect(changedFiles(after, snapshot())).toEqual([]);
  }, 300_000);

  test('a change that needs a whole build stays pending for one; a product change beside it is rendered', async () => {
    await recordSiteChange(db, { everything: true }, Date.now());
    const variant = await firstVariantOf(17);
    setFinalPrice(variant.id, 33_300);
    await recordSiteChange(db, { products: [17] }, Date.now());
    const outcome = await refreshPages({ db, dataDir, siteUrl: env.siteUrl });
    expect(outcome).toMatchObject({ wholeBuild: true, refreshed: { changes: 1 } });
    expect(read('/product-details/17').includes('₹333')).toBe(true);
    // The change waits for a build to render it.
    const rows = await pending();
    expect(rows.at(-2)?.done_at).toBeNull();
    expect(rows.at(-1)?.done_at).not.toBeNull();
    expect(await refreshPages({ db, dataDir, siteUrl: env.siteUrl })).toEqual({ wholeBuild: true, refreshed: null });
    await db.updateTable('site_changes').set({ done_at: new Date().toISOString() }).execute();
  });

  test('a whole build waiting for its turn does not hold up a product change', async () => {
    let askedToBuild = false;
    let letBuild: () => void = () => {};
    // The build waits for a lock another process holds, then is refused it: no build runs here.
    const busyLock: BuildLock = {
      acquire: () =>
        new Promise((resolve) => {
          askedToBuild = true;
          letBuild = () => resolve({ held: null, reason: 'a test holds it' });
        }),
    };
    const builds = siteRebuilds({
      env: loadEnv({ DATA_DIR: dataDir, SITE_URL: env.siteUrl, REBUILD_INTERVAL_MINUTES: '0' }),
      apiBase: process.env.API_BASE ?? '',
      url: 'http://localhost',
      log: () => {},
      lock: busyLock,
      db,
    });
    try {
      await recordSiteChange(db, { everything: true }, Date.now());
      builds.refresh();
      await expect.poll(() => askedToBuild).toBe(true);
      const variant = await firstVariantOf(19);
      setFinalPrice(variant.id, 22_200);
      await recordSiteChange(db, { products: [19] }, Date.now());
      builds.refresh();
      await expect.poll(() => read('/product-details/19').includes('₹222'), { timeout: 5000 }).toBe(true);
    } finally {
      letBuild();
      await builds.stop();
      await db.updateTable('site_changes').set({ done_at: new Date().toISOString() }).execute();
    }
  });

  test('the site rebuilds of a process render a change they are told of within seconds', async () => {
    const builds = siteRebuilds({
      env: loadEnv({ DATA_DIR: dataDir, SITE_URL: env.siteUrl, REBUILD_INTERVAL_MINUTES: '0' }),
      apiBase: process.env.API_BASE ?? '',
      url: 'http://localhost',
      log: () => {},
      lock: LOCAL_BUILD_LOCK,
      db,
    });
    try {
      const variant = await firstVariantOf(15);
      setFinalPrice(variant.id, 45_600);
      await recordSiteChange(db, { products: [15] }, Date.now());
      const started = performance.now();
      builds.refresh();
      await builds.settled();
      // A fraction of a second alone (0.3–0.4 s here); a busy machine's full test run takes longer.
      expect(performance.now() - started).toBeLessThan(5000);
      expect(read('/product-details/15').includes('₹456')).toBe(true);
    } finally {
      await builds.stop();
    }
  });
});
