import { expect, test, type Page } from '@playwright/test';
import { slowCpu } from './admin-fixtures';
import { dismissAppPrompt, expectToast, loggedInShopper, recordToasts, type ApiShopper } from './fixtures';

/**
 * Next on a list of 20 a page (the wishlist, the cart) shows the next page from its top, on a 360 px phone four
 * times slower and on a desktop: the list is scrolled to the top of the screen and takes the focus, rather than
 * leaving the shopper looking at the footer. Each test fills the wishlist or cart of a shopper of its own.
 */

/** The ids of `count` in-stock variants of the demo catalogue, each of a different product. */
async function variantIds(page: Page, count: number): Promise<number[]> {
  const answer = await page.request.get('/api/common/products/?page=1&page_size=50');
  const { results } = (await answer.json()) as { results: { variants: { id: number }[] }[] };
  const ids = results.map((p) => p.variants[0]?.id).filter((id): id is number => id !== undefined);
  expect(ids.length).toBeGreaterThanOrEqual(count);
  return ids.slice(0, count);
}

async function expectNextPageAtTop(page: Page, list: string, pager: string) {
  const next = page.getByRole('navigation', { name: pager }).getByRole('button', { name: 'Next' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page.getByRole('navigation', { name: pager })).toContainText('Page 2 of 2');
  const table = page.getByRole('table', { name: list });
  await expect(table).toBeFocused();
  // The list's top is on the screen, and so is its first line.
  await expect
    .poll(() => table.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
    .toBeGreaterThanOrEqual(-1);
  // The heading row is hidden on phones (the cells carry their labels): the page's one line is row 1.
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1)).toBeInViewport();
}

const SCREENS = [
  { name: 'a 360 px phone, CPU 4× slower', viewport: { width: 360, height: 740 }, slow: true },
  { name: 'a desktop', viewport: { width: 1280, height: 800 }, slow: false },
];

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });
    let shopper: ApiShopper;
    // Filling a list of 21 through the API, then a phone four times slower: more than the default 30 s.
    test.describe.configure({ timeout: 60_000 });
    test.beforeEach(async ({ page }) => {
      shopper = await loggedInShopper(page);
      if (screen.slow) await slowCpu(page);
    });

    test('Next on the wishlist shows the 21st product at the top', async ({ page }) => {
      const headers = { authorization: `Bearer ${shopper.token}` };
      for (const id of await variantIds(page, 21)) {
        expect((await page.request.post(`/api/common/wishlist_toggle/${id}/`, { headers })).ok()).toBe(true);
      }
      await page.goto('/wishlist');
      if (screen.slow) await dismissAppPrompt(page);
      const rows = page.getByRole('table', { name: 'Products on your wishlist' }).getByRole('row');
      await expect(rows).toHaveCount(21); // 20 lines and the heading row
      await expectNextPageAtTop(page, 'Products on your wishlist', 'Wishlist pages');
    });

    test('Next on the cart shows the 21st line at the top', async ({ page }) => {
      const headers = { authorization: `Bearer ${shopper.token}` };
      for (const id of await variantIds(page, 21)) {
        const added = await page.request.post('/api/common/cart/add/', { headers, data: { variant_id: id } });
        expect(added.ok(), await added.text()).toBe(true);
      }
      await page.goto('/cart');
      if (screen.slow) await dismissAppPrompt(page);
      const rows = page.getByRole('table', { name: 'Items in your cart' }).getByRole('row');
      await expect(rows).toHaveCount(21);
      await expectNextPageAtTop(page, 'Items in your cart', 'Cart pages');
    });
  });
}

test.describe('Move to cart from the wishlist', () => {
  for (const screen of SCREENS) {
    test(`on ${screen.name}: the product leaves the wishlist for the cart`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: screen.viewport });
      const page = await context.newPage();
      await recordToasts(page);
      const shopper = await loggedInShopper(page);
      if (screen.slow) await slowCpu(page);
      const headers = { authorization: `Bearer ${shopper.token}` };
      const [first, second] = await variantIds(page, 2);
      for (const id of [first, second]) {
        expect((await page.request.post(`/api/common/wishlist_toggle/${id}/`, { headers })).ok()).toBe(true);
      }
      await page.goto('/wishlist');
      if (screen.slow) await dismissAppPrompt(page);
      const table = page.getByRole('table', { name: 'Products on your wishlist' });
      const rows = table.getByRole('row');
      await expect(rows).toHaveCount(3);
      const name = (await table.getByRole('link').first().textContent())?.trim() ?? '';
      await table.getByRole('button', { name: `Move to cart ${name}` }).click();
      await expectToast(page, `${name} moved to your cart`);
      await expect(rows).toHaveCount(2);
      await expect(table).not.toContainText(name);
      await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Wishlist, 1 item' })).toBeVisible();
      const cart = (await (await page.request.get('/api/common/cart/', { headers })).json()) as unknown;
      expect(JSON.stringify(cart)).toContain(name);
      await context.close();
    });
  }
});
