import { expect, test, type Page } from '@playwright/test';
import { first, itemAt } from '../lists';
import { DESKTOP, openShopDatabase, rupees, waitForIslands } from './fixtures';

test.use({ viewport: DESKTOP });

interface ApiVariant {
  id: number;
  color: string | null;
  size: string | null;
  unit: string;
  unit_value: number;
  sku: string;
  final_price: number;
}
interface ApiProduct {
  id: number;
  name: string;
  unit: string;
  variants: ApiVariant[];
}

async function findProduct(page: Page, match: (p: ApiProduct) => boolean): Promise<ApiProduct> {
  const response = await page.request.get('/api/common/products/');
  const products = (await response.json()) as ApiProduct[];
  const product = products.find(match);
  if (!product) throw new Error('The seeded catalogue has no such product');
  return product;
}

test('a product page shows gallery, prices, options and structured data', async ({ page }) => {
  const product = await findProduct(page, (p) => p.variants.length > 1 && !['piece', 'pair'].includes(p.unit));
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText('DELIVERY ESTIMATE')).toBeVisible();
  await expect(page.getByText(`Product code: ${first(product.variants, 'the variants').sku}`)).toBeVisible();
  await expect(page.getByText('Weight/Volume:')).toBeVisible();
  const main = page.getByTestId('product-main-image');
  expect((await main.boundingBox())?.height).toBe(400);
  const thumbs = page.getByRole('list', { name: 'Pictures' }).getByRole('button');
  expect(await thumbs.count()).toBeGreaterThan(1);
  expect((await thumbs.first().boundingBox())?.width).toBe(60);
  await thumbs.nth(1).click();
  await expect(thumbs.nth(1)).toHaveAttribute('aria-pressed', 'true');

  // Choosing another pack changes code and price.
  const second = itemAt(product.variants, 1, 'the variants');
  await page.getByRole('group', { name: 'Pack size' }).getByRole('button').nth(1).click();
  await expect(page.getByText(`Product code: ${second.sku}`)).toBeVisible();
  expect(first(rupees(await page.getByTestId('product-price').innerText()))).toBe(second.final_price);

  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}');
  expect(jsonLd['@type']).toBe('Product');
  expect(jsonLd.name).toBe(product.name);
  expect(jsonLd.offers[0].priceCurrency).toBe('INR');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/product-details/${product.id}$`),
  );
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', product.name);
});

test('the islands hydrate the HTML rendered with the page: ids unique, no errors, the account menu opens', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const product = await findProduct(page, (p) => p.variants.length > 1);
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  // Header, product and notices: each island's ids (from useId) carry its own prefix.
  const prefixes = await page
    .locator('astro-island')
    .evaluateAll((islands) => islands.map((i) => i.getAttribute('prefix')));
  expect(prefixes.length).toBeGreaterThanOrEqual(3);
  expect(new Set(prefixes).size).toBe(prefixes.length);
  const ids = await page.locator('[id]').evaluateAll((elements) => elements.map((e) => e.id));
  expect(new Set(ids).size).toBe(ids.length);
  const account = page.getByRole('banner').getByRole('button', { name: 'Login' });
  await account.click();
  const menu = page.locator(`[id="${await account.getAttribute('aria-controls')}"]`);
  await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(account).toHaveAttribute('aria-expanded', 'true');
  expect(errors).toEqual([]);
});

test('colour and size choices follow the variant rules', async ({ page }) => {
  const product = await findProduct(
    page,
    (p) =>
      ['piece', 'pair'].includes(p.unit) &&
      new Set(p.variants.map((v) => v.color)).size > 1 &&
      p.variants.some((v) => v.size),
  );
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  const colours = [...new Set(product.variants.map((v) => v.color))];
  const colourButtons = page.getByRole('group', { name: /^Colour/ }).getByRole('button');
  await expect(colourButtons).toHaveCount(colours.length);
  const target = colours[1] as string;
  await colourButtons.filter({ hasText: target }).click();
  await expect(colourButtons.filter({ hasText: target })).toHaveAttribute('aria-pressed', 'true');
  const sizesOfTarget = product.variants.filter((v) => v.color === target && v.size).map((v) => v.size);
  await expect(page.getByRole('group', { name: 'Size' }).getByRole('button')).toHaveText(sizesOfTarget as string[]);
});

test('Add Cart and Buy Now ask a visitor to log in', async ({ page }) => {
  const product = await findProduct(page, () => true);
  await page.goto(`/product-details/${product.id}`);
  await waitForIslands(page);
  await page.getByRole('button', { name: 'Add Cart' }).click();
  const dialog = page.getByRole('dialog', { name: 'Please login to continue' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'Go to Login' })).toHaveAttribute(
    'href',
    `/login?next=${encodeURIComponent(`/product-details/${product.id}`)}`,
  );
});

test('the Review tab lists reviews with bars from the real counts', async ({ page }) => {
  const latest = (await (await page.request.get('/api/common/ratings/')).json()) as { product: number }[];
  const productId = first(latest, 'the latest reviews').product;
  const mine = (await (await page.request.get(`/api/common/ratings/?product=${productId}`)).json()) as {
    rating: number;
  }[];
  await page.goto(`/product-details/${productId}`);
  await waitForIslands(page);
  const tab = page.getByRole('tab', { name: /Review/ });
  // The tabs hydrate when reached: the live reviews, and their count, come then (the built page
  // counts those it was built with).
  await tab.click();
  await expect(tab).toContainText(String(mine.length));
  const bars = page.getByRole('list', { name: 'Ratings by stars' });
  const five = Math.round((mine.filter((r) => r.rating === 5).length / mine.length) * 100);
  await expect(bars.getByRole('listitem').first()).toContainText(`${five}%`);
});

test('the delivery box and the tabs fetch their code only when the shopper reaches for them', async ({ page }) => {
  const fetched: string[] = [];
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => {
    const island = /\/_astro\/(DeliveryEstimate|ProductTabs)\./.exec(request.url());
    if (island?.[1]) fetched.push(island[1]);
  });
  await page.goto('/product-details/1');
  await waitForIslands(page);
  await page.waitForLoadState('networkidle');
  // The product's two (the header's search suggestions wait for the search box the same way).
  const waiting = page.locator('main astro-island[ssr][client="interaction"]');
  await expect(waiting).toHaveCount(2);
  expect(fetched, 'fetched before any interaction').toEqual([]);
  // As built, the description is there without them.
  await expect(page.getByRole('tabpanel')).toContainText(/\S/);

  // Pointing at the tabs brings theirs; tabbing into the pincode brings the delivery box's.
  await page.getByRole('tab', { name: /Review/ }).hover();
  await expect(waiting).toHaveCount(1);
  await page.getByLabel('Pincode').focus();
  await expect(waiting).toHaveCount(0);
  expect(fetched.sort()).toEqual(['DeliveryEstimate', 'ProductTabs']);
  await page.getByRole('tab', { name: /Review/ }).click();
  await expect(page.getByRole('tab', { name: /Review/ })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('tab', { name: /Review/ }).press('ArrowLeft');
  await expect(page.getByRole('tab', { name: 'Description' })).toBeFocused();
  // Hydrated late, they still match the HTML they were built with.
  expect(errors).toEqual([]);
});

test('a product added after the build is served by the fallback page', async ({ page }) => {
  const db = openShopDatabase();
  let productId: number;
  try {
    const product = await db
      .insertInto('products')
      .values({
        subcategory_id: 1,
        name: 'Late Arrival Steel Tumbler Set',
        description: 'Six tumblers added after the build.',
        weight_grams: 900,
        unit: 'piece',
        length_cm: 20,
        width_cm: 15,
        height_cm: 12,
        big_deal: 0,
        popular: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    productId = product.id;
    await db
      .insertInto('variants')
      .values({
        product_id: productId,
        position: 0,
        name: 'Steel',
        color: 'Steel',
        size: null,
        sku: `LATE-${productId}`,
        unit: 'piece',
        unit_value: 1,
        price_paise: 59900,
        final_price_paise: 44900,
      })
      .execute();
  } finally {
    await db.destroy();
  }

  // The delivery box and the tabs hydrate only once the product has been read, as on a slow
  // network: their first render must still match the page as built (no React #418).
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/(DeliveryEstimate|ProductTabs)\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const response = await page.goto(`/product-details/${productId}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Late Arrival Steel Tumbler Set' })).toBeVisible();
  release();
  expect(rupees(await page.getByTestId('product-price').innerText())).toEqual([449, 599]);
  await expect(page.getByText('25% Off')).toBeVisible();
  // The page's other islands follow once the product has been read.
  await expect(page.getByRole('tabpanel')).toContainText('Six tumblers added after the build.');
  await expect(page.getByRole('form', { name: 'Check delivery' })).toBeVisible();
  expect(errors).toEqual([]);

  expect((await page.goto('/product-details/99999999'))?.status()).toBe(404);
});
