import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { openDatabase, openPostgres, type Db } from '../../server/db';

/** Widths the storefront is checked at: desktop and a small phone. */
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 375, height: 800 };

/**
 * Scrolls until phones get the 'Download Our App' prompt, then chooses 'Continue in browser' (it
 * stays away for a week after).
 */
export async function dismissAppPrompt(page: Page): Promise<void> {
  const prompt = page.getByRole('dialog', { name: 'Download Our App' });
  // It waits for the shopper's first scroll.
  await expect(prompt).toBeHidden();
  await page.mouse.wheel(0, 300);
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Continue in browser' }).click();
  await expect(prompt).toBeHidden();
}

/** Closes the home page's Special Offer popup. */
export async function closePromo(page: Page): Promise<void> {
  const promo = page.getByRole('dialog', { name: 'Special Offer' });
  await expect(promo).toBeVisible();
  await promo.getByRole('button', { name: 'Close' }).click();
  await expect(promo).toBeHidden();
}

/** Rupee amounts in a text, as numbers: '₹1,299 ₹1,599' → [1299, 1599]. */
export function rupees(text: string): number[] {
  return [...text.matchAll(/₹\s?([\d,]+(?:\.\d+)?)/g)].map(([, amount = '']) => Number(amount.replace(/,/g, '')));
}

/**
 * Islands that hydrate with the page (`client:load`, `client:idle`) and have not yet. Those that
 * wait for the shopper to reach for them (`client:interaction`, integrations/hydrate-on-interaction.ts)
 * are left out: they hydrate on the first pointer, touch, focus or key.
 */
export const UNHYDRATED_ISLANDS = 'astro-island[ssr]:not([client="interaction"])';

/** Waits until every island that hydrates with the page has, so clicks reach React. */
export async function waitForIslands(page: Page): Promise<void> {
  await expect(page.locator(UNHYDRATED_ISLANDS)).toHaveCount(0);
}

let shoppers = 0;

/** The password of every shopper `apiShopper` makes. */
export const SHOPPER_PASSWORD = 'jeera-rice-99';

/** A shopper made through the API: their sign-up fields and the login answer (`session`, as the login page keeps it). */
export interface ApiShopper {
  email: string;
  password: string;
  firstName: string;
  token: string;
  session: { tokens: { access: string }; user_id: number };
}

/** Signs a new shopper up and logs them in through the API (a unique e-mail and phone each time). */
export async function apiShopper(
  request: APIRequestContext,
  { prefix = 'buyer', firstName = 'Meera', lastName = 'Nair' } = {},
): Promise<ApiShopper> {
  shoppers += 1;
  const email = `${prefix}-${Date.now().toString(36)}${process.pid}${shoppers}@example.in`;
  const password = SHOPPER_PASSWORD;
  const phone = `7${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  const created = await request.post('/api/common/signup', {
    data: { first_name: firstName, last_name: lastName, phone_number: phone, email, password },
  });
  expect(created.status()).toBe(201);
  const login = await request.post('/api/common/userlogin', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { data } = (await login.json()) as { data: ApiShopper['session'] };
  return { email, password, firstName, token: data.tokens.access, session: data };
}

/** Keeps `session` in this page's local storage, as the login page does. */
export async function storeSession(page: Page, session: ApiShopper['session']): Promise<void> {
  await page.evaluate((d) => {
    localStorage.setItem('authToken', d.tokens.access);
    localStorage.setItem('user', JSON.stringify(d));
    localStorage.setItem('user_id', String(d.user_id));
  }, session);
}

/** Creates a shopper through the API and logs this page in as them (token in local storage). */
export async function loggedInShopper(page: Page): Promise<ApiShopper> {
  const shopper = await apiShopper(page.request);
  await page.goto('/aboutus');
  await storeSession(page, shopper.session);
  return shopper;
}

/** The bearer token this page's shopper holds. */
export async function tokenOf(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
}

/** Every kind of page the shop serves: static, on-demand (search), rewritten and missing. */
export const PUBLIC_PAGES = [
  '/',
  '/productslisting',
  '/subcategories/1',
  '/subcategoriesproducts/1',
  '/products/category/2',
  '/product-details/1',
  '/searchproductlist?search=rice',
  '/aboutus',
  '/contactus',
  '/privacypolicy',
  '/return',
  '/products',
  '/ordertracking',
  '/resizewebsite',
  '/no-such-page',
  '/login',
  '/register',
  '/forgotpassword',
  '/resetpassword',
];
/** An address no page answers: the not-found page. */
export const NOT_FOUND = '/no-such-page-here';

/** Every route of src/pages (dynamic ones with an id that exists; `orderId` is the shopper's order), and one that does not exist. */
export function everyRoute(orderId: number): string[] {
  return [
    '/',
    '/login',
    '/register',
    '/forgotpassword',
    '/resetpassword',
    '/aboutus',
    '/contactus',
    '/privacypolicy',
    '/return',
    '/products',
    '/productslisting',
    '/product-details/1',
    '/profile',
    '/updateprofile',
    '/cart',
    '/wishlist',
    '/ordertracking',
    '/subcategories/1',
    '/subcategoriesproducts/1',
    '/products/category/1',
    '/buynowaddress',
    '/buynowcartaddress',
    '/searchproductlist?search=milk',
    '/ordersuccess',
    '/myorder',
    `/trackorder/${orderId}`,
    '/razorpay',
    '/order',
    '/resizewebsite',
    NOT_FOUND,
  ];
}

/** The newest e-mail in the shop's outbox that `matches`, once it is there (the shop writes mail after answering). */
export async function newestMail(matches: (text: string) => boolean): Promise<string> {
  const outbox = path.join(process.env.E2E_DATA_DIR as string, 'outbox');
  let found = '';
  await expect
    .poll(() => {
      // A message is written to a hidden `.….tmp` file and renamed into place whole: only finished ones count.
      const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((f) => !f.startsWith('.')) : [];
      for (const file of files.sort().reverse()) {
        const text = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (matches(text)) return (found = text);
      }
      return '';
    })
    .not.toBe('');
  return found;
}

const PIN = /Your PIN is (\d{4})\./;

/** The PIN in the newest reset e-mail to `email`. */
export async function pinFromOutbox(email: string): Promise<string> {
  const mail = await newestMail((text) => text.includes(`To: ${email}`) && PIN.test(text));
  return PIN.exec(mail)?.[1] ?? '';
}

/**
 * The suite's shop database, as another process opens it: PostgreSQL when the shop runs with
 * DATABASE_URL, else the SQLite file of its data folder. Close it with `destroy()`.
 */
export function openShopDatabase(): Db {
  const url = process.env.DATABASE_URL;
  if (url) return openPostgres(url, { poolSize: 1 });
  return openDatabase(path.join(process.env.E2E_DATA_DIR as string, 'shop.sqlite'));
}

/**
 * Records the text of every toast the page shows from now on, in `window.shownToasts`. A toast
 * lasts 1.5 s: on a busy machine a check for it on screen can fall before and after it.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shown: string[] = [];
    (window as unknown as { shownToasts: string[] }).shownToasts = shown;
    new MutationObserver((records) => {
      for (const record of records) {
        record.addedNodes.forEach((node) => {
          if (node instanceof HTMLElement && node.closest('[role="status"]')) shown.push(node.textContent ?? '');
        });
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** Waits until the page has shown the toast `text` (see `recordToasts`, called before the page loaded). */
export async function expectToast(page: Page, text: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { shownToasts?: string[] }).shownToasts ?? []), {
      message: `the toast '${text}'`,
    })
    .toContain(text);
}
