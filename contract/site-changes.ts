/**
 * What a committed catalogue change touched, so that only the pages showing it are rendered
 * again: written by the API with the change (site_changes), read by the storefront's refresh
 * (src/features/catalogue/refresh-plan.ts). `products` are the products changed (their pages,
 * the grids and home sections that show them); `categories` and `subcategories` are listings
 * whose content or order changed besides their products' (a product moved between them names
 * both, before and after); `home` is the home page's own content (banners, deals, offers);
 * `menu` is the category menu every page carries (a category added, renamed, moved or hidden):
 * it is rendered once and put into every page, beside the pages the change names; `everything`
 * asks for a whole build (a change too wide to name its pages, such as a large import).
 */
export interface SiteChange {
  products?: number[];
  categories?: number[];
  subcategories?: number[];
  home?: boolean;
  menu?: boolean;
  everything?: boolean;
}
