import { expect, test, type Page } from '@playwright/test';
import { itemAt } from '../lists';
import { PHONE_360, slowCpu } from './admin-fixtures';
import { DESKTOP, dismissAppPrompt, waitForIslands } from './fixtures';
import { ownProduct, waitForBuiltPage, type OwnProduct } from './own-products';
import { reviewedBy } from './reviews';

/**
 * One rating per product, live on the static pages: a review of any of its packs moves the
 * product page's header stars and its card in the listing within seconds of being written (the
 * refresher renders the product's pages again, as after a staff price change), with the review
 * tab saying the same, and '1 review' / '2 reviews' written as English writes them.
 */

const DEVICES = [
  { name: 'a 360 px phone with its CPU 4× slower', viewport: PHONE_360, phone: true },
  { name: 'a desktop', viewport: DESKTOP, phone: false },
] as const;

/** How long the static pages may take to follow a review: seconds, as after a price change. */
const FOLLOWS_WITHIN_MS = 20_000;

/** The header's figures as shown ('4.0 (1 review)'), and as a screen reader reads them. */
function headerRating(page: Page, average: string, reviews: string) {
  return {
    shown: page.getByRole('main').getByText(`${average} (${reviews})`, { exact: true }),
    read: page.getByRole('main').getByRole('img', { name: `Rated ${average} out of 5, ${reviews}`, exact: true }),
  };
}

/** Reloads the page until `check` passes (the refresher writes the page anew), within the time allowed. */
async function reloadUntil(page: Page, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: FOLLOWS_WITHIN_MS, intervals: [250, 500, 1000] });
}

/** The product's card in its subcategory's grid, pressing Load More until it is there. */
async function cardIn(page: Page, item: OwnProduct) {
  const cards = page.locator('[data-card]');
  const card = cards.filter({ has: page.getByRole('link', { name: item.name, exact: true }) });
  const more = page.getByRole('button', { name: 'Load More' });
  await expect(cards.first()).toBeVisible();
  // The test shelf fills with the suite's products, in catalogue order: a new one is on the last page.
  while ((await card.count()) === 0) {
    const shown = await cards.count();
    await expect(more, `Load More, for ${item.name}`).toBeVisible();
    await more.click();
    await expect.poll(() => cards.count()).toBeGreaterThan(shown);
  }
  await card.scrollIntoViewIfNeeded();
  await expect(card).toBeVisible();
  return card;
}

for (const device of DEVICES) {
  test(`on ${device.name}, a new review moves the header stars, the card and the tab within seconds`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    // Two packs: the page opens on the first, and the reviews are of both (the header once read the
    // first pack's alone, '0.0 (0)', beside a tab counting the others).
    const item = await ownProduct(request, {
      name: 'Brass Diya',
      packs: [
        { unit: 'g', unit_value: 250 },
        { unit: 'g', unit_value: 500 },
      ],
    });
    await waitForBuiltPage(request, item);
    const context = await browser.newContext({ viewport: device.viewport });
    const page = await context.newPage();
    if (device.phone) await slowCpu(page);
    await page.goto(`/product-details/${item.id}`);
    if (device.phone) await dismissAppPrompt(page);
    await expect(headerRating(page, '0.0', '0 reviews').shown).toBeVisible();

    // A buyer of the second pack reviews it: the page follows within seconds, in the singular.
    await reviewedBy(request, 'Ishaan', itemAt(item.variants, 1, 'the packs').id, 4, 'Bright and sturdy.');
    await reloadUntil(page, async () => {
      const one = headerRating(page, '4.0', '1 review');
      await expect(one.shown).toBeVisible({ timeout: 1000 });
      await expect(one.read).toBeVisible({ timeout: 1000 });
    });

    // A second buyer, of the first pack: the average of both, in the plural.
    await reviewedBy(request, 'Lata', itemAt(item.variants, 0, 'the packs').id, 1, 'Smaller than it looked.');
    await reloadUntil(page, async () => {
      await expect(headerRating(page, '2.5', '2 reviews').shown).toBeVisible({ timeout: 1000 });
    });
    // The Review tab counts and averages the same reviews.
    await waitForIslands(page);
    const tab = page.getByRole('tab', { name: /Review/ });
    await tab.click();
    await expect(tab).toContainText('2');
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByText('2 reviews', { exact: true })).toBeVisible();
    await expect(panel.getByText('2.5', { exact: true })).toBeVisible();

    // The product's card in its listing shows the same figure, rendered again with the product's page.
    const subcategory = (
      (await (await request.get(`/api/common/products/${item.id}`)).json()) as { sub_category: number }
    ).sub_category;
    await page.goto(`/subcategoriesproducts/${subcategory}`);
    const card = await cardIn(page, item);
    await expect(card.getByRole('img', { name: 'Rated 2.5 out of 5, 2 reviews' })).toBeVisible();
    await expect(card).toContainText('2.5 (2 reviews)');
    await context.close();
  });
}
