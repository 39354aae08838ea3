import { expect, test, type Page, type Request } from '@playwright/test';
import { BUDGETS } from '../../bench/budgets';
import { DESKTOP, UNHYDRATED_ISLANDS } from './fixtures';

/**
 * The home page's carousels load Swiper only when one is needed (src/features/home/
 * start-carousels-when-needed.ts): before that the first banner is plain HTML and the rows scroll
 * natively. On a small phone with its CPU slowed 4×, where Swiper arrives late.
 */
const SMALL_PHONE = { width: 360, height: 780 };

test.use({ viewport: SMALL_PHONE });

const SWIPER_CHUNK = /\/_astro\/home-carousels\.[\w-]+\.js$/;

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
}

/** Collects the page's requests for the Swiper chunk. */
function swiperRequests(page: Page): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (SWIPER_CHUNK.test(request.url())) seen.push(request);
  });
  return seen;
}

/**
 * Opens the home page, waits until it has settled and closes the offer popup with the keyboard (no
 * pointer). The phone's 'Download Our App' prompt was dismissed on an earlier visit: it would take
 * the focus at the first scroll.
 */
async function openHome(page: Page): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('appPromptDismissedAt', String(Date.now())));
  await page.goto('/');
  await page.waitForLoadState('networkidle');
  await expect(page.locator(UNHYDRATED_ISLANDS)).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Special Offer' })).toBeHidden();
}

const featureTiles = (page: Page) => page.locator('[data-feature-carousel] .swiper-slide');
const scrollLeftOf = (page: Page, slider: string) =>
  page.locator(`${slider} > .swiper-wrapper`).evaluate((wrapper) => wrapper.scrollLeft);

test.describe('with reduced motion (no autoplay)', () => {
  test.use({ reducedMotion: 'reduce' });

  test('no Swiper before the shopper reaches for a carousel; the rows already scroll and snap', async ({ page }) => {
    await slowCpu(page);
    const requested = swiperRequests(page);
    await openHome(page);
    expect(requested, 'Swiper requested before any interaction').toHaveLength(0);
    await expect(page.locator('.swiper-initialized')).toHaveCount(0);

    // The first banner shows; the others wait as text until Swiper starts.
    const banners = page.locator('[data-hero-slider] .swiper-slide');
    await expect(banners.first()).toBeInViewport();
    await expect(banners).toHaveCount(1);
    await expect(page.locator('[data-hero-slider] noscript[data-more-slides]')).toHaveCount(1);

    // One category tile at 360 px (FEATURE_CATEGORY_COLUMNS), two deals: the columns Swiper would give.
    const row = await page.locator('[data-feature-carousel]').boundingBox();
    const tile = await featureTiles(page).first().boundingBox();
    expect(tile?.width).toBeCloseTo(row?.width ?? 0, 0);
    const dealsRow = await page.locator('[data-deals-slider]').boundingBox();
    const deal = await page.locator('[data-deals-slider] .swiper-slide').first().boundingBox();
    expect(deal?.width).toBeCloseTo(((dealsRow?.width ?? 0) - 16) / 2, 0);

    // Scrolled without Swiper, the row snaps to a tile's edge.
    const step = (tile?.width ?? 0) + 16;
    await page.locator('[data-feature-carousel] > .swiper-wrapper').evaluate((wrapper, left) => {
      wrapper.scrollTo({ left, behavior: 'instant' });
    }, step * 1.3);
    await expect.poll(() => scrollLeftOf(page, '[data-feature-carousel]')).toBeCloseTo(step, 0);
    expect(requested, 'a scroll of the row alone loads nothing').toHaveLength(0);
  });

  test('an arrow pressed before Swiper has arrived moves its row by one tile once it has', async ({ page }) => {
    await slowCpu(page);
    const requested = swiperRequests(page);
    await openHome(page);
    // Swiper is held back until the press is over: the press must not be lost meanwhile.
    let pressed = () => {};
    const afterPress = new Promise<void>((resolve) => (pressed = resolve));
    await page.route(SWIPER_CHUNK, async (route) => {
      await afterPress;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Next categories' }).click();
    pressed();
    await expect.poll(() => requested.length).toBe(1);
    const tiles = featureTiles(page);
    await expect(page.locator('[data-feature-carousel]')).toHaveClass(/swiper-initialized/);
    await expect(tiles.nth(1)).toHaveClass(/swiper-slide-active/);
    const tile = await tiles.first().boundingBox();
    await expect.poll(() => scrollLeftOf(page, '[data-feature-carousel]')).toBeCloseTo((tile?.width ?? 0) + 16, 0);
    // Now Swiper's own arrows: back to the first tile.
    await page.getByRole('button', { name: 'Previous categories' }).click();
    await expect(tiles.nth(0)).toHaveClass(/swiper-slide-active/);
    await expect.poll(() => scrollLeftOf(page, '[data-feature-carousel]')).toBe(0);
    expect(requested).toHaveLength(1);
  });

  test('the keyboard works the deals row the same way', async ({ page }) => {
    await slowCpu(page);
    await openHome(page);
    const next = page.getByRole('button', { name: 'Next deals' });
    await next.focus();
    await page.keyboard.press('Enter');
    const deals = page.locator('[data-deals-slider] .swiper-slide');
    await expect(deals.nth(1)).toHaveClass(/swiper-slide-active/);
    await expect.poll(() => scrollLeftOf(page, '[data-deals-slider]')).toBeGreaterThan(0);
  });

  test('a row scrolled by hand before Swiper stays where it is when Swiper starts, and its arrows go on from there', async ({
    page,
  }) => {
    await page.setViewportSize(DESKTOP);
    await slowCpu(page);
    await openHome(page);
    const tiles = featureTiles(page);
    const step = ((await tiles.first().boundingBox())?.width ?? 0) + 16;
    await page.locator('[data-feature-carousel] > .swiper-wrapper').evaluate((wrapper, left) => {
      wrapper.scrollTo({ left, behavior: 'instant' });
    }, step * 2);
    await expect.poll(() => scrollLeftOf(page, '[data-feature-carousel]')).toBeCloseTo(step * 2, 0);
    const before = await tiles.evaluateAll((all) => all.slice(0, 10).map((t) => t.getBoundingClientRect().x));

    // A mouse over the row is enough to fetch Swiper; nothing moves when it starts.
    await page.getByRole('heading', { name: 'Feature Categories' }).hover();
    await expect(page.locator('[data-feature-carousel]')).toHaveClass(/swiper-initialized/);
    const after = await tiles.evaluateAll((all) => all.slice(0, 10).map((t) => t.getBoundingClientRect().x));
    after.forEach((x, i) => expect(x, `tile ${i + 1}`).toBeCloseTo(before[i] ?? NaN, 0));

    await page.getByRole('button', { name: 'Next categories' }).click();
    await expect(tiles.nth(3)).toHaveClass(/swiper-slide-active/);
    await expect.poll(() => scrollLeftOf(page, '[data-feature-carousel]')).toBeCloseTo(step * 3, 0);
  });
});

test('the hero fetches Swiper when its first autoplay step is due and fades to the second banner', async ({ page }) => {
  test.setTimeout(45_000);
  await slowCpu(page);
  const requested = swiperRequests(page);
  await page.goto('/');
  const hero = page.locator('[data-hero-slider]');
  await expect(hero).toHaveClass(/swiper-initialized/, { timeout: 20_000 });
  expect(requested).toHaveLength(1);
  // Not before the step was due: 5 s after the page's load.
  const { loadedAt, fetchedAt } = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const chunk = performance.getEntriesByType('resource').find((r) => r.name.includes('/home-carousels.'));
    return { loadedAt: navigation?.loadEventStart ?? NaN, fetchedAt: chunk?.startTime ?? NaN };
  });
  expect(fetchedAt - loadedAt).toBeGreaterThanOrEqual(5000);
  await expect(hero.locator('.swiper-slide-active')).toHaveAttribute('data-swiper-slide-index', '1');
  // The rows started with it, their arrows ready.
  await expect(page.locator('[data-feature-carousel]')).toHaveClass(/swiper-initialized/);
});

test.describe('slides past a row’s first view wait as text until the row is reached for', () => {
  // No autoplay: the hero's first step would fetch Swiper on its own.
  test.use({ reducedMotion: 'reduce' });
  const rows = ['[data-feature-carousel]', '[data-deals-slider]'] as const;
  const slidesOf = (page: Page, row: string) => page.locator(`${row} .swiper-slide`);

  test('without JavaScript every slide is in its row; with it, the page starts with fewer elements and loses none', async ({
    browser,
  }) => {
    const plain = await browser.newContext({ javaScriptEnabled: false, viewport: DESKTOP });
    const all: number[] = [];
    try {
      const page = await plain.newPage();
      await page.goto('/');
      for (const row of rows) {
        const slides = slidesOf(page, row);
        all.push(await slides.count());
        // The last one can be scrolled to, laid out as a slide of the row.
        await slides.last().scrollIntoViewIfNeeded();
        await expect(slides.last()).toBeInViewport();
        const [first, last] = [await slides.first().boundingBox(), await slides.last().boundingBox()];
        expect(last?.width).toBeCloseTo(first?.width ?? 0, 0);
      }
    } finally {
      await plain.close();
    }

    const page = await browser.newPage({ viewport: DESKTOP });
    try {
      await page.goto('/');
      await page.waitForLoadState('networkidle');
      const elements = await page.evaluate(() => document.querySelectorAll('*').length);
      expect(elements, 'elements in the home page as loaded').toBeLessThanOrEqual(BUDGETS.home.maxElements);
      for (const [i, row] of rows.entries()) {
        expect(await slidesOf(page, row).count()).toBeLessThan(all[i] ?? 0);
      }
      // The shopper's hand on a row puts every slide in place, in order.
      await page.getByRole('heading', { name: 'Feature Categories' }).hover();
      for (const [i, row] of rows.entries()) await expect(slidesOf(page, row)).toHaveCount(all[i] ?? -1);
      await expect(page.locator('noscript[data-more-slides]')).toHaveCount(0);
    } finally {
      await page.close();
    }
  });

  test('a row scrolled by hand gets its waiting slides without fetching Swiper', async ({ page }) => {
    const requested = swiperRequests(page);
    await openHome(page);
    const before = await slidesOf(page, '[data-feature-carousel]').count();
    // Past the first tile (one column at 360 px): the row snaps to the second.
    await page.locator('[data-feature-carousel] > .swiper-wrapper').evaluate((wrapper) => {
      wrapper.scrollTo({ left: wrapper.clientWidth * 1.3, behavior: 'instant' });
    });
    await expect.poll(() => slidesOf(page, '[data-feature-carousel]').count()).toBeGreaterThan(before);
    expect(requested).toHaveLength(0);
  });
});
