/**
 * What a committed catalogue change touched, so that only the pages showing it are rendered
 * again: written by the API with the change (site_changes), read by the storefront's refresh
 * (src/features/catalogue/refresh-plan.ts). `products` are the products changed (their pages,
 * the grids and home sections that show them); `categories` and `subcategories` are listings
 * whose content or order changed besides their products' (a product moved between them names
 * both, before and after); `home` is the home page's own content (banners, deals, offers);
 * `everything` asks for a whole build (a category renamed shows in every page's menu).
 */
export interface SiteChange {
  products?: number[];
  categories?: number[];
  subcategories?: number[];
  home?: boolean;
  everything?: boolean;
}
