import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DESKTOP, dismissAppPrompt } from './fixtures';

/**
 * The category page's filter and sort panel (components/browse/FilterPanel.astro): a shopper
 * narrows a category by brand, price and rating and sorts it, on a desktop (each choice applies at
 * once), on a 360 px phone with its CPU 4× slower (a bottom sheet whose Apply button says how many
 * products it will show), and without JavaScript (a plain form the shop's server answers). The
 * address holds the choice: opened elsewhere it shows the same list; Back walks through the
 * changes. Expected lists come from the browse API for the same choice; the demo catalogue is only
 * read here.
 */

const PHONE_360 = { width: 360, height: 780 };
const CATEGORY = 'Milks & Dairies';

interface Option {
  value: string;
  label: string;
  count: number;
}
interface BrowseAnswer {
  count: number;
  results: { name: string }[];
  facets: { key: string; options: Option[] }[];
}

interface Choice {
  categoryId: number;
  brand: Option;
  price: Option;
  rating: Option;
}

async function browseApi(request: APIRequestContext, categoryId: number, query: string): Promise<BrowseAnswer> {
  const answer = await request.get(`/api/common/browse?category=${categoryId}&page_size=50${query}`);
  expect(answer.status()).toBe(200);
  return (await answer.json()) as BrowseAnswer;
}

function options(answer: BrowseAnswer, key: string): Option[] {
  return answer.facets.find((f) => f.key === key)?.options ?? [];
}

/** A brand, then a price range and a rating that each still leave some of that brand's products. */
async function findChoice(request: APIRequestContext): Promise<Choice> {
  const categories = (await (await request.get('/api/common/product_categories/')).json()) as {
    id: number;
    name: string;
  }[];
  const categoryId = categories.find((c) => c.name === CATEGORY)?.id;
  expect(categoryId, `the demo shop's category ${CATEGORY}`).toBeTruthy();
  const plain = await browseApi(request, categoryId ?? 0, '');
  const brands = options(plain, 'brand').filter((o) => o.count > 1 && o.count < plain.count);
  for (const brand of brands) {
    const byBrand = await browseApi(request, categoryId ?? 0, `&brand=${encodeURIComponent(brand.value)}`);
    for (const price of options(byBrand, 'price').filter((o) => o.count > 0)) {
      const q = `&brand=${encodeURIComponent(brand.value)}&price=${price.value}`;
      const rating = options(await browseApi(request, categoryId ?? 0, q), 'rating').find((o) => o.count > 0);
      if (rating) return { categoryId: categoryId ?? 0, brand, price, rating };
    }
  }
  throw new Error(`No brand, price and rating in ${CATEGORY} leave a product together.`);
}

function chosenQuery(choice: Choice, sort?: string): string {
  const params = new URLSearchParams({
    brand: choice.brand.value,
    price: choice.price.value,
    rating: choice.rating.value,
  });
  if (sort) params.set('sort', sort);
  return `&${params.toString()}`;
}

async function namesShown(page: Page): Promise<string[]> {
  return page.locator('[data-grid-list] > li h3').allTextContents();
}

async function expectList(page: Page, expected: BrowseAnswer): Promise<void> {
  await expect
    .poll(async () => (await namesShown(page)).map((n) => n.trim()), { timeout: 20_000 })
    .toEqual(expected.results.map((p) => p.name));
  await expect(page.locator('[data-grid-status]')).toHaveText(
    `Showing ${expected.results.length} of ${expected.count} products`,
  );
}

/** The address's filter keys, whatever their order. */
function addressOf(page: Page): Record<string, string> {
  const params = new URL(page.url()).searchParams;
  return Object.fromEntries([...params.entries()].sort(([a], [b]) => a.localeCompare(b)));
}

function expectedAddress(choice: Choice, sort?: string): Record<string, string> {
  const address: Record<string, string> = {
    brand: choice.brand.value,
    price: choice.price.value,
    rating: choice.rating.value,
  };
  if (sort) address.sort = sort;
  return Object.fromEntries(Object.entries(address).sort(([a], [b]) => a.localeCompare(b)));
}

const optionName = (option: Option) => new RegExp(`^${option.label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Opened in a browser of its own, the address shows the same list, marked not to be indexed. */
async function expectShared(page: Page, expected: BrowseAnswer, categoryId: number): Promise<void> {
  const other = await page.context().browser()?.newContext({ viewport: DESKTOP });
  if (!other) throw new Error('No browser for a second context.');
  try {
    const shared = await other.newPage();
    await shared.goto(page.url());
    await expectList(shared, expected);
    await expect(shared.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(shared.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`/subcategories/${categoryId}$`),
    );
  } finally {
    await other.close();
  }
}

test.describe('narrowing a category', () => {
  test.describe.configure({ timeout: 180_000 });

  test('on a desktop, each choice applies at once; the address is shared and Back walks through the changes', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const choice = await findChoice(request);
    await page.goto(`/subcategories/${choice.categoryId}`);
    await expectList(page, await browseApi(request, choice.categoryId, ''));
    const panel = page.getByRole('form', { name: 'Filters' });

    await panel.getByRole('checkbox', { name: optionName(choice.brand) }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBe(choice.brand.value);
    await panel.getByRole('radio', { name: optionName(choice.price) }).check();
    await expect.poll(() => new URL(page.url()).searchParams.get('price')).toBe(choice.price.value);
    await panel.getByRole('radio', { name: optionName(choice.rating) }).check();
    await expect.poll(() => addressOf(page)).toEqual(expectedAddress(choice));
    const narrowed = await browseApi(request, choice.categoryId, chosenQuery(choice));
    await expectList(page, narrowed);
    // Counts follow the choice: the brand's own count is what the list shows now.
    await expect(panel.getByRole('checkbox', { name: optionName(choice.brand) })).toBeChecked();

    await panel.getByLabel('Sort by').selectOption('price_asc');
    await expect.poll(() => addressOf(page)).toEqual(expectedAddress(choice, 'price_asc'));
    const sorted = await browseApi(request, choice.categoryId, chosenQuery(choice, 'price_asc'));
    await expectList(page, sorted);

    await expectShared(page, sorted, choice.categoryId);

    await page.goBack();
    await expect.poll(() => addressOf(page)).toEqual(expectedAddress(choice));
    await expect(panel.getByLabel('Sort by')).toHaveValue('relevance');
    await expectList(page, narrowed);
    await page.goForward();
    await expect(panel.getByLabel('Sort by')).toHaveValue('price_asc');
    await expectList(page, sorted);

    await panel.getByRole('link', { name: 'Clear all' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expectList(page, await browseApi(request, choice.categoryId, ''));
    await expect(panel.getByRole('checkbox', { name: optionName(choice.brand) })).not.toBeChecked();
  });

  test('on a 360 px phone with its CPU 4× slower, the sheet counts what Apply will show', async ({ page, request }) => {
    await page.setViewportSize(PHONE_360);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const choice = await findChoice(request);
    await page.goto(`/subcategories/${choice.categoryId}`);
    await dismissAppPrompt(page);
    const plain = await browseApi(request, choice.categoryId, '');
    await expectList(page, plain);

    await page.getByText('Filter and sort').click();
    const panel = page.getByRole('form', { name: 'Filters' });
    const apply = panel.getByRole('button', { name: /^Show \d+ products?$|^Apply filters$/ });
    await expect(apply).toBeInViewport();
    await panel.getByRole('checkbox', { name: optionName(choice.brand) }).check();
    await expect(apply).toHaveText(`Show ${choice.brand.count} products`);
    await panel.getByRole('radio', { name: optionName(choice.price) }).check();
    await panel.getByRole('radio', { name: optionName(choice.rating) }).check();
    const narrowed = await browseApi(request, choice.categoryId, chosenQuery(choice));
    await expect(apply).toHaveText(narrowed.count === 1 ? 'Show 1 product' : `Show ${narrowed.count} products`);
    // Until Apply, the list and the address stay as they were.
    expect(new URL(page.url()).search).toBe('');
    await panel.getByLabel('Sort by').selectOption('price_asc');
    await apply.click();
    await expect(panel).toBeHidden();
    await expect.poll(() => addressOf(page)).toEqual(expectedAddress(choice, 'price_asc'));
    const sorted = await browseApi(request, choice.categoryId, chosenQuery(choice, 'price_asc'));
    await expectList(page, sorted);

    await expectShared(page, sorted, choice.categoryId);

    await page.goBack();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await expectList(page, plain);
  });

  test('without JavaScript, the form is sent and the shop draws the narrowed list', async ({ browser, request }) => {
    const context = await browser.newContext({ viewport: DESKTOP, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      const choice = await findChoice(request);
      await page.goto(`/subcategories/${choice.categoryId}`);
      const panel = page.getByRole('form', { name: 'Filters' });
      await panel.getByRole('checkbox', { name: optionName(choice.brand) }).check();
      await panel.getByRole('radio', { name: optionName(choice.price) }).check();
      await panel.getByRole('radio', { name: optionName(choice.rating) }).check();
      await panel.getByLabel('Sort by').selectOption('price_desc');
      await panel.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('price_desc');
      expect(new URL(page.url()).searchParams.get('brand')).toBe(choice.brand.value);
      const sorted = await browseApi(request, choice.categoryId, chosenQuery(choice, 'price_desc'));
      const names = (await namesShown(page)).map((n) => n.trim());
      expect(names).toEqual(sorted.results.map((p) => p.name));
      await expect(panel.getByRole('checkbox', { name: optionName(choice.brand) })).toBeChecked();
      await expect(panel.getByLabel('Sort by')).toHaveValue('price_desc');

      await panel.getByRole('link', { name: 'Clear all' }).click();
      await expect.poll(() => new URL(page.url()).search).toBe('');
      await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
    } finally {
      await context.close();
    }
  });

  test('an address with unreadable filters shows the list with what it could read, and says so', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const choice = await findChoice(request);
    const brand = encodeURIComponent(choice.brand.value);
    const answer = await page.goto(
      `/subcategories/${choice.categoryId}?brand=${brand}&price=abc&sort=drop%20table&rating=9`,
    );
    expect(answer?.status()).toBe(200);
    await expect(
      page.getByText('Some filters in this link were not recognised, so they are not applied.'),
    ).toBeVisible();
    await expectList(page, await browseApi(request, choice.categoryId, `&brand=${brand}`));
  });

  test('search results narrow by brand and sort by rating, with the search kept in the address', async ({
    page,
    request,
  }) => {
    await page.setViewportSize(DESKTOP);
    const plain = (await (await request.get('/api/common/browse?search=milk&page_size=100')).json()) as BrowseAnswer;
    const brand = options(plain, 'brand').find((o) => o.count > 0 && o.count < plain.count);
    expect(brand, 'a brand among the results for milk').toBeTruthy();
    if (!brand) return;
    await page.goto('/searchproductlist?search=milk');
    const panel = page.getByRole('form', { name: 'Filters' });
    // The results are the search island's own: a choice opens the narrowed address.
    await panel.getByRole('checkbox', { name: optionName(brand) }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('brand')).toBe(brand.value);
    expect(new URL(page.url()).searchParams.get('search')).toBe('milk');
    const results = page.getByRole('list', { name: 'Search results' }).getByRole('listitem');
    await expect(results).toHaveCount(brand.count);
    await page.getByLabel('Sort by: Price').selectOption('rating');
    await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe('rating');
    const byRating = (await (
      await request.get(
        `/api/common/browse?search=milk&page_size=100&brand=${encodeURIComponent(brand.value)}&sort=rating`,
      )
    ).json()) as BrowseAnswer;
    await expect
      .poll(async () => (await results.getByRole('heading').allTextContents()).map((n) => n.trim()))
      .toEqual(byRating.results.map((p) => p.name));
    await expect(panel.getByRole('checkbox', { name: optionName(brand) })).toBeChecked();
  });
});
