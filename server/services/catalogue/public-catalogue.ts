import type { StockAnswer } from '../../../contract/api/catalogue';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import type { Banner, Category, HomeOffer, HomePopup, Product, Subcategory } from '../../../contract/types';
import type { Db } from '../../db';
import {
  getProduct,
  getProductsByIds,
  listBanners,
  listCategories,
  listHomeOffers,
  findHomePopup,
  listProductIds,
  listProducts,
  listSubcategories,
  productExists,
  searchProductIds,
  toSearchProduct,
  type ProductFilter,
} from '../../repositories/catalogue';
import { stockOfProducts } from '../../repositories/stock';
import { NotFound } from '../errors';

/**
 * What anyone may read of the catalogue: categories, subcategories, banners, offers, products
 * (whole lists, by id, featured) and search. Hidden things are left out by the queries
 * themselves; the routes cache these answers (http/response-cache.ts).
 */

export type { ProductFilter };

/** Most products a search answers. */
export const MAX_SEARCH_RESULTS = 100;

export const PRODUCT_NOT_FOUND = 'Product not found.';

export function categories(db: Db): Promise<Category[]> {
  return listCategories(db);
}

export function subcategories(db: Db): Promise<Subcategory[]> {
  return listSubcategories(db);
}

export function banners(db: Db): Promise<Banner[]> {
  return listBanners(db);
}

export function homeOffers(db: Db): Promise<HomeOffer[]> {
  return listHomeOffers(db);
}

/** The home page's offer pop-up; the page leaves it out when switched off. */
export function homePopup(db: Db): Promise<HomePopup> {
  return findHomePopup(db);
}

/** Every product matching `filter`, in catalogue order. */
export function products(db: Db, filter: ProductFilter): Promise<Product[]> {
  return listProducts(db, filter);
}

/** The ids of the products matching `filter`, in catalogue order (a paged list slices them). */
export function productIds(db: Db, filter: ProductFilter): Promise<number[]> {
  return listProductIds(db, filter);
}

/** The products of these ids, in the order given (unknown or hidden ones left out). */
export function productsByIds(db: Db, ids: number[]): Promise<Product[]> {
  return getProductsByIds(db, ids);
}

/** One shown product: NotFound otherwise. */
export async function product(db: Db, id: number): Promise<Product> {
  const found = await getProduct(db, id);
  if (!found) throw new NotFound(PRODUCT_NOT_FOUND);
  return found;
}

/** True when a product with this id is shown (its page can be served before the next build). */
export function isShownProduct(db: Db, id: number): Promise<boolean> {
  return productExists(db, id);
}

/** The products matching `text`, best first, at most MAX_SEARCH_RESULTS. */
export async function searchProducts(db: Db, text: string): Promise<ReturnType<typeof toSearchProduct>[]> {
  const ids = await searchProductIds(db, text, MAX_SEARCH_RESULTS);
  return (await getProductsByIds(db, ids)).map(toSearchProduct);
}

/**
 * What can be bought now of these products' variants (or these variants). Counts stop at a line's
 * most: a shopper needs no more, and the shop's exact stock is its own business.
 */
export async function liveStock(
  db: Db,
  of: { products?: readonly number[]; variants?: readonly number[] },
): Promise<StockAnswer> {
  const rows = await stockOfProducts(db, of);
  return { variants: rows.map((r) => ({ ...r, available: Math.min(r.available, MAX_LINE_QUANTITY) })) };
}
