/**
 * The storefront's performance budgets, in one place: `npm run bench` marks its figures against
 * them and tests/e2e/page-weight.spec.ts fails the normal test run when a page's JavaScript
 * outgrows its budget. Sizes are in KB of 1,024 bytes, gzip-compressed at level 9.
 */

/** The page types that are weighed and audited, with the address of one page of each type. */
export type PageType = 'home' | 'category' | 'product' | 'search' | 'cart' | 'about';

export interface PageBudget {
  path: string;
  /** JavaScript loaded before any interaction (external scripts and inline ones), gzip, KB. */
  jsKb: number;
  /** Audited by Lighthouse in `npm run bench`. */
  lighthouse: boolean;
  /** Shown in the bench without a mark: the test still holds the page to `jsKb`. */
  benchReportOnly?: boolean;
}

/**
 * Each page's budget is what it loads now plus about 2 KB (measured 2026-11-27 after the product
 * page's delivery box and tabs became islands of their own and live stock left the catalogue's
 * readers: home 79.9, category 78.3, product 80.7, search 80.2, cart 80.0, about 75.5 KB): a page
 * that grows says so in the test run, and a budget is raised only on purpose.
 */
const PAGES: Readonly<Record<PageType, Readonly<PageBudget>>> = {
  home: { path: '/', jsKb: 82, lighthouse: true },
  category: { path: '/subcategories/1', jsKb: 80, lighthouse: true },
  product: { path: '/product-details/1', jsKb: 83, lighthouse: true },
  search: { path: '/searchproductlist?search=milk', jsKb: 82, lighthouse: true },
  cart: { path: '/cart', jsKb: 82, lighthouse: true, benchReportOnly: true },
  about: { path: '/aboutus', jsKb: 77, lighthouse: false },
};

/** Every budget the bench and the page-weight test hold the shop to. */
export const BUDGETS = {
  pages: PAGES,
  build: {
    /** The catalogue size the build budgets apply to. */
    atProducts: 10_000,
    minProductPagesPerSecond: 250,
    maxPeakMemoryMb: 1536,
    /** Seeding the demo catalogue with its photos drawn and encoded (`npm run seed -- --products`). */
    maxSeedSeconds: 120,
    /** The large catalogue (`BENCH_LARGE=1`): the whole build's wall time and peak memory. */
    large: { atProducts: 100_000, maxWallSeconds: 300, maxPeakMemoryMb: 2048 },
  },
  home: {
    /**
     * Elements in the home page as it loads (document.querySelectorAll('*')), held by
     * tests/e2e/home-carousels.spec.ts: 1,581 before the carousels' slides past their first view
     * and the menu's submenus waited as text, 785 after (2026-11-27, the demo catalogue's 14
     * categories, 63 subcategories, 3 banners and 12 deals).
     */
    maxElements: 800,
  },
  /**
   * JavaScript as transferred, every page at every width: each script as the shop serves it (brotli
   * quality 11) and what the inline scripts add to the compressed HTML (bench/page-assets.ts). Held
   * by tests/e2e/page-weight.spec.ts; `npm run bench` 2026-11-27 at 412 px: home 68.5, category
   * 67.3, product 69.1, search 69.0, cart 68.7, about 64.8 KB.
   */
  maxJsTransferredKb: 70,
  /** Bytes of the pictures intersecting the first screen of a 412 px phone, as sent (each page type). */
  maxAboveFoldImageKb: 150,
  lighthouse: {
    minPerformance: 98,
    minAccessibility: 100,
    minBestPractices: 100,
    minSeo: 100,
    maxLcpSeconds: 1.5,
    maxCls: 0,
    /** Total blocking time of the worst run. */
    maxTbtMs: 100,
    /** Main-thread work while the page loads, under Lighthouse's 4× CPU slowdown (median of the runs). */
    maxMainThreadSeconds: 1.5,
  },
  api: {
    catalogueMinRequestsPerSecond: 3000,
    catalogueMaxP99Ms: 20,
    cartWriteRatePerSecond: 200,
    cartWriteMaxP99Ms: 50,
  },
  refresh: {
    /** The catalogue size the change → visible page budget applies to. */
    atProducts: 10_000,
    /** A staff price change shows on the static product page within this (median of 5). */
    maxSeconds: 10,
    /** A category renamed shows in the menu of every page of the site within this (median of 3). */
    maxMenuSeconds: 15,
  },
  search: {
    /** Browsing a filtered category and a filtered search, one request at a time: p99 by catalogue size. */
    maxP99Ms: { 10_000: 50, 100_000: 150 } as Record<number, number>,
  },
  accounts: {
    /** argon2id (19 MiB, 2 passes) per sign-up and login: well under a second for a shopper. */
    maxSignupMs: 1000,
    maxLoginMs: 1000,
    /** An unknown e-mail's login must take about as long as a wrong password's (exclusive bounds). */
    unknownToWrongRatio: [0.5, 2],
  },
} as const;

/** Bytes in the budgets' KB. */
export const KB = 1024;
