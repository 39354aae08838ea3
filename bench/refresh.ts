import { spawnSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generate } from 'otplib';
import { formatRupees } from '../contract/format';
import { databaseFile } from '../server/db';
import { BUDGETS } from './budgets';
import { PROJECT_ROOT, tsxArgs } from './processes';
import { fmt, info, judged, type Table } from './report';
import { startShop } from './shop';

/** A staff price change followed until the static product page shows it; a category renamed, until every page does. */
export interface RefreshResult {
  products: number;
  /** Seconds from the admin call's answer to the static page showing the new price, each run. */
  seconds: number[];
  median: number;
  /** Seconds from a category's rename to the last page of the live site showing it in its menu, each run. */
  menuSeconds?: number[];
  menuMedian?: number;
  /** Pages of the live site carrying the menu (each checked). */
  menuPages?: number;
}

const RUNS = 5;
const MENU_RUNS = 3;
/** How often the page is fetched while waiting for it to change. */
const POLL_MS = 100;
/** Longest wait for one change: far past the budget, so a slow one is measured rather than lost. */
const GIVE_UP_MS = 60_000;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function json(response: Response): Promise<unknown> {
  const body: unknown = await response.json();
  if (!response.ok) throw new Error(`${response.url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Makes an owner on the command line (as a shop's first owner is) and signs in; answers the staff token. */
async function ownerToken(dataDir: string, origin: string): Promise<string> {
  const email = `bench-owner-${process.pid}@gharbazaar.in`;
  const password = 'bench owner passphrase 42';
  const created = spawnSync(
    process.execPath,
    tsxArgs('server/cli.ts', ['staff:create', '--email', email, '--role', 'owner', '--password-stdin']),
    { cwd: PROJECT_ROOT, env: { ...process.env, DATA_DIR: dataDir }, input: `${password}\n`, encoding: 'utf8' },
  );
  const secret = /Key: (\S+)/.exec(created.stdout)?.[1];
  if (created.status !== 0 || !secret) throw new Error(`staff:create failed:\n${created.stdout}\n${created.stderr}`);
  const code = await generate({ secret });
  const login = (await json(
    await fetch(`${origin}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, code }),
    }),
  )) as { token: string };
  return login.token;
}

/** Waits until the shop's first build after start (it rebuilds in the background) is live. */
async function waitForBuildAfter(origin: string, since: number): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${origin}/api/health`)).json()) as { build?: { built_at?: string } };
    const builtAt = health.build?.built_at ? Date.parse(health.build.built_at) : 0;
    if (builtAt > since) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  throw new Error('The background build after start did not finish within 10 minutes');
}

/**
 * Starts the shop on the data folder of a finished build (`products` products), lets its start-up
 * rebuild finish, then 5 times changes one product's price through the admin API as an owner and
 * fetches the static product page every 100 ms until it shows the new price.
 */
export async function benchRefresh(
  dataDir: string,
  products: number,
  log: (line: string) => void,
): Promise<RefreshResult> {
  const started = Date.now();
  const shop = await startShop(log, { name: 'refresh', env: { DATA_DIR: dataDir }, keepData: true });
  try {
    await waitForBuildAfter(shop.origin, started);
    const token = await ownerToken(dataDir, shop.origin);
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const seconds: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      // Products spread over the catalogue, each in its own Load More page.
      const productId = 1 + Math.floor(((run + 0.5) * products) / RUNS);
      const product = (await json(
        await fetch(`${shop.origin}/api/admin/catalogue/products/${productId}`, { headers }),
      )) as { variants: { id: number; price: number }[] };
      const variant = product.variants[0];
      if (!variant) throw new Error(`Product ${productId} has no variant`);
      // A price with paise, which no seeded price has (they are whole rupees), so the page cannot show it already.
      const finalPrice = Math.max(1, Math.floor(variant.price) - 1) + 0.25 + run / 100;
      const shown = formatRupees(finalPrice);
      await json(
        await fetch(`${shop.origin}/api/admin/catalogue/variants/${variant.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ final_price: finalPrice }),
        }),
      );
      const changed = performance.now();
      for (;;) {
        const html = await (await fetch(`${shop.origin}/product-details/${productId}/`)).text();
        if (html.includes(shown)) break;
        if (performance.now() - changed > GIVE_UP_MS)
          throw new Error(`/product-details/${productId} never showed ${shown}`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      seconds.push((performance.now() - changed) / 1000);
      log(
        `  price change ${run + 1} of ${RUNS} (product ${productId}): on the static page after ${fmt(seconds.at(-1) ?? 0, 2)} s`,
      );
    }
    const menu = await renameCategories(shop.origin, dataDir, headers, log);
    return { products, seconds, median: median(seconds), ...menu };
  } finally {
    await shop.stop();
  }
}

/** Every page of the live site that carries the category menu, with whether its menu shows `name`. */
async function menusShowing(root: string, name: string): Promise<{ pages: number; missing: number }> {
  const entries = await fs.readdir(root, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
  let pages = 0;
  let missing = 0;
  for (const file of files) {
    const html = await fs.readFile(file, 'utf8');
    const start = html.indexOf('<nav aria-label="Categories"');
    if (start < 0) continue;
    pages += 1;
    const menu = html.slice(start, html.indexOf('</nav>', start));
    if (!menu.includes(` ${name} </a>`)) missing += 1;
  }
  return { pages, missing };
}

/**
 * Renames a category 3 times through the admin API and times each until the shop has put it into
 * every page: its site_changes row is marked done (after the pages are drawn and every menu is
 * replaced), read from the shop's database every 50 ms. A pass over the live site's folder then
 * checks that the menu of every page shows the new name.
 */
async function renameCategories(
  origin: string,
  dataDir: string,
  headers: Record<string, string>,
  log: (line: string) => void,
): Promise<Pick<RefreshResult, 'menuSeconds' | 'menuMedian' | 'menuPages'>> {
  const root = path.join(dataDir, 'site', 'current', 'client');
  const db = new Database(databaseFile(dataDir), { readonly: true, fileMustExist: true });
  const categories = (await json(await fetch(`${origin}/api/admin/catalogue/categories`, { headers }))) as {
    id: number;
    name: string;
  }[];
  const seconds: number[] = [];
  let pages = 0;
  try {
    for (let run = 0; run < MENU_RUNS; run += 1) {
      const category = categories[run % categories.length];
      if (!category) throw new Error('The shop has no category to rename');
      const name = `${category.name} Plus ${run + 1}`;
      await json(
        await fetch(`${origin}/api/admin/catalogue/categories/${category.id}`, {
          method: 'PATCH',
          headers,
          body: JSON.stringify({ name }),
        }),
      );
      const changed = performance.now();
      const row = db.prepare('SELECT max(id) AS id FROM site_changes').get() as { id: number };
      const done = db.prepare('SELECT done_at FROM site_changes WHERE id = ?');
      while (!(done.get(row.id) as { done_at: string | null }).done_at) {
        if (performance.now() - changed > GIVE_UP_MS) throw new Error(`The rename to ${name} was never rendered`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      seconds.push((performance.now() - changed) / 1000);
      // As a page writes it.
      const pass = await menusShowing(root, name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
      pages = pass.pages;
      if (pass.missing > 0) throw new Error(`${pass.missing} of ${pass.pages} pages do not show the category ${name}`);
      log(
        `  category rename ${run + 1} of ${MENU_RUNS} (category ${category.id}): in the menu of all ${fmt(pages)} pages after ${fmt(seconds.at(-1) ?? 0, 2)} s`,
      );
    }
  } finally {
    db.close();
  }
  return { menuSeconds: seconds, menuMedian: median(seconds), menuPages: pages };
}

/** The table of the change → visible page row. */
export function refreshTable(result: RefreshResult): Table {
  const budget = BUDGETS.refresh;
  return {
    title: 'Staff change → static page',
    columns: ['Products', 'Change', 'Change → visible (median)', 'Each run'],
    rows: [
      [
        info(fmt(result.products)),
        info('a price, on its product page'),
        judged(
          `${fmt(result.median, 2)} s`,
          `≤ ${fmt(budget.maxSeconds)} s`,
          result.products < budget.atProducts || result.median <= budget.maxSeconds,
        ),
        info(result.seconds.map((s) => `${fmt(s, 2)} s`).join(', ')),
      ],
      ...(result.menuSeconds && result.menuMedian !== undefined
        ? [
            [
              info(fmt(result.products)),
              info(`a category's name, in the menu of all ${fmt(result.menuPages ?? 0)} pages`),
              judged(
                `${fmt(result.menuMedian, 2)} s`,
                `≤ ${fmt(budget.maxMenuSeconds)} s`,
                result.products < budget.atProducts || result.menuMedian <= budget.maxMenuSeconds,
              ),
              info(result.menuSeconds.map((s) => `${fmt(s, 2)} s`).join(', ')),
            ],
          ]
        : []),
    ],
    notes: [
      "An owner changes a variant's final price through the admin API (PATCH /api/admin/catalogue/variants/{id}); the " +
        'time runs from its answer until GET /product-details/{id}/ (the static page) shows the new price, fetched every ' +
        '100 ms. Only the pages the change touches are rendered again (no whole build).',
      'An owner renames a category (PATCH /api/admin/catalogue/categories/{id}); the time runs from its answer until ' +
        'the shop marks the change rendered (its site_changes row, read every 50 ms), after which a pass over the ' +
        'live site folder checks the new name in the menu of every page (3 categories, one after another). The menu is rendered once and put into each page; the category and its products’ pages are ' +
        'rendered again.',
    ],
  };
}
