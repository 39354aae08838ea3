/**
 * The back office's catalogue, by subject: categories and subcategories (categories.ts), products,
 * variants and stock (products.ts), variants' pictures (pictures.ts), the home page's banners and
 * offers (home-pieces.ts), and what every change shares (changes.ts).
 */
export type { CatalogueStaff } from './changes';
export * from './categories';
export * from './pictures';
export * from './products';
export { banners, homeOffers } from './home-pieces';
export { readHomePopup, saveHomePopup } from './home-popup';
export { saveProduct } from './product-save';
