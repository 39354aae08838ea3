/**
 * Addresses of the back office (/admin): pages rendered when asked for, never prerendered, never
 * in the sitemap. Kept apart from lib/routes.ts so that no shopper's page carries them.
 */
export const adminHome = '/admin';
export const adminLogin = '/admin/login';
/** Where the invitation e-mail's link leads (its token after `#`: server/services/staff/invites.ts). */
export const adminInvite = '/admin/invite';
export const adminStaff = '/admin/staff';
export const adminAudit = '/admin/audit';
export const adminOrders = '/admin/orders';
/** One order (its id in the query: the page is one on-demand page for every order). */
export const adminOrder = (id: number) => `/admin/order?id=${id}`;
export const adminReviews = '/admin/reviews';
/** The orders to pack, their papers, and the couriers. */
export const adminPacking = '/admin/packing';
/** Refunds waiting for a manager's or an owner's approval. */
export const adminRefunds = '/admin/refunds';
export const adminCustomers = '/admin/customers';
/** One customer (its id in the query). */
export const adminCustomer = (id: number) => `/admin/customer?id=${id}`;
/** The catalogue's product table (its search, filters, sort and page in the query). */
export const adminCatalogue = '/admin/catalogue';
/** One product (its id in the query: one on-demand page for every product). */
export const adminProduct = (id: number) => `/admin/product?id=${id}`;
/** The product page's form for a new product. */
export const adminNewProduct = '/admin/product?new=1';
/** Categories, subcategories and the home page's banners. */
export const adminCategories = '/admin/categories';
/** The search synonyms (haldi ↔ turmeric). */
export const adminSynonyms = '/admin/synonyms';
/** The catalogue's CSV import. */
export const adminImport = '/admin/import';
