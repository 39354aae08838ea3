/** The storefront's numbers (breakpoints, delays, page sizes), in one place. */

/** Widths in px. */
export const BREAKPOINTS = {
  /** Category bar opens on hover above this width, on click below. */
  navWide: 768,
  /** The Download Our App prompt shows below this width. */
  mobileApp: 620,
} as const;

/** Scroll distance in px after which the scroll-to-top button shows. */
export const SCROLL_TOP_AFTER = 100;

/** Durations in ms. */
export const DURATIONS = {
  promoPopup: 8000,
  offerTick: 10,
  redirectMissingEmail: 2500,
  redirectResetSuccess: 1000,
  redirectProfileUpdated: 1500,
  redirectOtpVerified: 1500,
  toastWishlistSuccess: 2000,
  toastWishlistError: 3000,
  toastCart: 1500,
} as const;

/** The offer countdowns start at 7 days. */
export const OFFER_COUNTDOWN_MS = 7 * 24 * 60 * 60 * 1000;

export const PAGE_SIZES = {
  cart: 20,
  wishlist: 20,
  orders: 10,
  /** Product grids show this many first and add as many per Load More. */
  productGrid: 50,
} as const;

/** The categories the search screen lists, as the search screen names them. */
export const SEARCH_SIDEBAR_CATEGORIES = [
  'Milks & Dairies',
  'Clothing',
  'Pet Foods',
  'Baking material',
  'Fresh Fruit',
] as const;
