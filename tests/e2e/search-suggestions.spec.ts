import { expect as baseExpect, test, type Page } from '@playwright/test';
import { slowCpu } from './admin-fixtures';
import { DESKTOP } from './fixtures';

/** The header search box's suggestions (a combobox), on a slow 360 px phone and on a desktop. */
const SCREENS = [
  { name: 'phone', viewport: { width: 360, height: 640 }, slow: true },
  { name: 'desktop', viewport: DESKTOP, slow: false },
];

// A phone with its CPU slowed 4× loads, types and follows links slowly: slow is allowed here.
test.describe.configure({ timeout: 90_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const box = (page: Page) => page.getByRole('combobox', { name: 'Search products' });
const list = (page: Page) => page.getByRole('listbox', { name: 'Suggestions' });
const status = (page: Page) => page.locator('#site-search-status');

for (const screen of SCREENS) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport });
    test.beforeEach(async ({ page }) => {
      if (screen.slow) await slowCpu(page);
      await page.goto('/aboutus');
    });

    test('typing suggests products and categories; arrows and Enter open a product', async ({ page }) => {
      await box(page).click();
      await page.keyboard.type('tur');
      await expect(list(page)).toBeVisible();
      await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
      const options = list(page).getByRole('option');
      await expect(options.first()).toBeVisible();
      const count = await options.count();
      expect(count).toBeGreaterThan(1);
      await expect(status(page)).toHaveText(`${count} suggestions`);
      await expect(list(page)).toContainText(/Turmeric/);
      // No sideways scroll on a phone with the list open.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      await page.keyboard.press('ArrowDown');
      const first = options.first();
      await expect(first).toHaveAttribute('aria-selected', 'true');
      await expect(box(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id')) ?? '');
      await page.keyboard.press('ArrowDown');
      await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(first).toHaveAttribute('aria-selected', 'false');
      await page.keyboard.press('ArrowUp');
      await expect(first).toHaveAttribute('aria-selected', 'true');
      const name = ((await first.locator('span').first().textContent()) ?? '').trim();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/product-details\/\d+/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    });

    test('Escape closes the list, then clears the text', async ({ page }) => {
      await box(page).fill('haldi');
      await expect(list(page)).toBeVisible();
      await expect(list(page)).toContainText(/Turmeric/);
      await box(page).press('Escape');
      await expect(list(page)).toBeHidden();
      await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
      await expect(box(page)).toHaveValue('haldi');
      await box(page).press('Escape');
      await expect(box(page)).toHaveValue('');
    });

    test('nothing to suggest: the live region says so; the search page offers Did you mean and categories', async ({
      page,
    }) => {
      await box(page).fill('qzxwv');
      await expect(status(page)).toHaveText('No suggestions');
      await expect(list(page)).toBeHidden();
      await box(page).fill('tumeric qzxwv');
      await box(page).press('Enter');
      await expect(page).toHaveURL(/\/searchproductlist\?search=tumeric(\+|%20)qzxwv$/);
      await expect(page.getByText('No products found.')).toBeVisible();
      const fix = page.getByRole('link', { name: 'turmeric', exact: true });
      await expect(fix).toBeVisible();
      await expect(page.getByText(/Did you mean\s+turmeric\s*\?/)).toBeVisible();
      const popular = page.getByRole('navigation', { name: 'Popular categories' });
      await expect(popular.getByRole('link').first()).toBeVisible();
      await fix.click();
      await expect(page.getByRole('heading', { name: 'Search Results for "turmeric"' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Search results' }).getByRole('heading').first()).toContainText(
        /Turmeric/,
      );
    });
  });
}
