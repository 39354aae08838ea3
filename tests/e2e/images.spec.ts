import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page, type Request } from '@playwright/test';
import { IMAGE_WIDTHS, IMAGES_PATH, parseImageName } from '../../contract/images';
import { apiShopper, storeSession, waitForIslands, type ApiShopper } from './fixtures';

/**
 * The pictures of each kind of page, on a phone and a laptop: every `<img>` reserves its space
 * (width and height), every photo offers widths (srcset), pictures below the first screen wait
 * (loading="lazy") while the page's largest one is preloaded and fetched first, and no picture is
 * fetched wider than twice what it shows at the screen's pixel ratio. Every verdict comes from the
 * page's layout, attributes and requests, never from timing, so a slow machine gets the same one.
 */

const SCREENS = [
  { name: 'phone', viewport: { width: 412, height: 823 }, deviceScaleFactor: 2 },
  { name: 'laptop', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
] as const;
type Screen = (typeof SCREENS)[number];

/** The smallest width the pipeline writes: a picture shown smaller cannot be fetched any smaller. */
const SMALLEST_WIDTH = Math.min(...IMAGE_WIDTHS);

interface PageCase {
  path: string;
  /** The page preloads its largest picture (Base.astro's `preload`). */
  preload: boolean;
  /** Makes the page show what it should (a cart line) in a new browser context. */
  prepare?: (page: Page, shopper: ApiShopper) => Promise<void>;
  /** Waits until the page's pictures are drawn (a cart's lines come after the page). */
  ready?: (page: Page) => Promise<void>;
}

const PAGES: PageCase[] = [
  { path: '/', preload: true },
  { path: '/subcategories/1', preload: true },
  { path: '/product-details/1', preload: true },
  { path: '/searchproductlist?search=milk', preload: true },
  {
    path: '/cart',
    preload: false,
    prepare: async (page, shopper) => {
      await page.goto('/aboutus');
      await storeSession(page, shopper.session);
    },
    ready: async (page) => {
      await expect(page.getByRole('table', { name: 'Items in your cart' }).locator('img')).toHaveCount(1);
    },
  },
];

/** One `<img>` as the page lays it out at the top, before any scrolling. */
interface ImgAtTop {
  index: number;
  html: string;
  width: string | null;
  height: string | null;
  src: string;
  srcset: string | null;
  loading: string;
  fetchpriority: string | null;
  top: number;
  /** Some of it is on the first screen: in the viewport, not clipped (a carousel's hidden slides) nor transparent. */
  onFirstScreen: boolean;
}

/** One `<img>` after the whole page was scrolled through and its pictures loaded. */
interface ImgShown {
  index: number;
  html: string;
  currentSrc: string;
  /** Every address it may choose: its srcset's and its `<source>`s'. */
  candidates: string[];
  cssWidth: number;
}

interface Visit {
  screen: Screen;
  atTop: ImgAtTop[];
  shown: ImgShown[];
  /** Paths of the pipeline files the page asked for. */
  requested: string[];
  /** Those answered with an error (a picture whose widths the shop is still writing). */
  unanswered: Set<string>;
  preloadLinks: { imagesrcset: string | null; imagesizes: string | null; href: string | null }[];
  /** Pipeline files fetched by a `<link rel="preload">` (resource timing's initiator 'link'). */
  preloaded: string[];
  devicePixelRatio: number;
}

const pathOf = (url: string) => new URL(url, 'http://shop.invalid').pathname;
const isPipelineFile = (url: string) => pathOf(url).startsWith(IMAGES_PATH);

async function visit(browser: Browser, screen: Screen, pageCase: PageCase, shopper: ApiShopper): Promise<Visit> {
  const context = await browser.newContext({ viewport: screen.viewport, deviceScaleFactor: screen.deviceScaleFactor });
  const page = await context.newPage();
  try {
    await pageCase.prepare?.(page, shopper);
    const requested: string[] = [];
    const pending = new Set<Request>();
    page.on('request', (request) => {
      if (request.resourceType() !== 'image') return;
      pending.add(request);
      if (isPipelineFile(request.url())) requested.push(pathOf(request.url()));
    });
    page.on('requestfinished', (request) => pending.delete(request));
    const unanswered = new Set<string>();
    page.on('response', (response) => {
      if (!response.ok() && isPipelineFile(response.url())) unanswered.add(pathOf(response.url()));
    });
    page.on('requestfailed', (request) => pending.delete(request));
    await page.goto(pageCase.path, { waitUntil: 'load' });
    await waitForIslands(page);
    await pageCase.ready?.(page);

    const atTop = await page.evaluate(async () => {
      const images = Array.from(document.images);
      // An IntersectionObserver's first report says, for each picture, whether any of it is on
      // screen once clipping (a carousel's overflow) is applied.
      const intersecting = await new Promise<boolean[]>((resolve) => {
        const found = new Map<Element, boolean>();
        const observer = new IntersectionObserver((entries) => {
          for (const entry of entries) found.set(entry.target, entry.isIntersecting && entry.intersectionRatio > 0);
          if (found.size === images.length) {
            observer.disconnect();
            resolve(images.map((img) => found.get(img) ?? false));
          }
        });
        images.forEach((img) => observer.observe(img));
        if (images.length === 0) resolve([]);
      });
      return images.map((img, index) => ({
        index,
        html: img.outerHTML.slice(0, 160),
        width: img.getAttribute('width'),
        height: img.getAttribute('height'),
        src: img.getAttribute('src') ?? '',
        srcset: img.getAttribute('srcset'),
        loading: img.getAttribute('loading') ?? 'eager',
        fetchpriority: img.getAttribute('fetchpriority'),
        top: img.getBoundingClientRect().top + window.scrollY,
        onFirstScreen:
          (intersecting[index] ?? false) && img.checkVisibility({ opacityProperty: true, visibilityProperty: true }),
      }));
    });
    const preloadLinks = await page.evaluate(() =>
      Array.from(document.querySelectorAll('link[rel="preload"][as="image"]')).map((link) => ({
        imagesrcset: link.getAttribute('imagesrcset'),
        imagesizes: link.getAttribute('imagesizes'),
        href: link.getAttribute('href'),
      })),
    );
    const preloaded = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'link')
        .map((entry) => new URL(entry.name).pathname),
    );

    // Scroll through the page a screen at a time, so every lazy picture is asked for.
    await page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
        window.scrollTo(0, y);
        await frame();
      }
    });
    await expect.poll(() => pending.size, { message: 'every picture the page asked for has arrived' }).toBe(0);

    const shown = await page.evaluate(() =>
      Array.from(document.images).map((img, index) => {
        const sets = [img.getAttribute('srcset') ?? ''];
        if (img.parentElement instanceof HTMLPictureElement) {
          for (const source of Array.from(img.parentElement.querySelectorAll('source'))) sets.push(source.srcset);
        }
        const candidates = sets
          .flatMap((set) => set.split(','))
          .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
          .filter(Boolean)
          .map((url) => new URL(url, location.href).pathname);
        return {
          index,
          html: img.outerHTML.slice(0, 160),
          currentSrc: img.currentSrc ? new URL(img.currentSrc).pathname : '',
          candidates,
          cssWidth: img.getBoundingClientRect().width,
        };
      }),
    );
    const devicePixelRatio = await page.evaluate(() => window.devicePixelRatio);
    return { screen, atTop, shown, requested, unanswered, preloadLinks, preloaded, devicePixelRatio };
  } finally {
    await context.close();
  }
}

/** Every `<img>` reserves its box, and every photo (anything but an SVG drawing) offers widths. */
function markupProblems({ atTop }: Visit): string[] {
  const problems: string[] = [];
  for (const img of atTop) {
    if (!img.width || !img.height) problems.push(`no width and height: ${img.html}`);
    const drawing = /\.svg(\?|$)/.test(img.src) || /^(blob|data):/.test(img.src);
    if (!drawing && !img.srcset) problems.push(`a photo without srcset: ${img.html}`);
  }
  return problems;
}

/** No pipeline file is wider than twice the CSS width × pixel ratio of the element that shows it. */
function widthProblems({ shown, requested, unanswered, devicePixelRatio }: Visit): string[] {
  const problems: string[] = [];
  for (const path of new Set(requested)) {
    const name = parseImageName(path.slice(path.lastIndexOf('/') + 1));
    if (name?.kind !== 'variant') {
      problems.push(`an original was fetched instead of a responsive width: ${path}`);
      continue;
    }
    // The element that shows it, else one that offers it (a picture that switched after fetching it).
    const users = shown.filter((img) => img.currentSrc === path);
    const offered = users.length ? users : shown.filter((img) => img.candidates.includes(path));
    // A picture whose file is missing may fall back to a drawing (FeatureCategories.astro) and offer it no more.
    if (offered.length === 0 && unanswered.has(path)) continue;
    if (offered.length === 0) {
      problems.push(`${path} was fetched but no picture on the page offers it`);
      continue;
    }
    const widest = Math.max(...offered.map((img) => img.cssWidth));
    const limit = 2 * widest * devicePixelRatio;
    if (name.width > limit && name.width > SMALLEST_WIDTH) {
      problems.push(
        `${path} is ${name.width} px wide for ${widest.toFixed(0)} CSS px at ${devicePixelRatio}× (at most ${limit.toFixed(0)}): ${offered[0]?.html ?? ''}`,
      );
    }
  }
  return problems;
}

/**
 * The page preloads one picture, the one it draws first and largest: that `<img>` is eager with
 * fetchpriority="high", on the first screen, and the file preloaded is the one it shows.
 */
function preloadProblems(visit: Visit): string[] {
  const problems: string[] = [];
  const links = visit.preloadLinks.filter((link) => link.imagesrcset);
  if (links.length !== 1) return [`${links.length} responsive picture preloads (one wanted)`];
  const candidates = (links[0]?.imagesrcset ?? '')
    .split(',')
    .map((c) => pathOf(c.trim().split(/\s+/)[0] ?? ''))
    .filter(Boolean);
  const target = visit.shown.find((img) => img.candidates.some((c) => candidates.includes(c)));
  if (!target) return ['the preloaded picture is drawn nowhere on the page'];
  const top = visit.atTop[target.index];
  if (top?.loading !== 'eager' || top.fetchpriority !== 'high') {
    problems.push(`the preloaded picture is not loading="eager" fetchpriority="high": ${target.html}`);
  }
  if (!top?.onFirstScreen) problems.push(`the preloaded picture is not on the first screen: ${target.html}`);
  const preloaded = visit.preloaded.filter(isPipelineFile);
  if (preloaded.length !== 1 || preloaded[0] !== target.currentSrc) {
    problems.push(`preloaded ${preloaded.join(', ') || 'nothing'} but the page shows ${target.currentSrc}`);
  }
  return problems;
}

/**
 * Pictures below the fold on either screen are lazy; those on the first screen of both are not.
 * The same HTML serves both screens, so a picture on a laptop's first screen but below a phone's
 * fold (a grid's second row) is lazy: Chromium still fetches a lazy picture on screen at layout.
 */
function loadingProblems(visits: Visit[]): string[] {
  const problems: string[] = [];
  const count = visits[0]?.atTop.length ?? 0;
  for (const v of visits) {
    if (v.atTop.length !== count) problems.push(`${v.screen.name}: ${v.atTop.length} pictures, not ${count}`);
  }
  for (let i = 0; i < count; i += 1) {
    const seen = visits.map((v) => ({ screen: v.screen, img: v.atTop[i] as ImgAtTop }));
    const below = seen.find(({ screen, img }) => img.top >= screen.viewport.height);
    const lazy = seen[0]?.img.loading === 'lazy';
    if (below && !lazy) {
      problems.push(
        `below the fold at ${below.screen.name} (top ${below.img.top.toFixed(0)}) but not lazy: ${below.img.html}`,
      );
    }
    if (!below && lazy && seen.every(({ img }) => img.onFirstScreen)) {
      problems.push(`on the first screen of every screen but lazy: ${seen[0]?.img.html ?? ''}`);
    }
  }
  return problems;
}

test.describe('pictures', () => {
  let shopper: ApiShopper;

  test.beforeAll(async ({ request }) => {
    shopper = await apiShopper(request, { prefix: 'pictures' });
    const products = (await (await request.get('/api/common/products/?page=1&page_size=1')).json()) as
      | { results: { variants: { id: number }[] }[] }
      | { variants: { id: number }[] }[];
    const list = Array.isArray(products) ? products : products.results;
    const variant = list[0]?.variants[0];
    expect(variant, 'a product with a variant to put in the cart').toBeTruthy();
    const added = await request.post('/api/common/cart/add/', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { variant_id: variant?.id, quantity: 1 },
    });
    expect(added.status()).toBe(201);
  });

  for (const pageCase of PAGES) {
    test(`${pageCase.path}: sized, offered in widths, lazy below the fold, never fetched too wide`, async ({
      browser,
    }) => {
      // Two screens, each scrolled to the bottom so every lazy picture loads.
      test.setTimeout(90_000);
      const visits: Visit[] = [];
      for (const screen of SCREENS) visits.push(await visit(browser, screen, pageCase, shopper));

      for (const v of visits) {
        const at = `${v.screen.name} (${v.screen.viewport.width}×${v.screen.viewport.height})`;
        expect(v.atTop.length, `${at}: pictures on the page`).toBeGreaterThan(0);
        expect(v.requested.length, `${at}: pipeline pictures fetched`).toBeGreaterThan(0);
        expect(markupProblems(v), `${at}: markup`).toEqual([]);
        expect(widthProblems(v), `${at}: widths fetched`).toEqual([]);
        if (pageCase.preload) expect(preloadProblems(v), `${at}: preload`).toEqual([]);
      }
      expect(loadingProblems(visits), 'loading').toEqual([]);
    });
  }
});

test.describe('a picture not encoded yet', () => {
  /**
   * A new shop draws and encodes its demo photos in the background for minutes after it opens, while its pages
   * already name them. The product's photo files are removed here (the originals too), as on a first start before
   * the encoder reached them: the page still shows every picture, made when the browser asks for it. The files
   * removed are made again the same way, so no other test sees a difference.
   */
  test('a product page whose photos are not on disk shows every one of them, on a 360 px phone', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
    const page = await context.newPage();
    const productId = 2;
    const html = await (await page.request.get(`/product-details/${productId}`)).text();
    const hashes = new Set([...html.matchAll(/\/media\/images\/([0-9a-f]{16})-/g)].map((m) => m[1]));
    expect(hashes.size).toBeGreaterThan(0);
    const folder = path.join(process.env.E2E_DATA_DIR as string, 'media', 'images');
    const removed = fs.readdirSync(folder).filter((name) => hashes.has(name.slice(0, 16)));
    for (const name of removed) fs.rmSync(path.join(folder, name), { force: true });
    expect(removed.length).toBeGreaterThan(0);

    const failed: string[] = [];
    page.on('response', (res) => {
      if (res.url().includes(IMAGES_PATH) && res.status() !== 200) failed.push(`${res.status()} ${res.url()}`);
    });
    await page.goto(`/product-details/${productId}`);
    const gallery = page.locator('main img[src*="/media/images/"]');
    await expect(gallery.first()).toBeVisible();
    // Every picture the page shows arrives whole: decoded, with its natural size.
    await expect
      .poll(
        () =>
          gallery.evaluateAll((imgs) =>
            (imgs as HTMLImageElement[])
              .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
              .every((img) => img.complete && img.naturalWidth > 0),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    expect(failed).toEqual([]);
    await context.close();
  });
});
