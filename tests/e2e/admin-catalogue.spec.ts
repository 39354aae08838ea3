import fs from 'node:fs';
import { expect as baseExpect, test, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { AdminProduct, AdminProductPage } from '../../contract/api/admin-catalogue';
import { CSV_COLUMNS, CSV_FORMULA } from '../../contract/catalogue-csv';
import { formatRupees } from '../../contract/format';
import {
  FINAL_ABOVE_PRICE,
  LAST_VARIANT,
  PRICE_INVALID,
  PRODUCT_NAME_REQUIRED,
} from '../../contract/schemas/admin-catalogue';
import { LINK_FOR_BUTTON, LINK_INVALID } from '../../contract/schemas/home-content';
import { ROLE_CANNOT } from '../../contract/staff';
import { readOnlyText } from '../../src/features/admin/read-only';
import { LEAVE_UNSAVED } from '../../src/features/admin/unsaved-changes';
import { itemAt } from '../lists';
import {
  apiStaffToken,
  phone,
  PHONE_360,
  recordProblems,
  seriousViolations,
  sidewaysScroll,
  signedInStaff,
  staffSessionToken,
} from './admin-fixtures';
import { apiShopper, closePromo, DESKTOP, waitForIslands } from './fixtures';
import { ownProduct } from './own-products';

/**
 * The back office's catalogue: an owner on a 360 px phone (CPU slowed 4×) adds a product with
 * two variants and a photo, and the static product page and its category's page show it within
 * 10 s, and its new price as soon; the product table searches and sorts in the address and
 * exports the catalogue as CSV; a 500-row import is checked, its problems shown and fixed, then
 * imported; support staff see a product read only, and the API refuses their change.
 */

test.describe.configure({ timeout: 240_000 });
const expect = baseExpect.configure({ timeout: 20_000 });
test.use({ viewport: DESKTOP });

/** How long a staff change may take to reach the static pages. */
const SITE_FOLLOWS_MS = 10_000;

const run = `${Date.now().toString(36)}${process.pid}`;

interface PublicCategory {
  id: number;
  name: string;
}
interface PublicSubcategory {
  id: number;
  name: string;
  category: number;
}

/**
 * A category of the demo shop (not the first, which other tests read) whose page lists all its
 * products on one page (fewer than 45), and one of its subcategories.
 */
async function quietCategory(
  request: APIRequestContext,
  skip = 0,
): Promise<{ category: PublicCategory; sub: PublicSubcategory }> {
  const categories = (await (await request.get('/api/common/product_categories/')).json()) as PublicCategory[];
  const subs = (await (await request.get('/api/common/subcategories/')).json()) as PublicSubcategory[];
  const fitting: { category: PublicCategory; sub: PublicSubcategory }[] = [];
  for (const category of categories.slice(1)) {
    const page = (await (await request.get(`/api/common/products/?category=${category.id}&page_size=1`)).json()) as {
      count: number;
    };
    const sub = subs.find((s) => s.category === category.id);
    if (sub && page.count < 45) fitting.push({ category, sub });
  }
  return itemAt(fitting, skip, 'categories with room on their page');
}

/** A product added through the API, in `subId`, with one variant. */
async function apiProduct(request: APIRequestContext, token: string, subId: number, name: string) {
  const answer = await request.post('/api/admin/catalogue/products', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      subcategory_id: subId,
      weight: 500,
      unit: 'piece',
      hsn_code: '7323',
      gst_rate: 12,
      variants: [
        {
          name: 'Standard',
          sku: `${name.replace(/\W+/g, '-')}-1`,
          unit: 'piece',
          unit_value: 1,
          price: 500,
          final_price: 450,
          on_hand: 5,
        },
      ],
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return (await answer.json()) as AdminProduct;
}

/** The HTML a static page answers now ('' while it is not there). */
async function pageHtml(request: APIRequestContext, path: string): Promise<string> {
  const answer = await request.get(path);
  return answer.ok() ? answer.text() : '';
}

/** Polls until `ready` holds for the page's HTML, and answers how long it took. */
async function followsWithin(
  request: APIRequestContext,
  path: string,
  ready: (html: string) => boolean,
  since: number,
) {
  await expect
    .poll(async () => ready(await pageHtml(request, path)), { timeout: SITE_FOLLOWS_MS, intervals: [250] })
    .toBe(true);
  return Date.now() - since;
}

/** A small PNG picture. */
/**
 * The home page as a shopper sees it: the banner's headline as text over its picture (whose alt is
 * empty: the headline says it), and its button leading to its own link. Reduced motion: no autoplay
 * moves the slide away while it is read; the shopper's hand on the slider starts it.
 */
async function bannerOnHome(page: Page, headline: string, button: string, link: string): Promise<void> {
  const shop = await page.context().newPage();
  try {
    await shop.emulateMedia({ reducedMotion: 'reduce' });
    await shop.goto('/');
    await closePromo(shop);
    const hero = shop.locator('[data-hero-slider]');
    await hero.hover();
    await expect(hero).toHaveClass(/swiper-initialized/);
    const slide = hero
      .locator('.swiper-slide')
      .filter({ has: shop.getByRole('heading', { name: headline, exact: true }) });
    await expect(slide).toHaveCount(1);
    const index = Number(await slide.getAttribute('data-swiper-slide-index'));
    await hero.getByRole('button', { name: `Go to slide ${index + 1}` }).click();
    await expect(slide).toHaveClass(/swiper-slide-active/);
    await expect(slide.getByRole('heading', { name: headline, exact: true })).toBeVisible();
    await expect(slide.locator('img')).toHaveAttribute('alt', '');
    const go = slide.getByRole('link', { name: button, exact: true });
    await expect(go).toHaveAttribute('href', link);
    await go.click();
    await expect(shop).toHaveURL((url) => `${url.pathname}${url.search}` === link);
  } finally {
    await shop.close();
  }
}

function png(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 240, height: 240, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function fillVariant(
  scope: ReturnType<Page['getByRole']>,
  v: { name: string; sku: string; colour: string; price: string; final: string; stock: string },
) {
  await scope.getByLabel('Variant name').fill(v.name);
  await scope.getByLabel('Product code (SKU)').fill(v.sku);
  await scope.getByLabel('Colour').fill(v.colour);
  await scope.getByLabel('Price (₹)', { exact: true }).fill(v.price);
  await scope.getByLabel('Final price (₹)').fill(v.final);
  await scope.getByLabel('Stock on hand').fill(v.stock);
}

test('on a slow phone, an owner adds a product with two variants and a photo; the static pages follow within 10 s, and so does a new price', async ({
  browser,
  request,
}) => {
  const { category, sub } = await quietCategory(request);
  const page = await phone(browser);
  const problems: string[] = [];
  recordProblems(page, problems);
  const owner = await signedInStaff(page, 'owner', 'Nisha Owner');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);
  await waitForIslands(page);
  await expect(page.getByRole('status').filter({ hasText: /products? match/ })).toBeVisible();
  expect(await sidewaysScroll(page), 'the product table fits a 360 px phone').toBe(0);
  expect(await seriousViolations(page), 'the product table').toEqual([]);

  await page.getByRole('link', { name: 'Add product' }).click();
  await expect(page).toHaveURL(/\/admin\/product\?new=1$/);
  await waitForIslands(page);
  const form = page.getByRole('form', { name: 'New product' });

  // The shared rules answer before anything is sent.
  let asked = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().includes('/api/admin/catalogue/products')) asked = true;
  });
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(form.getByText(PRODUCT_NAME_REQUIRED)).toBeVisible();
  expect(asked).toBe(false);

  const name = `Copper Water Bottle ${run}`;
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Brand').fill('Tamra');
  await form.getByLabel('Description').fill('A one-litre copper bottle with a screw cap.');
  await form.getByLabel('Category', { exact: true }).selectOption({ label: category.name });
  await form.getByLabel('Subcategory').selectOption({ label: sub.name });
  await form.getByLabel('Weight (g)').fill('650');
  await form.getByLabel('HSN code').fill('7418');
  await form.getByLabel('GST rate').selectOption({ label: '12%' });
  const first = form.getByRole('group', { name: 'Variant 1' });
  await fillVariant(first, {
    name: 'Plain',
    sku: `CWB-${run}-P`,
    colour: 'Copper',
    price: '999',
    final: '-5',
    stock: '25',
  });
  await form.getByRole('button', { name: 'Create product' }).click();
  await expect(first.getByText(/^Final price must be in rupees above 0/)).toBeVisible();
  await first.getByLabel('Final price (₹)').fill('799');
  await expect(first.getByTestId('variant-discount')).toHaveText('Discount: 20% off');
  await form.getByRole('button', { name: 'Add another variant' }).click();
  const second = form.getByRole('group', { name: 'Variant 2' });
  await fillVariant(second, {
    name: 'Hammered',
    sku: `CWB-${run}-H`,
    colour: 'Copper',
    price: '1199',
    final: '1199',
    stock: '10',
  });
  await expect(second.getByTestId('variant-discount')).toHaveText('Discount: No discount');
  expect(await sidewaysScroll(page), 'the product form fits a 360 px phone').toBe(0);
  await form.getByRole('button', { name: 'Create product' }).click();

  const plain = page.getByRole('region', { name: 'Variant: Plain' });
  await expect(plain).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/product\?id=\d+$/);
  const id = Number(new URL(page.url()).searchParams.get('id'));
  await expect(page.getByRole('heading', { name: `Product #${id}`, level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Variant: Hammered' }).getByTestId('variant-stock')).toHaveText(
    '10 on hand · 0 reserved · 10 available',
  );

  // A file that is not a picture is refused with the server's words; a PNG is taken.
  const pictureInput = plain.getByLabel('Add a picture (JPEG, PNG or WebP)');
  await pictureInput.setInputFiles({
    name: 'not-a-picture.png',
    mimeType: 'image/png',
    buffer: Buffer.from('plain text'),
  });
  await plain.getByRole('button', { name: 'Upload picture' }).click();
  await expect(
    plain.getByRole('status').filter({ hasText: 'The picture must be a JPEG, PNG or WebP image.' }),
  ).toBeVisible();
  await expect(plain.getByRole('img', { name: 'Picture 1 of Plain' })).toHaveCount(0);
  await pictureInput.setInputFiles({ name: 'bottle.png', mimeType: 'image/png', buffer: await png('#b87333') });
  await plain.getByRole('button', { name: 'Upload picture' }).click();
  await expect(plain.getByRole('img', { name: 'Picture 1 of Plain' })).toBeVisible();
  const stored = (await (
    await request.get(`/api/admin/catalogue/products/${id}`, { headers: { authorization: `Bearer ${owner.token}` } })
  ).json()) as AdminProduct;
  const original =
    itemAt(itemAt(stored.variants, 0, 'its variants').images, 0, 'its pictures')
      .image.split('/')
      .pop() ?? '';
  // Kept as the PNG it was, named by its hash, size and colour; pages ask for its widths by the hash.
  expect(original).toMatch(/^[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}\.png$/);
  const picture = original.slice(0, 16);

  // The static pages follow: the product's own page with its photo, and its category's page.
  const saved = Date.now();
  const productPage = `/product-details/${id}/`;
  const productTook = await followsWithin(
    request,
    productPage,
    (html) => html.includes(name) && html.includes(picture),
    saved,
  );
  const listed = new RegExp(`/product-details/${id}["/]`);
  const categoryTook = await followsWithin(
    request,
    `/subcategories/${category.id}/`,
    (html) => listed.test(html),
    saved,
  );
  test
    .info()
    .annotations.push({ type: 'site follows', description: `product ${productTook} ms, category ${categoryTook} ms` });
  expect(productTook, 'the product page follows within 10 s').toBeLessThanOrEqual(SITE_FOLLOWS_MS);
  expect(categoryTook, 'the category page follows within 10 s').toBeLessThanOrEqual(SITE_FOLLOWS_MS);
  expect(await pageHtml(request, productPage)).toContain(formatRupees(799));

  // A new price: the discount is derived as it is typed, and the static page follows.
  await plain.getByLabel('Price (₹)', { exact: true }).fill('1299');
  await plain.getByLabel('Final price (₹)').fill('1111.50');
  await expect(plain.getByTestId('variant-discount')).toHaveText('Discount: 14% off');
  // Stock counted at the same time: a change with its reason, kept by the same one Save.
  await plain.getByLabel('Stock change (+/−)').fill('+5');
  await plain.getByLabel('Reason').selectOption({ label: 'Counted: correction' });
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  const repriced = Date.now();
  const priceTook = await followsWithin(request, productPage, (html) => html.includes(formatRupees(1111.5)), repriced);
  test.info().annotations.push({ type: 'site follows', description: `new price ${priceTook} ms` });
  expect(priceTook, 'the new price reaches the static page within 10 s').toBeLessThanOrEqual(SITE_FOLLOWS_MS);

  await expect(plain.getByTestId('variant-stock')).toHaveText('30 on hand · 0 reserved · 30 available');
  await expect(plain.getByTestId('stock-history')).toContainText(
    'Counted: correction +5 \u2192 30 · Nisha Owner (owner)',
  );

  expect(await sidewaysScroll(page), 'the product page fits a 360 px phone').toBe(0);
  expect(await seriousViolations(page), 'the product page').toEqual([]);
  // The refused upload's 415 is the one failed load the browser reports, and it was meant.
  const refusedUpload = /status of 415 \(Unsupported Media Type\)/;
  expect(
    problems.filter((p) => !refusedUpload.test(p)),
    'console errors on the phone',
  ).toEqual([]);
  await page.context().close();
});

test('the product table searches, sorts and pages in the address, and exports the catalogue as CSV', async ({
  page,
  request,
}) => {
  const { sub } = await quietCategory(request);
  await signedInStaff(page, 'owner', 'Omar Owner');
  const token = await apiStaffToken(request, 'owner');
  const made = await apiProduct(request, token, sub.id, `Steel Lunch Box ${run}`);
  const sku = itemAt(made.variants, 0, 'its variants').sku;

  await page.goto('/admin/catalogue');
  await waitForIslands(page);
  const filters = page.getByRole('form', { name: 'Filter products' });
  await filters.getByLabel('Search').fill(sku);
  await filters.getByLabel('Sort').selectOption({ label: 'Price: highest first' });
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?search=${sku}&sort=-price$`));
  const row = page.getByRole('row', { name: made.name });
  await expect(row).toContainText(sku);
  await expect(row).toContainText(formatRupees(450));
  await expect(row).toContainText('Shown');
  expect(await seriousViolations(page), 'the filtered table').toEqual([]);

  // Reload keeps the filters; Back goes to the list before them.
  await page.reload();
  await waitForIslands(page);
  await expect(page.getByRole('form', { name: 'Filter products' }).getByLabel('Search')).toHaveValue(sku);
  await expect(page.getByRole('row', { name: made.name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/catalogue$/);

  // Paging by the server: page 2 of the whole list.
  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\?page=2$/);
  await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await downloading;
  expect(file.suggestedFilename()).toMatch(/^catalogue-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync(await file.path(), 'utf8');
  expect(csv.split(/\r?\n/, 1)[0]).toBe(CSV_COLUMNS.join(','));
  expect(csv).toContain(sku);

  await page.goto(`/admin/catalogue?search=${sku}`);
  await page.getByRole('row', { name: made.name }).getByRole('link', { name: made.name }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/product\\?id=${made.id}$`));
  await expect(page.getByRole('form', { name: 'Product' }).getByLabel('Name', { exact: true })).toHaveValue(made.name);
  await waitForIslands(page);

  // Pictures: two uploaded, the second moved first with the keyboard, then the other deleted.
  const card = page.getByRole('region', { name: 'Variant: Standard' });
  const upload = async (colour: string) => {
    await card.getByLabel('Add a picture (JPEG, PNG or WebP)').setInputFiles({
      name: `${colour.slice(1)}.png`,
      mimeType: 'image/png',
      buffer: await png(colour),
    });
    await card.getByRole('button', { name: 'Upload picture' }).click();
  };
  await upload('#e76f51');
  await expect(card.getByRole('img', { name: 'Picture 1 of Standard' })).toBeVisible();
  await upload('#264653');
  const second = await card.getByRole('img', { name: 'Picture 2 of Standard' }).getAttribute('src');
  await card.getByRole('button', { name: 'Up picture 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(card.getByRole('status').filter({ hasText: 'Picture moved to place 1.' })).toBeVisible();
  await expect(card.getByRole('img', { name: 'Picture 1 of Standard' })).toHaveAttribute('src', second ?? '');
  await card.getByRole('button', { name: 'Delete picture 2' }).click();
  await expect(card.getByRole('img')).toHaveCount(1);
  await expect(card.getByRole('img', { name: 'Picture 1 of Standard' })).toHaveAttribute('src', second ?? '');

  // A product's last variant cannot go: the server's reason is shown, and the variant stays.
  await card.getByRole('button', { name: 'Delete variant' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete the variant Standard?' });
  await confirm.getByRole('button', { name: 'Delete the variant' }).click();
  await expect(card.getByRole('status').filter({ hasText: LAST_VARIANT })).toBeVisible();
  await expect(card).toBeVisible();
  expect(await seriousViolations(page), 'the product page').toEqual([]);
});

/** A catalogue CSV of `products` new products of 50 variants each, in `category` › `sub`. */
function importFile(prefix: string, category: string, sub: string, products: number): string[][] {
  const rows: string[][] = [
    [
      'product_name',
      'category',
      'subcategory',
      'hsn_code',
      'gst_rate',
      'sku',
      'variant_name',
      'price',
      'final_price',
      'on_hand',
    ],
  ];
  for (let p = 0; p < products; p += 1) {
    for (let v = 0; v < 50; v += 1) {
      rows.push([
        `${prefix} Tumbler ${p}`,
        category,
        sub,
        '7323',
        '12',
        `${prefix}-${p}-${v}`,
        `Size ${v + 1}`,
        String(100 + v),
        String(90 + v),
        '7',
      ]);
    }
  }
  return rows;
}

const csvText = (rows: string[][]) =>
  rows.map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n');

test('a 500-row import: the dry run lists every bad row, the fixed file imports, and the shop has it', async ({
  page,
  request,
}) => {
  const { category, sub } = await quietCategory(request, 1);
  await signedInStaff(page, 'owner', 'Ira Owner');
  const prefix = `IMP${run}`.toUpperCase();
  const good = importFile(prefix, category.name, sub.name, 10);
  expect(good.length - 1).toBe(500);
  const bad = good.map((r) => [...r]);
  const col = (name: string) => itemAt(good, 0, 'the header').indexOf(name);
  itemAt(bad, 1)[col('price')] = '-5';
  itemAt(bad, 59)[col('category')] = 'No Such Category';
  itemAt(bad, 119)[col('variant_name')] = '=HYPERLINK("http://example.com")';

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page).toHaveURL(/\/admin\/import$/);
  await waitForIslands(page);
  await expect(page.getByTestId('csv-template')).toHaveText(CSV_COLUMNS.join(','));
  const check = page.getByRole('button', { name: 'Check' });
  const importButton = page.getByRole('button', { name: 'Import', exact: true });
  await expect(check).toBeDisabled();
  await expect(importButton).toBeDisabled();

  const fileInput = page.getByLabel('CSV file');
  await fileInput.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(csvText(bad)) });
  await check.click();
  // Every problem, by row and column: a bad cell may also break a rule that leans on it (a cell that cannot be
  // read is named once).
  await expect(page.getByTestId('import-step')).toHaveText(/The file has 4 problems/);
  await expect(importButton).toBeDisabled();
  const expected: [number, string, string][] = [
    [2, 'price', PRICE_INVALID],
    [2, 'final_price', FINAL_ABOVE_PRICE],
    [60, 'category', 'Unknown category "No Such Category".'],
    [120, 'variant_name', CSV_FORMULA],
  ];
  const problems = page.getByRole('table', { name: '4 problems' }).getByRole('row', { name: /^Row \d+$/ });
  await expect(problems).toHaveCount(expected.length);
  for (const [i, [row, column, message]] of expected.entries()) {
    await expect(problems.nth(i)).toContainText(`Row: ${row}`);
    await expect(problems.nth(i)).toContainText(`Column: ${column}`);
    await expect(problems.nth(i)).toContainText(message);
  }
  expect(await seriousViolations(page), 'the import page with problems').toEqual([]);
  await page.setViewportSize(PHONE_360);
  expect(await sidewaysScroll(page), 'the problems fit a 360 px phone').toBe(0);
  await page.setViewportSize(DESKTOP);

  // The fixed file: checked first, then imported.
  await fileInput.setInputFiles({ name: 'fixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csvText(good)) });
  await expect(importButton).toBeDisabled();
  await check.click();
  await expect(page.getByTestId('import-step')).toHaveText('No problems: Import writes it all.');
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText('500 rows read.');
  await expect(summary).toContainText('Products: 10 created, 0 updated, 0 unchanged.');
  await expect(summary).toContainText('Variants: 500 created, 0 updated, 0 unchanged.');
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(page.getByTestId('import-step')).toHaveText(/^Imported\./, { timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'What was imported' })).toBeVisible();
  await expect(importButton).toBeDisabled();

  // One of the new products, through the public API.
  const token = await staffSessionToken(page);
  const found = (await (
    await request.get(`/api/admin/catalogue/products?search=${prefix}-3-0`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as AdminProductPage;
  const made = itemAt(found.results, 0, 'the imported products');
  const shown = await request.get(`/api/common/products/${made.id}/`);
  expect(shown.status()).toBe(200);
  const product = (await shown.json()) as { name: string; variants: unknown[] };
  expect(product.name).toBe(`${prefix} Tumbler 3`);
  expect(product.variants).toHaveLength(50);
});

const ADDRESS = 'Meera Nair, 9876543210, Koramangala, 4th Block, Bengaluru, Karnataka, 560034';

/** A shopper buys one piece of a variant through the API: ordered, paid by the local checkout and verified. */
async function sellOne(request: APIRequestContext, variantId: number): Promise<void> {
  const shopper = await apiShopper(request);
  const headers = { authorization: `Bearer ${shopper.token}` };
  const placed = await request.post('/api/common/create_order/', {
    headers,
    data: { products: [{ variant_id: variantId, quantity: 1 }], address: ADDRESS },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { order_id: orderId } = (await placed.json()) as { order_id: string };
  const signed = await request.post('/api/payments/local/authorize', { headers, data: { order_id: orderId } });
  const verified = await request.post('/api/common/verify_payment/', { headers, data: await signed.json() });
  expect(verified.status()).toBe(200);
}

test('export, sell one, import a price change on a 390 px phone: the sale stands, and the check shows that one cell', async ({
  page,
  request,
}) => {
  const { sub } = await quietCategory(request);
  const token = await apiStaffToken(request, 'owner');
  const made = await apiProduct(request, token, sub.id, `Small Tiffin ${run}`);
  const variant = itemAt(made.variants, 0, 'its variants');
  await signedInStaff(page, 'owner', 'Uma Owner');

  await page.goto(`/admin/catalogue?search=${variant.sku}`);
  await waitForIslands(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const exported = fs.readFileSync(await (await downloading).path(), 'utf8');

  // A shopper buys one of the five after the export.
  await sellOne(request, variant.id);

  // The owner changes only the price in the file (the header and this product's row).
  const lines = exported.split(/\r?\n/);
  const header = itemAt(lines, 0, 'the header').split(',');
  const line = lines.find((l) => l.includes(`,${variant.sku},`));
  if (!line) throw new Error(`no row for ${variant.sku}`);
  const cells = line.split(',');
  expect(cells[header.indexOf('on_hand')]).toBe('5');
  expect(cells[header.indexOf('on_hand_at_export')]).toBe('5');
  cells[header.indexOf('final_price')] = '425';
  const file = `${header.join(',')}\n${cells.join(',')}\n`;

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/import');
  await waitForIslands(page);
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'prices.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('import-step')).toHaveText('No problems: Import writes it all.');
  const changes = page
    .getByRole('table', { name: '1 row the file would change' })
    .getByRole('row', { name: /^Row \d+$/ });
  await expect(changes).toHaveCount(1);
  await expect(changes.first()).toContainText(variant.sku);
  await expect(changes.first()).toContainText(`final_price ${formatRupees(450)} → ${formatRupees(425)}`);
  await expect(changes.first()).not.toContainText('on_hand');
  expect(await sidewaysScroll(page), 'the plan fits a 390 px phone').toBe(0);
  expect(await seriousViolations(page), 'the import page with its plan').toEqual([]);

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByTestId('import-step')).toHaveText(/^Imported\./);

  const shown = (await (await request.get(`/api/common/products/${made.id}/`)).json()) as {
    variants: { id: number; final_price: number }[];
  };
  expect(shown.variants.find((v) => v.id === variant.id)?.final_price).toBe(425);
  const stock = (await (
    await request.get(`/api/admin/catalogue/products/${made.id}`, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as AdminProduct;
  expect(stock.variants.find((v) => v.id === variant.id)?.stock).toMatchObject({ on_hand: 4 });
});

test('support staff see a product read only, and the API refuses their price change', async ({ page, request }) => {
  const { sub } = await quietCategory(request);
  const ownerToken = await apiStaffToken(request, 'owner');
  const made = await apiProduct(request, ownerToken, sub.id, `Brass Diya ${run}`);
  const variant = itemAt(made.variants, 0, 'its variants');
  const support = await signedInStaff(page, 'support', 'Sam Support');

  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
  await waitForIslands(page);
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add product' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Import CSV' })).toHaveCount(0);

  await page.goto(`/admin/product?id=${made.id}`);
  await waitForIslands(page);
  await expect(page.getByText(readOnlyText('catalogue.write'))).toBeVisible();
  const productForm = page.getByRole('form', { name: 'Product' });
  await expect(productForm.getByLabel('Name', { exact: true })).toHaveValue(made.name);
  await expect(productForm.getByLabel('Name', { exact: true })).toBeDisabled();
  const card = page.getByRole('region', { name: `Variant: ${variant.name}` });
  await expect(card.getByLabel('Price (₹)', { exact: true })).toHaveValue('500');
  await expect(card.getByLabel('Price (₹)', { exact: true })).toBeDisabled();
  await expect(card.getByTestId('variant-stock')).toHaveText('5 on hand · 0 reserved · 5 available');
  for (const name of ['Save', 'Delete variant', 'Upload picture', 'Add variant']) {
    await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0);
  }
  await expect(card.getByLabel('Stock change (+/−)')).toHaveCount(0);
  expect(await seriousViolations(page), 'the read-only product page').toEqual([]);

  await page.goto('/admin/import');
  await expect(page.getByText(ROLE_CANNOT)).toBeVisible();
  await expect(page.getByLabel('CSV file')).toHaveCount(0);

  const refused = await request.patch(`/api/admin/catalogue/variants/${variant.id}`, {
    headers: { authorization: `Bearer ${support.token}` },
    data: { price: 1, final_price: 1 },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { message: string }).message).toBe(ROLE_CANNOT);
});

test('one Save keeps a new price and a stock change together; unsaved edits ask before leaving, and a stale save keeps them', async ({
  page,
  request,
}) => {
  const made = await ownProduct(request, {
    name: 'Brass Lota',
    onHand: 18,
    variants: [
      { color: 'Gold', size: 'S' },
      { color: 'Gold', size: 'L' },
    ],
  });
  const [first, second] = [itemAt(made.variants, 0, 'its variants'), itemAt(made.variants, 1, 'its variants')];
  await signedInStaff(page, 'manager', 'Priya Manager');
  await page.goto(`/admin/product?id=${made.id}`);
  await waitForIslands(page);
  const firstCard = page.getByRole('region', { name: `Variant: ${first.name}` });
  const secondCard = page.getByRole('region', { name: `Variant: ${second.name}` });
  const price = firstCard.getByLabel('Price (₹)', { exact: true });
  await expect(price).toHaveValue('599');
  await expect(page.getByTestId('save-state')).toHaveText('Everything is saved.');

  await price.fill('649');
  await firstCard.getByLabel('Final price (₹)').fill('499');
  await secondCard.getByLabel('Stock change (+/−)').fill('+20');
  await secondCard.getByLabel('Reason').selectOption({ label: 'Received from supplier' });
  await secondCard.getByLabel('Note (optional)').fill('Invoice 4417');
  await expect(page.getByTestId('save-state')).toHaveText('Changes not saved yet.');

  // The back office's own links ask before leaving the edits; staying keeps them.
  const asked: string[] = [];
  page.once('dialog', (dialog) => {
    asked.push(dialog.message());
    void dialog.dismiss();
  });
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Catalogue' }).click();
  await expect.poll(() => asked).toEqual([LEAVE_UNSAVED]);
  await expect(page).toHaveURL(new RegExp(`/admin/product\\?id=${made.id}$`));
  await expect(price).toHaveValue('649');

  // One Save keeps both; after a reload they are there, with the stock change in the history.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('Everything is saved.');
  await page.reload();
  await waitForIslands(page);
  await expect(price).toHaveValue('649');
  await expect(firstCard.getByLabel('Final price (₹)')).toHaveValue('499');
  await expect(secondCard.getByTestId('variant-stock')).toHaveText('38 on hand · 0 reserved · 38 available');
  await expect(secondCard.getByTestId('stock-history')).toContainText(
    'Received from supplier +20 \u2192 38 · Priya Manager (manager) · Invoice 4417',
  );

  // Someone else saves the product meanwhile: the save is refused, naming them, and the edit stays.
  await price.fill('699');
  const ownerToken = await apiStaffToken(request, 'owner');
  const other = await request.patch(`/api/admin/catalogue/variants/${second.id}`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { name: 'Gold L (large)' },
  });
  expect(other.status(), await other.text()).toBe(200);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(
    page.getByRole('status').filter({
      hasText:
        /Changed by .+ at \d{1,2} \w{3} \d{4}, \d{1,2}:\d{2} [ap]m IST\. Reload to see their changes; yours are kept on this page\./,
    }),
  ).toBeVisible();
  await expect(price).toHaveValue('699');
  await expect(page.getByRole('button', { name: 'Reload', exact: true })).toBeVisible();
  const stored = (await (
    await request.get(`/api/admin/catalogue/products/${made.id}`, {
      headers: { authorization: `Bearer ${ownerToken}` },
    })
  ).json()) as AdminProduct;
  expect(stored.variants[0]?.price).toBe(649);

  // Closing the page with the edit unsaved, the browser asks too.
  const kinds: string[] = [];
  page.once('dialog', (dialog) => {
    kinds.push(dialog.type());
    void dialog.accept();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => kinds).toEqual(['beforeunload']);
});

test('an owner keeps the menu’s categories and the home page’s banners', async ({ page }) => {
  await signedInStaff(page, 'owner', 'Kiran Owner');
  await page.goto('/admin/categories');
  await waitForIslands(page);

  // A category of its own, hidden at once (the shop's menu stays as other tests know it), with two subcategories.
  const name = `Test Shelf ${run}`;
  const addCategory = page.getByRole('form', { name: 'Add category' });
  await addCategory.getByRole('button', { name: 'Add category' }).click();
  await expect(addCategory.getByText('Category name is required.')).toBeVisible();
  await addCategory.getByLabel('New category’s name').fill(name);
  await addCategory.getByRole('button', { name: 'Add category' }).click();
  const category = page.getByRole('listitem', { name: `Category ${name}` });
  await expect(category).toBeVisible();
  await category.getByRole('button', { name: `Hide category ${name}` }).click();
  await expect(category.getByText('· 0 products · hidden')).toBeVisible();
  const addSub = category.getByRole('form', { name: `Add subcategory to ${name}` });
  for (const sub of ['Jars', 'Tins']) {
    await addSub.getByLabel(`New subcategory of ${name}`).fill(sub);
    await addSub.getByRole('button', { name: `Add subcategory to ${name}` }).click();
    await expect(category.getByRole('listitem', { name: `Subcategory ${sub}` })).toBeVisible();
  }
  const subs = category.getByRole('list', { name: `Subcategories of ${name}` }).getByRole('listitem');
  await category.getByRole('button', { name: 'Up subcategory Tins' }).click();
  await expect(subs.first()).toHaveAccessibleName('Subcategory Tins');
  await category.getByRole('button', { name: 'Rename subcategory Jars' }).click();
  const rename = category.getByRole('form', { name: 'Rename subcategory Jars' });
  await rename.getByLabel('New name').fill('Glass Jars');
  await rename.getByRole('button', { name: 'Save name' }).click();
  await expect(subs.nth(1)).toHaveAccessibleName('Subcategory Glass Jars');
  expect(await seriousViolations(page), 'the categories page').toEqual([]);
  await page.setViewportSize(PHONE_360);
  expect(await sidewaysScroll(page), 'the categories fit a 360 px phone').toBe(0);
  await page.setViewportSize(DESKTOP);

  // A banner: added with its picture, headline, text, button and link; its headline changed, moved; on the
  // static home page as text over its picture, its button leading to its own link; given a new picture, deleted.
  const firstTitle = `Diwali Lights ${run}`;
  const title = `Festive Lamps ${run}`;
  const link = '/searchproductlist?search=diya';
  const addBanner = page.getByRole('form', { name: 'Add a banner' });
  await addBanner.getByLabel('Headline', { exact: true }).fill(firstTitle);
  await addBanner.getByLabel('Text (optional)').fill('Brass diyas, lanterns and more');
  await addBanner.getByLabel('Button label (optional)').fill('See the diyas');
  await addBanner.getByLabel('Picture (JPEG, PNG or WebP)').setInputFiles({
    name: 'banner.png',
    mimeType: 'image/png',
    buffer: await png('#f4a261'),
  });
  // A button needs a link, and a link is a path of the shop or an https:// address.
  await addBanner.getByRole('button', { name: 'Add banner' }).click();
  await expect(addBanner.getByText(LINK_FOR_BUTTON)).toBeVisible();
  await addBanner.getByLabel('Link (optional)').fill('javascript:alert(1)');
  await addBanner.getByRole('button', { name: 'Add banner' }).click();
  await expect(addBanner.getByText(LINK_INVALID)).toBeVisible();
  await addBanner.getByLabel('Link (optional)').fill(link);
  await addBanner.getByRole('button', { name: 'Add banner' }).click();
  const added = page.getByRole('listitem', { name: `Banner ${firstTitle}` });
  await expect(added.getByRole('img', { name: `Banner picture: ${firstTitle}` })).toBeVisible();
  const edit = added.getByRole('form', { name: `Edit banner ${firstTitle}` });
  await expect(edit.getByLabel('Link', { exact: true })).toHaveValue(link);
  await edit.getByLabel('Headline', { exact: true }).fill(title);
  await edit.getByRole('button', { name: 'Save banner' }).click();
  const banner = page.getByRole('listitem', { name: `Banner ${title}` });
  await expect(banner.getByRole('status').filter({ hasText: 'Banner saved.' })).toBeVisible();
  const banners = page.getByRole('region', { name: 'Banners' }).getByRole('listitem');
  const count = await banners.count();
  await expect(banners.last()).toHaveAccessibleName(`Banner ${title}`);
  if (count > 1) {
    await banner.getByRole('button', { name: `Up banner ${title}` }).click();
    await expect(banners.nth(count - 2)).toHaveAccessibleName(`Banner ${title}`);
  }
  const homeHtml = async () => (await page.request.get('/')).text();
  await expect
    .poll(async () => (await homeHtml()).includes(title), {
      timeout: SITE_FOLLOWS_MS,
      message: 'the new headline on the static home page',
    })
    .toBe(true);
  await bannerOnHome(page, title, 'See the diyas', link);
  const before = await banner.getByRole('img').getAttribute('src');
  await banner
    .getByLabel('New picture')
    .setInputFiles({ name: 'new.png', mimeType: 'image/png', buffer: await png('#2a9d8f') });
  await banner.getByRole('button', { name: 'Replace picture' }).click();
  await expect(banner.getByRole('img')).not.toHaveAttribute('src', before ?? '');
  expect(await seriousViolations(page), 'the banners').toEqual([]);
  await banner.getByRole('button', { name: 'Delete banner' }).click();
  const confirm = page.getByRole('dialog', { name: `Delete the banner ${title}?` });
  await confirm.getByRole('button', { name: 'Delete the banner' }).click();
  await expect(page.getByRole('listitem', { name: `Banner ${title}` })).toHaveCount(0);
  await expect(banners).toHaveCount(count - 1);

  // An Extra Offer: added with its picture, on the static home page within seconds, hidden, deleted.
  const offerTitle = `Diya Box ${run}`;
  const addOffer = page.getByRole('form', { name: 'Add an offer' });
  await addOffer.getByLabel('Title', { exact: true }).fill(offerTitle);
  await addOffer.getByLabel('What the offer is').fill('Twelve clay diyas, hand painted.');
  await addOffer.getByLabel('Shop Now searches for').fill('diya');
  await addOffer.getByLabel('Picture (JPEG, PNG or WebP)').setInputFiles({
    name: 'offer.png',
    mimeType: 'image/png',
    buffer: await png('#e76f51'),
  });
  await addOffer.getByRole('button', { name: 'Add offer' }).click();
  const offer = page.getByRole('listitem', { name: `Offer ${offerTitle}` });
  await expect(offer.getByRole('img', { name: `Offer picture: ${offerTitle}` })).toBeVisible();
  const onHome = async () => (await (await page.request.get('/')).text()).includes(offerTitle);
  await expect.poll(onHome, { timeout: 10_000, message: 'the new offer on the static home page' }).toBe(true);
  await offer.getByRole('button', { name: 'Hide offer' }).click();
  await expect(offer.getByText('Hidden from the home page', { exact: true })).toBeVisible();
  await expect.poll(onHome, { timeout: 10_000, message: 'the hidden offer gone from the home page' }).toBe(false);
  await offer.getByRole('button', { name: 'Delete offer' }).click();
  await page
    .getByRole('dialog', { name: `Delete the offer ${offerTitle}?` })
    .getByRole('button', { name: 'Delete the offer' })
    .click();
  await expect(page.getByRole('listitem', { name: `Offer ${offerTitle}` })).toHaveCount(0);
});

test('an owner edits the home page’s offer pop-up: a visitor sees each campaign once, and the next one again', async ({
  page,
}) => {
  await signedInStaff(page, 'owner', 'Kiran Owner');
  await page.goto('/admin/categories');
  await waitForIslands(page);
  const form = page.getByRole('form', { name: 'Edit the offer pop-up' });
  const codeField = form.getByLabel('Code (optional)');
  const linkField = form.getByLabel('Button link');
  await expect(form.getByLabel('Show the pop-up on the home page')).toBeChecked();
  const link = await linkField.inputValue();
  // Other tests read the pop-up by its headline, text and button: only its code changes here.
  const saveCode = async (code: string) => {
    await codeField.fill(code);
    await form.getByRole('button', { name: 'Save pop-up' }).click();
    await expect(form.getByRole('status').filter({ hasText: 'Pop-up saved' })).toBeVisible();
  };
  const onHome = (code: string) =>
    expect
      .poll(async () => (await (await page.request.get('/')).text()).includes(code), {
        timeout: SITE_FOLLOWS_MS,
        message: `the pop-up with the code ${code} on the static home page`,
      })
      .toBe(true);

  // The server's rules, beside the field, before anything is sent.
  await linkField.fill('javascript:alert(1)');
  await form.getByRole('button', { name: 'Save pop-up' }).click();
  await expect(form.getByText(LINK_INVALID)).toBeVisible();
  await expect(linkField).toHaveAttribute('aria-invalid', 'true');
  await linkField.fill(link);
  expect(await seriousViolations(page), 'the pop-up form').toEqual([]);

  const shop = await page.context().newPage();
  const popup = shop.getByRole('dialog', { name: 'Special Offer' });
  // The inline check marks a page whose campaign was seen; its CSS keeps the pop-up from being drawn.
  const seen = shop.locator('html[data-offer-seen]');
  const first = `FIRST${run}`.slice(0, 30);
  const next = `NEXT${run}`.slice(0, 30);
  try {
    await saveCode(first);
    await onHome(first);
    await shop.goto('/');
    await expect(popup).toBeVisible();
    await expect(popup.getByText(first)).toBeVisible();
    await expect(seen).toHaveCount(0);
    await shop.reload();
    await expect(seen).toHaveCount(1);
    await expect(popup).toBeHidden();

    // New words: a new campaign, shown once again.
    await saveCode(next);
    await onHome(next);
    await shop.reload();
    await expect(popup).toBeVisible();
    await expect(popup.getByText(next)).toBeVisible();
    await expect(seen).toHaveCount(0);
    await shop.reload();
    await expect(seen).toHaveCount(1);
    await expect(popup).toBeHidden();
  } finally {
    await shop.close();
    await saveCode('');
  }
});
