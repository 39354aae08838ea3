/**
 * The `sizes` of the storefront's pictures: each one's laid-out CSS width at every breakpoint
 * (Tailwind's sm 640, md 768, lg 1024, xl 1280 px; pages sit in `max-w-7xl px-4`, 1248 px wide
 * at most). A product card's picture is its card less 26 px (p-3 and a 1 px border). Close
 * figures matter: the browser fetches the first width at or above sizes × device pixel ratio,
 * and tests/e2e/images.spec.ts fails a picture fetched wider than twice what it shows.
 */
export const PICTURE_SIZES = {
  /** Home banners: the page's width. */
  hero: '(min-width: 1280px) 1248px, calc(100vw - 32px)',
  /** Product grids without a side column: 2, 3 (sm), 4 (lg), 5 (xl) columns, 16 px apart. */
  grid: '(min-width: 1280px) 211px, (min-width: 1024px) calc(25vw - 46px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 50px)',
  /** The category page's grid, beside a 14rem column (and a 2rem gap) from lg. */
  gridBesideList:
    '(min-width: 1280px) 160px, (min-width: 1024px) calc(25vw - 110px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 50px)',
  /** The home page's Popular Products: 2, 3 (sm), 5 (lg) columns. */
  popular:
    '(min-width: 1280px) 211px, (min-width: 1024px) calc(20vw - 45px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 50px)',
  /** Daily Best Deals slides: 2 at once, 3 from md (home-carousels.ts). */
  deals: '(min-width: 1280px) 379px, (min-width: 768px) calc(33.3vw - 48px), calc(50vw - 50px)',
  /** Search results: 2, 3 (sm), 3 beside the category list (lg), 4 (xl). */
  search:
    '(min-width: 1280px) 210px, (min-width: 1024px) calc(33.3vw - 133px), (min-width: 640px) calc(33.3vw - 47px), calc(50vw - 50px)',
  /** Feature category tiles: h-20 w-20. */
  featureTile: '80px',
  /** Extra Offers: w-full max-w-48, never narrower on any screen the shop supports. */
  offer: '192px',
  /** Product gallery thumbnails: 60 px buttons. */
  galleryThumb: '60px',
  /** Review photos: h-20 w-20. */
  reviewPhoto: '80px',
  /** Profile pictures: the header's 32 px, the profile page's 96 px. */
  avatarSmall: '32px',
  avatarLarge: '96px',
} as const;

/** Height of the product page's main picture box, in px (ProductGallery's h-[400px]). */
export const GALLERY_HEIGHT = 400;

/**
 * The product page's main picture: 400 px high (so `ratio` × 400 wide) within its column, less
 * the box's 1 px borders; one column below md, half the page from md.
 */
export function gallerySizes(ratio: number): string {
  const wide = `${String(Math.round(GALLERY_HEIGHT * ratio))}px`;
  return `(min-width: 1280px) min(${wide}, 606px), (min-width: 768px) min(${wide}, calc(50vw - 34px)), min(${wide}, calc(100vw - 34px))`;
}
