import { expect, test } from '@playwright/test';
import { closePromo, DESKTOP, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

test('home shows every section with catalogue data', async ({ page }) => {
  await page.goto('/');
  await closePromo(page);
  for (const name of [
    'Feature Categories',
    'Popular Products',
    'Extra Offers',
    'Daily Best Deals',
    'Daily Best Sells',
  ]) {
    await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Deals Of the Day')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Popular products' }).getByRole('listitem')).toHaveCount(10);
  await expect(page.getByRole('heading', { name: 'Coffee Combo Pack' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Clothes Combo Box' })).toBeVisible();
  // Feature categories: 8 tiles side by side at 1280 px.
  const tiles = page.locator('[data-feature-carousel] .swiper-slide');
  expect(await tiles.count()).toBeGreaterThan(8);
  const first = await tiles.nth(0).boundingBox();
  const eighth = await tiles.nth(7).boundingBox();
  expect(first && eighth && eighth.x + eighth.width).toBeLessThanOrEqual(1280);
  const ninth = await tiles.nth(8).boundingBox();
  expect(ninth && ninth.x).toBeGreaterThanOrEqual(1250);
  // Daily deals: only big_deal products, three at a time.
  const deals = page.locator('[data-deals-slider] .swiper-slide-visible, [data-deals-slider] .swiper-slide');
  expect(await deals.count()).toBeGreaterThan(0);
  // Prices are rupees in the Indian format.
  await expect(page.getByRole('list', { name: 'Popular products' })).toContainText('₹');
});

test('the Special Offer popup closes by itself after 8 seconds', async ({ page }) => {
  await page.goto('/');
  const promo = page.getByRole('dialog', { name: 'Special Offer' });
  await expect(promo).toBeVisible();
  await expect(promo.getByText('Buy One Get One FREE')).toBeVisible();
  await expect(promo.getByRole('link', { name: 'Shop Now' })).toBeVisible();
  await expect(promo).toBeHidden({ timeout: 12_000 });
});

test('offer countdowns start at 7 days and tick', async ({ page }) => {
  await page.goto('/');
  await closePromo(page);
  const timer = page.getByRole('timer', { name: 'Deals of the day end in' });
  // It ticks while on screen (off screen it shows where it stood when last drawn).
  await timer.scrollIntoViewIfNeeded();
  await expect(timer.locator('[data-part="days"]')).toHaveText('06');
  const centis = timer.locator('[data-part="centis"]');
  const before = await centis.textContent();
  await expect(centis).not.toHaveText(before ?? '');
});

test('header shows zero counts and Login for a visitor', async ({ page }) => {
  await page.goto('/aboutus');
  await waitForIslands(page);
  await expect(page.getByRole('link', { name: 'Wishlist, 0 items' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();
  const menu = page.getByRole('button', { name: 'Login' });
  await menu.click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
});

test('a card asks a visitor to log in before adding to cart or wishlist', async ({ page }) => {
  await page.goto('/productslisting');
  await waitForIslands(page);
  const card = page.getByRole('list', { name: 'All products' }).getByRole('listitem').first();
  await card.getByRole('button', { name: /to cart$/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Login Required' });
  await expect(dialog).toContainText('Please log in to add products to your cart.');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await card.getByRole('button', { name: /to wishlist$/ }).click();
  await expect(page.getByRole('dialog', { name: 'Please Login' })).toContainText('Please log in to use wishlist.');
  await expect(
    page.getByRole('dialog', { name: 'Please Login' }).getByRole('link', { name: 'Go to Login' }),
  ).toHaveAttribute('href', '/login?next=%2Fproductslisting');
});

test('every Shop Now and promotion link on the home page finds products', async ({ page }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('a[href^="/searchproductlist?search="]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('search') ?? ''));
  expect(hrefs.length).toBeGreaterThan(4);
  for (const term of new Set(hrefs)) {
    const results = (await (
      await page.request.get(`/api/common/products_search/?search=${encodeURIComponent(term)}`)
    ).json()) as unknown[];
    expect(results.length, `search for "${term}"`).toBeGreaterThan(0);
  }
});
