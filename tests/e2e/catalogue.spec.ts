import { expect, test } from '@playwright/test';
import { first } from '../lists';
import { DESKTOP } from './fixtures';

test.use({ viewport: DESKTOP });

test('a grid shows 50 products and Load More adds 50 at a time', async ({ page }) => {
  // Seven or more pages of 50 cards, every one checked: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  await page.goto('/productslisting');
  const cards = page.getByRole('list', { name: 'All products' }).getByRole('listitem');
  const counter = page.getByText(/Showing \d+ of \d+ products/);
  const figures = async () => {
    const match = /Showing (\d+) of (\d+) products/.exec(await counter.innerText());
    return [Number(match?.[1]), Number(match?.[2])] as const;
  };
  await expect(cards).toHaveCount(50);
  let [shown, total] = await figures();
  expect(shown).toBe(50);
  expect(total).toBeGreaterThan(100);
  // Each press adds the next 50 (the last the rest), as its page says: other tests add products of
  // their own meanwhile, so the total may move by a few between the pages.
  const more = page.getByRole('button', { name: 'Load More' });
  while (shown < total) {
    await more.click();
    await expect(counter).not.toHaveText(new RegExp(`Showing ${shown} of`));
    const [next, nextTotal] = await figures();
    expect(next - shown === 50 || (next === nextTotal && next - shown < 50), `${shown} → ${next} of ${nextTotal}`).toBe(
      true,
    );
    await expect(cards).toHaveCount(next);
    [shown, total] = [next, nextTotal];
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
