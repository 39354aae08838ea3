import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ServerType } from '@hono/node-server';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { loadEnv } from '../../server/env';
import { accountsOptions, boundPort, listen, mediaDir, prepareData } from '../../server/runtime';
import { buildSite, currentSite } from '../../server/site-builder';
import { siteFiles } from './site-files';

/**
 * Side-by-side builds, each reading only its categories' products, make the same site as one
 * build reading them all: every page, Load More page and the sitemap, byte for byte.
 */
let dataDir: string;
let db: Db;
let server: ServerType;
let apiBase: string;
let siteUrl: string;

/** Every page file of the live site with its content. */
const snapshot = () => siteFiles(currentSite(dataDir) ?? '');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-shards-'));
  // 130 products: three Load More pages of all products, so three builds each render one.
  const env = loadEnv({ DATA_DIR: dataDir, SEED_PRODUCTS: '130', SITE_URL: 'http://shop.test' });
  db = await prepareData(env, () => {});
  server = await listen(createApp({ db, mediaDir: mediaDir(env), accounts: accountsOptions(env) }), 0, '127.0.0.1');
  apiBase = `http://127.0.0.1:${boundPort(server)}/api/`;
  siteUrl = env.siteUrl;
}, 60_000);

afterAll(async () => {
  server?.close();
  await db?.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('three builds sharing the catalogue by category make the same pages as one build', async () => {
  await buildSite({ dataDir, apiBase, siteUrl, workers: 1 });
  const whole = snapshot();
  await buildSite({ dataDir, apiBase, siteUrl, workers: 3 });
  const shared = snapshot();

  const products = await db.selectFrom('products').select('id').where('hidden_at', 'is', null).execute();
  expect(products.length).toBe(130);
  for (const { id } of products) expect(whole.has(`product-details/${id}/index.html`)).toBe(true);
  expect(whole.has('fragments/all/0/3/index.html')).toBe(true);
  expect(whole.get('sitemap.xml')?.match(/\/product-details\//g)).toHaveLength(130);

  expect([...shared.keys()].sort()).toEqual([...whole.keys()].sort());
  const differing = [...whole.keys()].filter((name) => whole.get(name) !== shared.get(name));
  expect(differing).toEqual([]);
}, 600_000);
