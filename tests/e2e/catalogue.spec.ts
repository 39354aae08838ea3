import { expect, test } from '@playwright/test';
import { first } from '../lists';
import { DESKTOP } from './fixtures';

test.use({ viewport: DESKTOP });

test('a grid shows 50 products and Load More adds 50 at a time', async ({ page }) => {
  await page.goto('/productslisting');
  const cards = page.getByRole('list', { name: 'All products' }).getByRole('listitem');
  await expect(cards).toHaveCount(50);
  // The total the page was built with: other tests add products of their own meanwhile, and the
  // API's count may already be ahead of the static page.
  const counter = page.getByText(/Showing 50 of \d+ products/);
  const showing = /Showing 50 of (\d+) products/.exec(await counter.innerText());
  const total = Number(showing?.[1]);
  expect(total).toBeGreaterThan(100);
  const more = page.getByRole('button', { name: 'Load More' });
  await more.click();
  await expect(cards).toHaveCount(100);
  await expect(page.getByText(`Showing 100 of ${total} products`)).toBeVisible();
  for (let shown = 100; shown < total; shown += 50) {
    await more.click();
    await expect(cards).toHaveCount(Math.min(shown + 50, total));
  }
  await expect(more).toBeHidden();
});

test('category products page and the subcategory filter of the category screen', async ({ page }) => {
  const categories = (await (await page.request.get('/api/common/product_categories/')).json()) as {
    id: number;
    name: string;
  }[];
  const subs = (await (await page.request.get('/api/common/subcategories/')).json()) as {
    id: number;
    name: string;
    category: number;
  }[];
  const category = first(categories, 'the categories');
  const sub = subs.find((s) => s.category === category.id);
  if (!sub) throw new Error('no subcategory');
  const products = (await (await page.request.get(`/api/common/products/?sub_category=${sub.id}`)).json()) as unknown[];

  await page.goto(`/products/category/${category.id}`);
  await expect(page.getByRole('heading', { level: 1, name: category.name })).toBeVisible();

  await page.goto(`/subcategories/${category.id}?sub_category=${sub.id}`);
  await expect(page.getByRole('heading', { level: 1, name: sub.name })).toBeVisible();
  await expect(page.getByRole('list', { name: `${category.name} products` }).getByRole('listitem')).toHaveCount(
    products.length,
  );
});

test('unknown paths answer 404 with a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('img', { name: 'A lost parcel' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the build writes sitemap.xml and robots.txt', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  expect(xml).toContain('/product-details/1</loc>');
  expect(xml.match(/<url>/g)?.length).toBeGreaterThan(300);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml/);
});

test('pages work without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto('/product-details/1');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('₹').first()).toBeVisible();
  await page.goto('/subcategoriesproducts/1');
  expect(await page.getByRole('listitem').filter({ hasText: 'Buy Now' }).count()).toBeGreaterThan(0);
  await context.close();
});
