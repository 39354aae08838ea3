/** Space between the slides of the home page's rows, in px: Swiper's `spaceBetween` and the CSS gap before it starts. */
export const CAROUSEL_GAP_PX = 16;

/** The hero's autoplay delay (the first banner shows this long after the page has loaded, then each one). */
export const HERO_AUTOPLAY_DELAY_MS = 5000;

/**
 * A row that comes this close to the viewport while the shopper scrolls starts its slider: it is
 * ready by the time its arrows can be reached.
 */
export const NEAR_VIEWPORT_MARGIN = '300px 0px';

/**
 * Feature Categories carousel: columns from each minimum width up. Here, not in lib/constants.ts:
 * the carousels' chunk then imports only Swiper and this module, and fetching it asks for no other chunk.
 */
export const FEATURE_CATEGORY_COLUMNS = [
  { minWidth: 0, columns: 1 },
  { minWidth: 480, columns: 2 },
  { minWidth: 768, columns: 4 },
  { minWidth: 992, columns: 6 },
  { minWidth: 1200, columns: 8 },
] as const;

/** Daily Best Deals slider: slides at once from each minimum width up. */
export const DAILY_DEALS_COLUMNS = [
  { minWidth: 0, columns: 2 },
  { minWidth: 768, columns: 3 },
] as const;

/** The fading banners at the top of the home page. */
export const HERO_SELECTOR = '[data-hero-slider]';

/** The home page's sideways rows: each slider with its two arrows. */
export const HOME_ROWS = [
  { slider: '[data-feature-carousel]', prev: '[data-feature-prev]', next: '[data-feature-next]' },
  { slider: '[data-deals-slider]', prev: '[data-deals-prev]', next: '[data-deals-next]' },
] as const;

/** Turns `[{minWidth, columns}]` into Swiper's `breakpoints` option. */
export function swiperBreakpoints(
  steps: readonly { minWidth: number; columns: number }[],
  spaceBetween = CAROUSEL_GAP_PX,
): Record<number, { slidesPerView: number; spaceBetween: number }> {
  return Object.fromEntries(steps.map((s) => [s.minWidth, { slidesPerView: s.columns, spaceBetween }]));
}

/** Columns shown at a viewport width. */
export function columnsAt(steps: readonly { minWidth: number; columns: number }[], width: number): number {
  let columns = steps[0]?.columns ?? 1;
  for (const step of steps) if (width >= step.minWidth) columns = step.columns;
  return columns;
}

/** Milliseconds until the hero's first autoplay step, counted from the page's load. */
export function firstStepDueIn(loadedAt: number, now: number, delay = HERO_AUTOPLAY_DELAY_MS): number {
  return Math.max(0, loadedAt + delay - now);
}
