/**
 * The one module that talks to the shop's API (and the only caller of `fetch`). Build-time pages
 * and islands both use it. The base URL is `API_BASE` at build time and `PUBLIC_API_BASE` in the
 * browser (default: the same origin's `/api/`).
 */
import {
  asList,
  errorMessage,
  normaliseBanner,
  normaliseCategory,
  normaliseProduct,
  normaliseReview,
  normaliseSearchProduct,
  normaliseSubcategory,
  totalCount,
} from './normalise';
import type { Banner, Category, FeaturedProduct, Product, Review, SearchProduct, Subcategory } from './types';

/** A failed call: the HTTP status (0 when the API could not be reached) and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const DEFAULT_BUILD_API = 'http://127.0.0.1:4321/api/';
const BUILD_PAGE_SIZE = 100;

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The browser-facing API base (as configured, possibly relative). */
export function publicApiBase(): string {
  return withSlash(import.meta.env.PUBLIC_API_BASE || '/api/');
}

/** Where calls go from here: the build's API when rendering, the public one in the browser. */
export function apiBase(): string {
  if (import.meta.env.SSR) return withSlash(process.env.API_BASE || DEFAULT_BUILD_API);
  return publicApiBase();
}

/** Origin that relative media paths belong to: '' when the public API shares the site's origin. */
export function mediaOrigin(): string {
  const base = publicApiBase();
  return /^https?:\/\//i.test(base) ? new URL(base).origin : '';
}

type Query = Record<string, string | number | boolean | undefined>;

function url(path: string, query?: Query): string {
  const base = apiBase();
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) qs.set(key, String(value));
  }
  const search = qs.toString();
  return `${base}${path}${search ? `?${search}` : ''}`;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  token?: string | null;
  signal?: AbortSignal;
  /** Message when the answer carries none. */
  fallback?: string;
}

/** Build-time memo: many pages ask for the same lists, and the catalogue does not change mid-build. */
const buildCache = new Map<string, Promise<unknown>>();

async function call(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const target = url(path, options.query);
  if (import.meta.env.SSR && method === 'GET' && !options.token) {
    let cached = buildCache.get(target);
    if (!cached) {
      cached = send(target, options);
      buildCache.set(target, cached);
      cached.catch(() => buildCache.delete(target));
    }
    return cached;
  }
  return send(target, options);
}

async function send(target: string, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let response: Response;
  try {
    response = await fetch(target, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    const hint = import.meta.env.SSR
      ? ' Start the API with "npm start" (or "npm run build", which starts it) or set API_BASE to where it runs.'
      : '';
    throw new ApiError(0, `Could not reach the shop's API at ${target}: ${String(cause)}.${hint}`);
  }
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON: keep the text for the error message.
  }
  if (!response.ok) {
    throw new ApiError(
      response.status,
      errorMessage(parsed, options.fallback ?? `Request failed (${response.status})`),
      parsed,
    );
  }
  return parsed;
}

/** Filters SPEC.md §7 allows on the product list. */
export interface ProductFilter {
  category?: number;
  subCategory?: number;
  popular?: boolean;
}

function productQuery(filter: ProductFilter): Query {
  return { category: filter.category, sub_category: filter.subCategory, popular: filter.popular || undefined };
}

/** All top-level categories. */
export async function getCategories(): Promise<Category[]> {
  const origin = mediaOrigin();
  return asList(await call('common/product_categories/')).map((c) => normaliseCategory(c, origin));
}

/** All subcategories (each names its parent category). */
export async function getSubcategories(): Promise<Subcategory[]> {
  const origin = mediaOrigin();
  return asList(await call('common/subcategories/')).map((s) => normaliseSubcategory(s, origin));
}

/** The home page's banners. */
export async function getBanners(): Promise<Banner[]> {
  const origin = mediaOrigin();
  return asList(await call('common/banners_api/')).map((b) => normaliseBanner(b, origin));
}

/** One page of products and the total count. A backend that ignores paging is paged here. */
export async function getProductsPage(
  filter: ProductFilter,
  page: number,
  pageSize: number,
): Promise<{ items: Product[]; total: number }> {
  const raw = await call('common/products/', { query: { ...productQuery(filter), page, page_size: pageSize } });
  const origin = mediaOrigin();
  const list = asList(raw).map((p) => normaliseProduct(p, origin));
  if (Array.isArray(raw) && list.length > pageSize) {
    return { items: list.slice((page - 1) * pageSize, page * pageSize), total: list.length };
  }
  return { items: list, total: totalCount(raw) };
}

/** Every product matching `filter`, fetched page by page. */
export async function getAllProducts(filter: ProductFilter = {}): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await getProductsPage(filter, page, BUILD_PAGE_SIZE);
    all.push(...items);
    if (items.length === 0 || all.length >= total) return all;
  }
}

/** One product, or null when the API has no such product. */
export async function getProduct(id: number): Promise<Product | null> {
  try {
    return normaliseProduct(await call(`common/products/${id}/`), mediaOrigin());
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Featured products flagged big_deal (the list is filtered here, as SPEC.md §7 says). */
export async function getDailyBestDeals(): Promise<FeaturedProduct[]> {
  const origin = mediaOrigin();
  return asList(await call('common/featured_products/'))
    .map((p) => normaliseProduct(p, origin))
    .filter((p) => p.big_deal);
}

/** Products matching the shopper's text; empty text finds nothing without a call. */
export async function searchProducts(text: string, signal?: AbortSignal): Promise<SearchProduct[]> {
  const search = text.trim();
  if (!search) return [];
  const raw = await call('common/products_search/', { query: { search }, signal });
  const origin = mediaOrigin();
  return asList(raw).map((p) => normaliseSearchProduct(p, origin));
}

/** Products of one subcategory in the search screen's shape (the `?id=&sub_category=` form). */
export async function getSubcategoryProducts(
  subCategory: number,
  signal?: AbortSignal,
): Promise<{ name: string; products: SearchProduct[] }> {
  const raw = await call('common/products/', { query: { sub_category: subCategory }, signal });
  const origin = mediaOrigin();
  const list = asList(raw);
  const name = list.length ? normaliseProduct(list[0], origin).sub_category_name : '';
  return { name, products: list.map((p) => normaliseSearchProduct(p, origin)) };
}

/** Reviews of one product, newest first. */
export async function getProductReviews(productId: number, signal?: AbortSignal): Promise<Review[]> {
  const raw = await call('common/ratings/', { query: { product: productId }, signal });
  const origin = mediaOrigin();
  return asList(raw)
    .map((r) => normaliseReview(r, origin))
    .filter((r) => r.product === productId);
}

/** HTML of a pre-built page fragment on this site (the grids' "Load More" pages). */
export async function loadHtmlFragment(path: string, signal?: AbortSignal): Promise<string> {
  const response = await fetch(path, { signal, headers: { accept: 'text/html' } });
  if (!response.ok) throw new ApiError(response.status, `Could not load ${path} (${response.status})`);
  return response.text();
}
