import { expect, test, type Browser, type Page } from '@playwright/test';
import { first } from '../lists';
import { apiShopper, everyRoute, waitForIslands } from './fixtures';
import { ownProduct } from './own-products';

/**
 * Phones: no page scrolls sideways. Every route, logged out and logged in (with a cart, a
 * wishlist and an order so those pages show their lines), at the two commonest small widths.
 */
const WIDTHS = [360, 390] as const;
const HEIGHT = 740;

interface Shopper {
  token: string;
  user: unknown;
  orderId: number;
}

/** A new shopper with two cart lines, two wishlist entries, a saved address and one order, made through the API. */
async function shopperWithEverything(page: Page): Promise<Shopper> {
  const { session: data } = await apiShopper(page.request, {
    prefix: 'phone',
    firstName: 'Meenakshisundaram',
    lastName: 'Venkataraghavan',
  });
  const headers = { authorization: `Bearer ${data.tokens.access}` };
  const products = (await (await page.request.get('/api/common/products/?page_size=2')).json()) as {
    results: { variants: { id: number }[] }[];
  };
  const variants = products.results.map((p) => first(p.variants, 'the variants').id);
  for (const id of variants.slice(0, 2)) {
    expect((await page.request.post('/api/common/cart/add/', { headers, data: { variant_id: id } })).status()).toBe(
      201,
    );
  }
  for (const id of variants.slice(0, 2)) {
    expect((await page.request.post(`/api/common/wishlist_toggle/${id}/`, { headers })).ok()).toBe(true);
  }
  const address = await page.request.post('/api/common/addresses/', {
    headers,
    data: {
      name: 'Meenakshisundaram Venkataraghavan',
      phone_number: '9812345678',
      pincode: '560038',
      locality: 'Indiranagar Double Road Extension',
      area: '42, 12th Main, HAL 2nd Stage, Appareddipalya',
      city: 'Bengaluru',
      state: 'Karnataka',
      landmark: 'Opposite the Chinmaya Mission Hospital',
      address_type: 'home',
    },
  });
  expect(address.status()).toBe(201);
  // The order is of products of the test's own: the demo catalogue's stock is only read.
  const ordered = [await ownProduct(page.request, { name: 'Copper Water Bottle' }), await ownProduct(page.request)];
  const order = await page.request.post('/api/common/create_order/', {
    headers,
    data: {
      products: ordered.map((p) => ({ variant_id: first(p.variants, 'its variants').id, quantity: 2 })),
      address: 'Meenakshisundaram Venkataraghavan, 9812345678, Indiranagar, 42 12th Main, Bengaluru, Karnataka, 560038',
    },
  });
  expect(order.status()).toBe(201);
  const history = (await (await page.request.get('/api/common/orders_history/', { headers })).json()) as
    | { id: number }[]
    | { results: { id: number }[] };
  const list = Array.isArray(history) ? history : history.results;
  return { token: data.tokens.access, user: data, orderId: first(list, 'the order history').id };
}

/**
 * How far the page scrolls sideways once its islands have hydrated and its lists loaded. A page
 * that sends the shopper on (the login page when logged in) is measured where it lands.
 */
async function sidewaysScroll(page: Page): Promise<number> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await page.waitForLoadState('load');
      await waitForIslands(page);
      // Lines, lists and summaries arrive after hydration: wait until the loading texts are gone.
      await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
      return await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes('context was destroyed')) throw error;
    }
  }
}

/** How far each route scrolls sideways at `width`, checking `parallel` pages at a time in one context. */
async function overflows(browser: Browser, width: number, paths: string[], shopper: Shopper | null) {
  const context = await browser.newContext({ viewport: { width, height: HEIGHT } });
  if (shopper) {
    await context.addInitScript((s) => {
      localStorage.setItem('authToken', s.token);
      localStorage.setItem('user', JSON.stringify(s.user));
    }, shopper);
  }
  const found: string[] = [];
  const queue = [...paths];
  const parallel = 4;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      // A page of its own for each route: a route that sends the shopper on after it was measured
      // (the login page when logged in) would otherwise cut short the next route's navigation.
      for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
        const page = await context.newPage();
        await page.goto(path);
        const extra = await sidewaysScroll(page);
        if (extra > 0) found.push(`${path} scrolls sideways by ${extra} px`);
        await page.close();
      }
    }),
  );
  await context.close();
  return found.sort();
}

for (const width of WIDTHS) {
  test(`at ${width} px no page scrolls sideways, logged out or logged in`, async ({ browser, page }) => {
    test.setTimeout(300_000);
    const shopper = await shopperWithEverything(page);
    // /order only forwards to /myorder (a meta refresh, which would cut short the next address this
    // page is sent to); /myorder is measured itself.
    const paths = everyRoute(shopper.orderId).filter((path) => path !== '/order');
    expect(await overflows(browser, width, paths, null), 'logged out').toEqual([]);
    expect(await overflows(browser, width, paths, shopper), 'logged in').toEqual([]);
  });
}

/** Listing pages whose category list folds away on a phone, and where their results are. */
const LISTINGS = [
  { page: 'category page', path: '/subcategories/1', results: '[data-grid-list] > li' },
  { page: 'search page', path: '/searchproductlist?search=milk', results: 'ul[aria-label="Search results"] > li' },
] as const;

for (const listing of LISTINGS) {
  test(`at 360 px the ${listing.page} shows a product on the first screen, its category list folded`, async ({
    page,
  }) => {
    // 360 × 640: a small phone's screen once the browser's own bars are taken away.
    const screen = { width: 360, height: 640 };
    await page.setViewportSize(screen);
    await page.goto(listing.path);
    const firstCard = page.locator(listing.results).first();
    await expect(firstCard).toBeVisible();
    for (const part of [firstCard.locator('img').first(), firstCard.getByRole('heading')]) {
      const box = await part.boundingBox();
      expect(box, 'first product card').not.toBeNull();
      expect(box!.y + box!.height, 'bottom of the first card’s picture and name').toBeLessThanOrEqual(screen.height);
    }
    // The category list is one tap away, without any script.
    const list = page.locator('details[data-category-toggle]');
    await expect(list.getByRole('link', { name: 'Clothing' })).toBeHidden();
    await list.locator('summary').click();
    await expect(list.getByRole('link', { name: 'Clothing' })).toBeVisible();
  });
}

/**
 * Where a product card's parts stick out of its frame, in px beyond either side: a card is half
 * a phone's width, and its three buttons must fit in it.
 */
function partsOutsideCards(): string[] {
  const found: string[] = [];
  for (const card of Array.from(document.querySelectorAll('[data-card]'))) {
    const frame = card.getBoundingClientRect();
    if (frame.width === 0) continue;
    for (const part of Array.from(card.querySelectorAll('a, button, img, h3, p'))) {
      const box = part.getBoundingClientRect();
      if (box.width === 0) continue;
      const beyond = Math.max(box.right - frame.right, frame.left - box.left);
      if (beyond > 0.5) {
        const name = part.getAttribute('aria-label') ?? part.textContent?.trim() ?? part.tagName;
        found.push(`${name}: ${Math.round(beyond)} px outside a card ${Math.round(frame.width)} px wide`);
      }
    }
  }
  return found;
}

for (const width of [320, ...WIDTHS, 412]) {
  test(`at ${width} px a product card's picture, name and buttons stay inside the card`, async ({ page }) => {
    await page.setViewportSize({ width, height: HEIGHT });
    for (const path of ['/', '/subcategories/1']) {
      await page.goto(path);
      await expect(page.locator('[data-card] [data-card-action="cart"]').first()).toBeVisible();
      expect(await page.evaluate(partsOutsideCards), `${path} at ${width} px`).toEqual([]);
    }
  });
}
