import { expect, test } from '@playwright/test';
import { DESKTOP, rupees } from './fixtures';

test.use({ viewport: DESKTOP });

test('searching from the header lists matching products, sortable by price', async ({ page }) => {
  await page.goto('/aboutus');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('  milk  ');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/searchproductlist\?search=milk$/);
  await expect(page.getByRole('heading', { name: 'Search Results for "milk"' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Search results' });
  await expect(results.getByRole('listitem').first()).toBeVisible();
  const count = await results.getByRole('listitem').count();
  expect(count).toBeGreaterThan(2);
  // Name matches come first.
  await expect(results.getByRole('heading').first()).toContainText(/milk/i);

  const prices = async () => rupees((await results.getByTestId('search-price').allTextContents()).join(' '));
  const sorted = (list: number[], order: 1 | -1) =>
    list.every((p, i) => i === 0 || order * (p - (list[i - 1] ?? p)) >= 0);
  // The list re-sorts once the island has the new choice: wait for it rather than read at once.
  await page.getByLabel('Sort by: Price').selectOption({ label: 'Low to High' });
  await expect.poll(async () => sorted(await prices(), 1)).toBe(true);
  const ascending = await prices();
  await page.getByLabel('Sort by: Price').selectOption({ label: 'High to Low' });
  await expect.poll(async () => sorted(await prices(), -1)).toBe(true);
  const descending = await prices();
  expect(descending).toEqual([...ascending].sort((a, b) => b - a));
  expect(descending.length).toBe(count);
});

test('search results and a subcategory arrive in the page itself, before any script runs', async ({ request }) => {
  const search = await request.get('/searchproductlist?search=milk');
  expect(search.status()).toBe(200);
  const html = await search.text();
  // React separates the text around the query with comments.
  expect(html).toMatch(/Search Results for &quot;(<!-- -->)?milk(<!-- -->)?&quot;/);
  expect(html).toMatch(/<ul[^>]*aria-label="Search results"/);
  // The first result's picture is preloaded in its AVIF widths (images.spec.ts checks it is the one shown).
  expect(html).toMatch(
    /<link rel="preload" as="image" fetchpriority="high" imagesrcset="\/media\/images\/[0-9a-f]{16}-160w\.avif 160w[^"]*" imagesizes="[^"]+" type="image\/avif"/,
  );
  // What the shopper typed is shown as text, never as markup.
  const hostile = await (await request.get('/searchproductlist?search=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).text();
  expect(hostile).not.toContain('<script>alert(1)</script>');
  expect(hostile).toContain('No products found.');
  const subcategory = await (await request.get('/searchproductlist?id=1&sub_category=1')).text();
  expect(subcategory).toMatch(/<ul[^>]*aria-label="Search results"/);
});

test('an empty search does nothing; an unknown one says so', async ({ page }) => {
  await page.goto('/aboutus');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('   ');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/aboutus$/);
  await box.fill('zzqqxx');
  await box.press('Enter');
  await expect(page.getByText('No products found.')).toBeVisible();
});

test('the search screen also lists a subcategory by id', async ({ page }) => {
  await page.goto('/searchproductlist?id=1&sub_category=1');
  await expect(page.getByRole('list', { name: 'Search results' }).getByRole('listitem').first()).toBeVisible();
  const sub = (
    (await (await page.request.get('/api/common/subcategories/')).json()) as { id: number; name: string }[]
  ).find((s) => s.id === 1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Search Results for "${sub?.name}"`);
  await expect(page.getByRole('complementary', { name: 'Category' })).toContainText('Milks & Dairies');
});
