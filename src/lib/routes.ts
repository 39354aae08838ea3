/**
 * Every address of the storefront, in one place. Named exports, imported as
 * `import * as routes`, so that a page's scripts carry only the addresses they use. The pages' file names under src/pages/ make
 * these URLs, and they stay as they are: bookmarks, the sitemap and the browser tests pin them.
 */
export const home = '/';
export const about = '/aboutus';
export const contact = '/contactus';
export const privacy = '/privacypolicy';
export const returns = '/return';
export const products = '/products';
export const allProducts = '/productslisting';
export const login = '/login';
export const register = '/register';
export const forgotPassword = '/forgotpassword';
export const resetPassword = '/resetpassword';
export const profile = '/profile';
export const updateProfile = '/updateprofile';
export const cart = '/cart';
export const wishlist = '/wishlist';
export const myOrders = '/myorder';
export const orderTrackingHelp = '/ordertracking';
/** The checkout of the one product chosen on its page ('Buy Now'). */
export const buyNowCheckout = '/buynowaddress';
/** The checkout of the whole cart. */
export const cartCheckout = '/buynowcartaddress';
export const search = '/searchproductlist';
export const sitemap = '/sitemap.xml';
/** Load More fragments of the product grids (not pages of their own). */
export const fragments = '/fragments/';
/** The page that renders a product unknown at build time, in the browser. */
export const fallback = '/fallback/';
export const product = (id: number | string) => `/product-details/${id}`;
export const category = (id: number | string) => `/subcategories/${id}`;
/** A category's page opened on one of its subcategories. */
export const categorySubcategory = (categoryId: number | string, subcategoryId: number | string) =>
  `/subcategories/${categoryId}?sub_category=${subcategoryId}`;
export const subcategory = (id: number | string) => `/subcategoriesproducts/${id}`;
export const trackOrder = (id: number | string) => `/trackorder/${id}`;
export const orderSuccess = (orderId: number | string) => `/ordersuccess?order=${orderId}`;
export const searchFor = (term: string) => `/searchproductlist?search=${encodeURIComponent(term)}`;
/** Page `page` of a product grid's Load More fragments ('all', a category or a subcategory). */
export const gridFragment = (kind: string, id: number, page: number) => `/fragments/${kind}/${id}/${page}/`;
