import {
  expect as baseExpect,
  test,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { first, itemAt } from '../lists';
import { apiShopper, SHOPPER_PASSWORD } from './fixtures';

/**
 * Presses and typing in the first moments of a page, before its islands have hydrated or the
 * product cards' buttons are wired, are never lost (layouts/Base.astro's early-input guard and
 * src/ui/form.tsx). A mid-range phone is played by Chromium with its CPU slowed 4×; every control
 * is used as soon as it exists after navigation starts, 12 rounds each (three on each of four pages side by side), and each round checks
 * what the press must have done: on the server, or the navigation or message it leads to.
 */

test.use({ browserName: 'chromium' });
// 12 rounds of each control, SLOTS pages side by side, on a machine other builds share: a slowed
// page there can take many seconds to load and hydrate. Slow is allowed; lost is not.
test.describe.configure({ timeout: 300_000 });
const expect = baseExpect.configure({ timeout: 30_000 });

const ROUNDS = 12;
const SLOTS = 4;

interface Shopper {
  email: string;
  token: string;
  data: unknown;
}

async function newShopper(request: APIRequestContext): Promise<Shopper> {
  const shopper = await apiShopper(request, { prefix: 'early', firstName: 'Asha', lastName: 'Rao' });
  return { email: shopper.email, token: shopper.token, data: shopper.session };
}

/** A context whose pages start logged in as `shopper` (or as nobody). */
async function contextFor(browser: Browser, shopper: Shopper | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (shopper) {
    await context.addInitScript((data) => {
      const d = data as { tokens: { access: string }; user_id: number };
      if (localStorage.getItem('authToken')) return;
      localStorage.setItem('authToken', d.tokens.access);
      localStorage.setItem('user', JSON.stringify(d));
      localStorage.setItem('user_id', String(d.user_id));
    }, shopper.data);
  }
  return context;
}

/** A page of `context` with its CPU slowed 4×, as on a mid-range phone. */
async function slowPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/**
 * Runs `round(page, i)` for i = 0…ROUNDS-1 on SLOTS slowed pages side by side, each page in a
 * context of its own (local storage is per context: one page's logout is not another's).
 */
async function inSlots(
  newContext: () => Promise<BrowserContext>,
  round: (page: Page, i: number) => Promise<void>,
): Promise<void> {
  await Promise.all(
    Array.from({ length: SLOTS }, async (_, slot) => {
      const context = await newContext();
      const page = await slowPage(context);
      for (let i = slot; i < ROUNDS; i += SLOTS) await round(page, i);
      await context.close();
    }),
  );
}

/** As early as the navigation allows: the response has started, nothing is parsed yet. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'commit' });
}

function auth(shopper: Shopper) {
  return { headers: { authorization: `Bearer ${shopper.token}` } };
}

/**
 * A read of the API, tried again when the connection was reset: a kept-alive socket the server
 * closed just as it was reused (its 5 s idle limit) says nothing about the shop.
 */
async function readJson(request: APIRequestContext, url: string, shopper: Shopper): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await (await request.get(url, auth(shopper))).json();
    } catch (error) {
      if (attempt >= 3 || !/ECONNRESET|socket hang up/.test(String(error))) throw error;
    }
  }
}

async function cartOf(request: APIRequestContext, shopper: Shopper) {
  const body = (await readJson(request, '/api/common/cart/', shopper)) as {
    cart_items: { product_id: number; product_variant_id: number; product_name: string; quantity: number }[];
  };
  return body.cart_items;
}

async function wishlistVariants(request: APIRequestContext, shopper: Shopper): Promise<number[]> {
  const body = (await readJson(request, '/api/common/wishlist', shopper)) as {
    results: { variant_id: number }[];
  };
  return body.results.map((r) => r.variant_id);
}

/** Products with one variant: Add Cart and Buy Now act at once, with nothing to choose first. */
async function singleVariantProducts(request: APIRequestContext): Promise<number[]> {
  const list = (await (await request.get('/api/common/products/')).json()) as { id: number; variants: unknown[] }[];
  const ids = list.filter((p) => p.variants.length === 1).map((p) => p.id);
  expect(ids.length).toBeGreaterThanOrEqual(ROUNDS);
  return ids.slice(0, ROUNDS);
}

test('product page: Add Cart and Buy Now pressed at once are never lost', async ({ browser, request }) => {
  const shopper = await newShopper(request);
  const products = await singleVariantProducts(request);
  const context = () => contextFor(browser, shopper);

  await inSlots(context, async (page, i) => {
    await open(page, `/product-details/${products[i]}`);
    await page.getByRole('button', { name: 'Add Cart' }).click();
    await expect
      .poll(async () => (await cartOf(request, shopper)).some((l) => l.product_id === products[i]), {
        message: `Add Cart, round ${i + 1}`,
      })
      .toBe(true);
  });
  const lines = await cartOf(request, shopper);
  expect(lines.map((l) => l.product_id).sort((a, b) => a - b)).toEqual([...products].sort((a, b) => a - b));

  await inSlots(context, async (page, i) => {
    await open(page, `/product-details/${products[i]}`);
    await page.getByRole('button', { name: 'Buy Now' }).click();
    await expect(page, `Buy Now, round ${i + 1}`).toHaveURL(/\/buynowaddress\/?$/);
  });
});

test('product cards: a heart pressed at once is never lost', async ({ browser, request }) => {
  const shopper = await newShopper(request);
  const context = () => contextFor(browser, shopper);
  const pressed: number[] = [];

  await inSlots(context, async (page, i) => {
    await open(page, '/productslisting');
    const heart = page.locator('[data-card-action="wishlist"]').nth(i);
    const variant = Number(await heart.getAttribute('data-variant-id'));
    await heart.click();
    pressed.push(variant);
    await expect(heart, `heart, round ${i + 1}`).toHaveAttribute('aria-pressed', 'true');
  });
  expect((await wishlistVariants(request, shopper)).sort((a, b) => a - b)).toEqual(pressed.sort((a, b) => a - b));
});

/** A context whose login and sign-up pages always start logged out: they must show their forms. */
async function loggedOutContext(browser: Browser): Promise<BrowserContext> {
  const context = await contextFor(browser, null);
  await context.addInitScript(() => {
    if (/^\/(login|register)/.test(location.pathname)) localStorage.clear();
  });
  return context;
}

test('login: typed at once and submitted at once, nothing is lost', async ({ browser, request }) => {
  const shoppers = await Promise.all(Array.from({ length: SLOTS }, () => newShopper(request)));
  await inSlots(
    () => loggedOutContext(browser),
    async (page, i) => {
      await open(page, '/login');
      await page.getByLabel('User Name').fill(itemAt(shoppers, i % SLOTS).email);
      await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
      await page.getByRole('main').getByRole('button', { name: 'Login' }).click();
      // Logged in, then home (the greeting may or may not show first on a slow page).
      await expect(page, `login, round ${i + 1}`).toHaveURL(/^http:\/\/[^/]+\/$/);
      expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeTruthy();
    },
  );
});

test('register: typed at once and submitted at once, nothing is lost', async ({ browser, request }) => {
  const stamp = `${Date.now().toString(36)}${process.pid}`;
  const emails: string[] = [];
  await inSlots(
    () => loggedOutContext(browser),
    async (page, i) => {
      const email = `early-reg-${stamp}-${i}@example.in`;
      emails.push(email);
      await open(page, '/register');
      await page.getByLabel('First Name').fill('Ravi');
      await page.getByLabel('Last Name').fill('Kumar');
      await page.getByLabel('Phone Number').fill(`9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`);
      await page.getByLabel('Email Address').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(SHOPPER_PASSWORD);
      await page.getByRole('button', { name: 'Sign Up' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Registration Successful' }),
        `register, round ${i + 1}`,
      ).toBeVisible();
    },
  );
  // Each account exists: it logs in.
  for (const email of emails) {
    const login = await request.post('/api/common/userlogin', { data: { email, password: SHOPPER_PASSWORD } });
    expect(login.status(), email).toBe(200);
  }
});

test('forgot password: the typed e-mail survives hydration and is sent', async ({ browser }) => {
  const context = () => contextFor(browser, null);

  await inSlots(context, async (page, i) => {
    await open(page, '/forgotpassword');
    await page.getByLabel('Email').fill(`nobody-${i}@example.in`);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await expect(page.getByText('OTP sent to your email.'), `forgot password, round ${i + 1}`).toBeVisible();
    await expect(page.getByRole('group', { name: 'Enter the 4-digit PIN from your e-mail' })).toBeVisible();
  });
});

test('search box: typed and sent with Enter at once', async ({ browser }) => {
  const context = () => contextFor(browser, null);
  await inSlots(context, async (page, i) => {
    await open(page, '/aboutus');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('milk');
    await box.press('Enter');
    await expect(page, `search, round ${i + 1}`).toHaveURL(/\/searchproductlist\?search=milk$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Search Results for "milk"' })).toBeVisible();
  });
});

test('cart: + pressed as soon as it shows is never lost', async ({ browser, request }) => {
  const shopper = await newShopper(request);
  const products = await singleVariantProducts(request);
  // One line per slot, so the side-by-side pages never press the same line.
  const variants: number[] = [];
  for (const id of products.slice(0, SLOTS)) {
    const product = (await (await request.get(`/api/common/products/${id}/`)).json()) as { variants: { id: number }[] };
    const variantId = first(product.variants, 'the variants').id;
    variants.push(variantId);
    const added = await request.post('/api/common/cart/add/', {
      ...auth(shopper),
      data: { variant_id: variantId, quantity: 1 },
    });
    expect(added.status()).toBe(201);
  }
  const names = new Map((await cartOf(request, shopper)).map((l) => [l.product_variant_id, l.product_name]));
  const context = () => contextFor(browser, shopper);

  await inSlots(context, async (page, i) => {
    const variant = itemAt(variants, i % SLOTS);
    await request.patch(`/api/common/cart/${variant}/`, { ...auth(shopper), data: { quantity: 1 } });
    await open(page, '/cart');
    await page
      .getByRole('group', { name: `Quantity of ${names.get(variant)}` })
      .getByRole('button', { name: 'Increase quantity' })
      .click();
    await expect
      .poll(async () => (await cartOf(request, shopper)).find((l) => l.product_variant_id === variant)?.quantity, {
        message: `cart +, round ${i + 1}`,
      })
      .toBe(2);
  });
});
