import { expect, test } from '@playwright/test';
import { DESKTOP, dismissAppPrompt, PHONE } from './fixtures';

test.describe('at 1280 px', () => {
  test.use({ viewport: DESKTOP });

  test('category menus open on hover and lead to a subcategory grid', async ({ page }) => {
    await page.goto('/aboutus');
    const nav = page.getByRole('navigation', { name: 'Categories' });
    await nav.getByRole('link', { name: 'Milks & Dairies' }).hover();
    const sub = nav.getByRole('link', { name: 'Milk', exact: true });
    await expect(sub).toBeVisible();
    await sub.click();
    await expect(page).toHaveURL(/\/subcategoriesproducts\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Milk' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Milk', exact: true })).toBeHidden();
    await expect(page.getByRole('dialog', { name: 'Download Our App' })).toBeHidden();
  });

  test('a category link opens its screen with the category list', async ({ page }) => {
    await page.goto('/aboutus');
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('link', { name: 'Clothing' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clothing' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clothing' }).and(page.locator('[aria-current="page"]'))).toBeVisible();
    const grid = page.getByRole('list', { name: 'Clothing products' });
    expect(await grid.getByRole('listitem').count()).toBeGreaterThan(0);
  });

  test('the scroll-to-top button appears after scrolling', async ({ page }) => {
    await page.goto('/productslisting');
    const button = page.getByRole('button', { name: 'Scroll to top' });
    await expect(button).toBeHidden();
    await page.mouse.wheel(0, 1200);
    await expect(button).toBeVisible();
    await button.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(button).toBeHidden();
  });
});

test.describe('at 375 px', () => {
  test.use({ viewport: PHONE });

  test('the app prompt shows until dismissed, and categories open by tapping', async ({ page }) => {
    await page.goto('/aboutus');
    await dismissAppPrompt(page);
    const nav = page.getByRole('navigation', { name: 'Categories' });
    const toggle = nav.getByRole('button', { name: 'Browse categories' });
    await expect(nav.getByRole('link', { name: 'Pet Foods' })).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await nav.getByRole('button', { name: 'Pet Foods subcategories' }).click();
    const sub = nav.locator('[data-category-menu][data-open]').getByRole('link').first();
    await expect(sub).toBeVisible();
    await sub.click();
    await expect(page).toHaveURL(/\/subcategoriesproducts\/\d+$/);
    // Dismissed: the next page does not ask again (not for a week).
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Download Our App' })).toBeHidden();
  });
});
