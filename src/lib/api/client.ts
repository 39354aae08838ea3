/**
 * The one module that talks to the shop's API (and the only caller of `fetch`). Build-time pages
 * and islands both use it. The base URL is `API_BASE` at build time and `PUBLIC_API_BASE` in the
 * browser (default: the same origin's `/api/`).
 */
import {
  asList,
  errorMessage,
  normaliseBanner,
  normaliseHomeOffer,
  normaliseAddress,
  normaliseCart,
  normaliseCategory,
  normaliseOrder,
  normaliseProduct,
  normaliseProfile,
  normaliseReview,
  normaliseSearchProduct,
  normaliseSubcategory,
  normaliseWishlist,
  resolveMedia,
  totalCount,
} from './normalise';
import { DEFAULT_COD_LIMIT_RUPEES, deliveryByText, NOT_DELIVERABLE_MESSAGE } from '../../../contract/delivery';
import { RAZORPAY_CHECKOUT_URL } from '../../../contract/payments';
import { BUSY_MESSAGE } from '../../../contract/shop';
import { askAgainWhileBusy, isMomentaryFailure } from './retry';
import type {
  Address,
  Banner,
  HomeOffer,
  CartItem,
  Category,
  CreatedOrder,
  DeliveryAnswer,
  Order,
  FeaturedProduct,
  Product,
  Profile,
  Review,
  SearchProduct,
  Subcategory,
  WishlistEntry,
} from '../../../contract/types';

/** A failed call: the HTTP status (0 when the API could not be reached) and its message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
    /** The answer's Retry-After header, when it had one. */
    readonly retryAfter: string | null = null,
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

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  query?: Query;
  json?: unknown;
  form?: FormData;
  /** Send the session's bearer token (default: whenever one is held). */
  auth?: boolean;
  signal?: AbortSignal | undefined;
  /** Message when the answer carries none. */
  fallback?: string;
  /**
   * On the server, keep the answer for the rest of the build (the default for reads). Answers
   * that depend on what a shopper asked for, rendered at request time, are never kept.
   */
  memo?: boolean;
  /**
   * A 401 here says nothing about the stored session (the login call itself, logout): it is not
   * passed to the session-ended handler.
   */
  ownsUnauthorized?: boolean;
  /**
   * Ask again after a momentary failure (no answer, 502, 503, 504: see retry.ts). Reads always
   * do; a write only when the server treats it as repeatable.
   */
  retry?: boolean;
  /**
   * The bearer token of another kind of session (the back office's staff token), sent instead of
   * the shopper's; null sends none. A 401 for it goes to `onUnauthorized`, never to the shopper's
   * session-ended handler.
   */
  token?: string | null;
  /** What a 401 for `token` ends (the staff session); the shopper's session is not touched. */
  onUnauthorized?: (token: string) => void;
}

let tokenSource: () => string | null = () => null;

/** Registers where the session token comes from (the session store does, once). */
export function setTokenSource(source: () => string | null): void {
  tokenSource = source;
}

let sessionEnded: (token: string) => void = () => undefined;

/**
 * Registers what happens when the server answers 401 to a call that carried the stored token:
 * the server has ended that session (expired, logged out elsewhere, password reset), so the
 * session store ends it here too. Called with the token that was refused.
 */
export function onSessionEnded(handler: (token: string) => void): void {
  sessionEnded = handler;
}

/** Build-time memo: many pages ask for the same lists, and the catalogue does not change mid-build. */
const buildCache = new Map<string, Promise<unknown>>();

/** Forgets the server-side reads kept so far: the catalogue changed since (pages rendered again after a staff change). */
export function forgetBuildReads(): void {
  buildCache.clear();
}

/**
 * The one request: the API base, the bearer token, asking again after momentary failures and the
 * one ApiError. Exported for the back office's client (features/admin/admin-api.ts), which sends
 * staff tokens through it; the shopper's calls below are the named functions of this module.
 */
export async function call(path: string, options: RequestOptions = {}): Promise<unknown> {
  const method = options.method ?? 'GET';
  const target = url(path, options.query);
  if (import.meta.env.SSR && method === 'GET' && options.memo !== false) {
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

/** Sends the call, asking again after a momentary failure when the call may be repeated. */
function send(target: string, options: RequestOptions): Promise<unknown> {
  const repeatable = options.retry ?? (options.method ?? 'GET') === 'GET';
  return repeatable ? askAgainWhileBusy(() => sendOnce(target, options), options.signal) : sendOnce(target, options);
}

async function sendOnce(target: string, options: RequestOptions): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const token =
    options.auth === false || import.meta.env.SSR ? null : options.token !== undefined ? options.token : tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(target, {
      method: options.method ?? 'GET',
      headers,
      body: body ?? null,
      signal: options.signal ?? null,
    });
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
    if (response.status === 401 && token && !options.ownsUnauthorized) (options.onUnauthorized ?? sessionEnded)(token);
    // A load balancer's own 502/504 page, or a 503 without the API's words: the shop is busy.
    const message =
      isMomentaryFailure(response.status) && (parsed === null || typeof parsed !== 'object')
        ? BUSY_MESSAGE
        : errorMessage(parsed, options.fallback ?? `Request failed (${response.status})`);
    throw new ApiError(response.status, message, parsed, response.headers.get('retry-after'));
  }
  return parsed;
}

/** Filters the product list takes (docs/api.md). */
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

/** The home page's Extra Offers. */
export async function getHomeOffers(): Promise<HomeOffer[]> {
  const origin = mediaOrigin();
  return asList(await call('common/home_offers/')).map((o) => normaliseHomeOffer(o, origin));
}

/** One page of products and the total count. A backend that ignores paging is paged here. */
export async function getProductsPage(
  filter: ProductFilter,
  page: number,
  pageSize: number,
  options: Pick<RequestOptions, 'memo'> = {},
): Promise<{ items: Product[]; total: number }> {
  const raw = await call('common/products/', {
    query: { ...productQuery(filter), page, page_size: pageSize },
    ...options,
  });
  const origin = mediaOrigin();
  const list = asList(raw).map((p) => normaliseProduct(p, origin));
  if (Array.isArray(raw) && list.length > pageSize) {
    return { items: list.slice((page - 1) * pageSize, page * pageSize), total: list.length };
  }
  return { items: list, total: totalCount(raw) };
}

/**
 * Every product matching `filter`, fetched page by page. The pages' raw answers are not kept
 * for the build (the caller keeps the list): kept, they were a second copy of the catalogue in
 * each build's memory.
 */
export async function getAllProducts(filter: ProductFilter = {}): Promise<Product[]> {
  const all: Product[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await getProductsPage(filter, page, BUILD_PAGE_SIZE, { memo: false });
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

/** Featured products flagged big_deal (the list is filtered here). */
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
  const raw = await call('common/products_search/', { query: { search }, signal, memo: false });
  const origin = mediaOrigin();
  return asList(raw).map((p) => normaliseSearchProduct(p, origin));
}

/** Products of one subcategory in the search screen's shape (the `?id=&sub_category=` form). */
export async function getSubcategoryProducts(
  subCategory: number,
  signal?: AbortSignal,
): Promise<{ name: string; products: SearchProduct[] }> {
  const raw = await call('common/products/', { query: { sub_category: subCategory }, signal, memo: false });
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
  const response = await fetch(path, { signal: signal ?? null, headers: { accept: 'text/html' } });
  if (!response.ok) throw new ApiError(response.status, `Could not load ${path} (${response.status})`);
  return response.text();
}

// ---- Delivery ----

/** Reads the delivery check's answer; a backend that leaves a field out is read as the contract's default. */
function deliveryAnswer(raw: unknown, pincode: string): DeliveryAnswer {
  const r = (raw ?? {}) as Record<string, unknown>;
  const deliverable = r.deliverable === true;
  const date = typeof r.delivery_by === 'string' && r.delivery_by ? r.delivery_by : null;
  const fallback = deliverable ? (date ? deliveryByText(date) : '') : NOT_DELIVERABLE_MESSAGE;
  return {
    pincode: typeof r.pincode === 'string' ? r.pincode : pincode,
    deliverable,
    days: typeof r.days === 'number' ? r.days : null,
    delivery_by: date,
    message: typeof r.message === 'string' && r.message ? r.message : fallback,
    cod_available: deliverable && r.cod_available === true,
    cod_limit: typeof r.cod_limit === 'number' ? r.cod_limit : DEFAULT_COD_LIMIT_RUPEES,
  };
}

/**
 * Whether and when the shop delivers to a pincode, and whether its area offers cash on delivery
 * (no login needed). A pincode that is not one is refused with 'Valid 6-digit pincode is required'.
 */
export async function checkDelivery(pincode: string, signal?: AbortSignal): Promise<DeliveryAnswer> {
  const raw = await call(`common/delivery/${encodeURIComponent(pincode)}/`, {
    auth: false,
    memo: false,
    signal,
    fallback: 'Delivery could not be checked. Please try again.',
  });
  return deliveryAnswer(raw, pincode);
}

// ---- Accounts ----

/** What a successful login hands back: the token, the user id and the profile data. */
export interface LoginResult {
  token: string;
  userId: number | null;
  user: Record<string, unknown>;
}

/**
 * Logs in. Resolves only for `status: 'success'` (any case) with an access token; otherwise
 * rejects with an ApiError carrying the server's status (0 when the server could not be reached).
 */
export async function login(email: string, password: string): Promise<LoginResult> {
  const raw = await call('common/userlogin', {
    method: 'POST',
    json: { email, password },
    auth: false,
    ownsUnauthorized: true,
  });
  const body = (raw ?? {}) as { status?: unknown; data?: { tokens?: { access?: unknown }; user_id?: unknown } };
  const token = body.data?.tokens?.access;
  if (String(body.status ?? '').toLowerCase() !== 'success' || typeof token !== 'string' || !token) {
    throw new ApiError(401, errorMessage(raw, 'Login failed. Please check your credentials.'), raw);
  }
  const userId = Number(body.data?.user_id);
  return { token, userId: Number.isInteger(userId) && userId > 0 ? userId : null, user: { ...body.data } };
}

/** Creates an account. */
export async function signup(fields: {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
}): Promise<string> {
  const raw = await call('common/signup', {
    method: 'POST',
    json: fields,
    auth: false,
    fallback: 'Registration failed.',
  });
  return errorMessage(raw, 'Registration successful.');
}

/** Tells the server the session ends (it revokes the token). */
export async function logoutSession(): Promise<void> {
  // Logging out a session the server already ended is still a logout, not news.
  await call('common/logout/', { method: 'POST', json: {}, ownsUnauthorized: true });
}

/** Asks for a password-reset PIN by e-mail. */
export async function requestResetOtp(email: string): Promise<string> {
  const raw = await call('common/request_reset_otp', {
    method: 'POST',
    json: { email },
    auth: false,
    fallback: 'Failed to send OTP.',
  });
  return errorMessage(raw, 'OTP sent to your email.');
}

/** Checks the PIN from the e-mail; answers the one-time reset token when the server gives one. */
export async function verifyResetOtp(
  email: string,
  otp: string,
): Promise<{ message: string; resetToken: string | null }> {
  const raw = await call('common/verify_reset_otp', {
    method: 'POST',
    json: { email, otp },
    auth: false,
    fallback: 'Invalid OTP. Please try again.',
  });
  const token = (raw as { reset_token?: unknown } | null)?.reset_token;
  return {
    message: errorMessage(raw, 'OTP verified! Redirecting...'),
    resetToken: typeof token === 'string' ? token : null,
  };
}

/** Sets a new password after a verified PIN (with the token the verification handed out). */
export async function resetPassword(
  email: string,
  newPassword: string,
  confirmPassword: string,
  resetToken: string | null,
): Promise<string> {
  const raw = await call('common/reset_password', {
    method: 'POST',
    json: { email, new_password: newPassword, confirm_password: confirmPassword, reset_token: resetToken ?? undefined },
    auth: false,
    fallback: 'Reset failed. Please try again.',
  });
  return errorMessage(raw, 'Password reset successful! Redirecting to login...');
}

/** The signed-in shopper's profile. */
export async function getProfile(): Promise<Profile> {
  return normaliseProfile(await call('common/profile/'), mediaOrigin());
}

/** Updates the profile (multipart: the fields and, optionally, a new picture). */
export async function updateProfile(form: FormData): Promise<Profile> {
  return normaliseProfile(
    await call('common/profile/', { method: 'PATCH', form, fallback: 'Failed to update profile.' }),
    mediaOrigin(),
  );
}

/** The shopper's saved delivery addresses. */
export async function getAddresses(): Promise<Address[]> {
  return asList(await call('common/addresses/', { fallback: 'Failed to fetch addresses.' })).map(normaliseAddress);
}

/** Saves a new delivery address. */
export async function createAddress(fields: Omit<Address, 'id' | 'user'>): Promise<Address> {
  return normaliseAddress(
    await call('common/addresses/', { method: 'POST', json: fields, fallback: 'Failed to save address.' }),
  );
}

/** Deletes one of the shopper's addresses. */
export async function deleteAddress(id: number): Promise<void> {
  await call(`common/addresses/${id}/`, { method: 'DELETE', fallback: 'Failed to delete address.' });
}

/** Reviews written by one shopper, newest first. */
export async function getUserReviews(userId: number, signal?: AbortSignal): Promise<Review[]> {
  const raw = await call('common/ratings/', { query: { user: userId }, signal });
  const origin = mediaOrigin();
  return asList(raw)
    .map((r) => normaliseReview(r, origin))
    .filter((r) => r.user === userId);
}

// ---- Buying ----

/** The shopper's wishlist and its count. */
export async function getWishlist(): Promise<{ entries: WishlistEntry[]; count: number }> {
  return normaliseWishlist(await call('common/wishlist'), mediaOrigin());
}

/** Adds or removes a variant; true when the server's message says it was added. */
export async function toggleWishlist(variantId: number): Promise<boolean> {
  const raw = await call(`common/wishlist_toggle/${variantId}/`, { method: 'POST' });
  return errorMessage(raw, '').toLowerCase().includes('added');
}

/** The shopper's cart lines. */
export async function getCart(): Promise<CartItem[]> {
  return normaliseCart(await call('common/cart/'), mediaOrigin());
}

/** Puts a variant in the cart. */
export async function addToCart(variantId: number, quantity: number): Promise<void> {
  await call('common/cart/add/', {
    method: 'POST',
    json: { variant_id: variantId, quantity },
    fallback: 'Failed to add product to cart.',
  });
}

/** Changes a cart line's quantity. */
export async function setCartQuantity(variantId: number, quantity: number): Promise<void> {
  await call(`common/cart/${variantId}/`, { method: 'PATCH', json: { quantity } });
}

/** Removes a cart line. */
export async function removeFromCart(variantId: number): Promise<void> {
  try {
    await call(`common/cart_delete/${variantId}/`, { method: 'DELETE' });
  } catch (error) {
    if (error instanceof ApiError && error.status > 0)
      throw new ApiError(error.status, `Delete failed (${error.status})`, error.body);
    throw error;
  }
}

/** Reads create_order's answer (also the test payment's): what the checkout needs. */
function createdOrder(raw: Record<string, unknown>): CreatedOrder {
  return {
    id: Number(raw.id ?? 0),
    order_id: String(raw.order_id ?? ''),
    razorpay_key: String(raw.razorpay_key ?? ''),
    currency: String(raw.currency ?? 'INR'),
    amount: Number(raw.amount ?? 0),
    // A path names the API's own checkout: it lives where the API does, not where the page does.
    checkout_script:
      typeof raw.checkout_script === 'string' && raw.checkout_script
        ? (resolveMedia(raw.checkout_script, mediaOrigin()) ?? RAZORPAY_CHECKOUT_URL)
        : RAZORPAY_CHECKOUT_URL,
  };
}

/** Where an order goes: the address as one line, and the saved address it came from. */
export interface OrderDestination {
  address: string;
  addressId?: number;
}

/** Creates an order priced by the server; answers what the payment checkout needs. */
export async function createOrder(
  products: { variant_id: number; quantity: number }[],
  to: OrderDestination,
): Promise<CreatedOrder> {
  const raw = await call('common/create_order/', {
    method: 'POST',
    json: { products, address: to.address, address_id: to.addressId },
    fallback: 'Failed to create order.',
    // Placing the same cart again hands out its unpaid order: asking again never makes two.
    retry: true,
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Places a cash-on-delivery order (the server checks the pincode and the limit); answers its id and amount in paise. */
export async function createCodOrder(
  products: { variant_id: number; quantity: number }[],
  to: OrderDestination,
): Promise<{ id: number; amount: number }> {
  const raw = await call('common/create_order/', {
    method: 'POST',
    json: { products, address: to.address, address_id: to.addressId, payment_method: 'cod' },
    fallback: 'Failed to create order.',
    // The same cart placed again answers the same order: asking again never makes two.
    retry: true,
  });
  const body = (raw ?? {}) as Record<string, unknown>;
  return { id: Number(body.id ?? 0), amount: Number(body.amount ?? 0) };
}

/** A test payment of `amountPaise` with nothing bought (the /razorpay page; test keys only). */
export async function createTestPayment(amountPaise: number): Promise<CreatedOrder> {
  const raw = await call('common/test_payment_order/', {
    method: 'POST',
    json: { amount: amountPaise },
    fallback: 'Failed to create order.',
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Hands the payment provider's result to the server, which verifies it itself. */
export async function verifyPayment(result: Record<string, string>): Promise<void> {
  await call('common/verify_payment/', {
    method: 'POST',
    json: result,
    fallback: 'Verification Failed! Payment verification failed.',
    // A payment is recorded once, however often it is verified.
    retry: true,
  });
}

/** The shopper's orders, newest first. */
export async function getOrders(): Promise<Order[]> {
  const origin = mediaOrigin();
  return asList(await call('common/orders_history/')).map((o) => normaliseOrder(o, origin));
}

/** One of the shopper's orders, or null when there is no such order of theirs. */
export async function getOrder(id: string): Promise<Order | null> {
  try {
    return normaliseOrder(await call(`common/orders/${encodeURIComponent(id)}/`), mediaOrigin());
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** Pay now: the same unpaid order, ready for another payment attempt in the provider's checkout. */
export async function payOrderAgain(orderId: number): Promise<CreatedOrder> {
  const raw = await call(`common/orders/${orderId}/pay/`, {
    method: 'POST',
    fallback: 'This order cannot be paid now.',
    // Asking again hands out the same order: never a second one.
    retry: true,
  });
  return createdOrder((raw ?? {}) as Record<string, unknown>);
}

/** Cancels one of the shopper's orders (refunded in full when paid); answers the order as it is now. */
export async function cancelOrder(orderId: number): Promise<Order> {
  const raw = await call(`common/orders/${orderId}/cancel/`, {
    method: 'POST',
    fallback: 'This order could not be cancelled.',
    // Cancelling twice cancels once: the second is refused as already cancelled.
    retry: true,
  });
  return normaliseOrder(raw, mediaOrigin());
}

/** A file the API answers (a PDF), its name from `Content-Disposition`, else `fallbackName`. */
export interface ApiFile {
  file: Blob;
  name: string;
}

/**
 * Downloads a file the API answers, with the shopper's token or, for the back office, the one in
 * `options.token` (a 401 for it goes to `options.onUnauthorized`); a refusal throws the one ApiError.
 */
export async function callFile(
  path: string,
  fallbackName: string,
  options: Pick<RequestOptions, 'token' | 'onUnauthorized' | 'fallback' | 'signal'> & {
    /** The file's media type (default: a PDF). */
    accept?: string;
  } = {},
): Promise<ApiFile> {
  const target = url(path);
  const headers: Record<string, string> = { accept: options.accept ?? 'application/pdf' };
  const token = options.token !== undefined ? options.token : tokenSource();
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(target, { headers, signal: options.signal ?? null });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, `Could not reach the shop's API at ${target}: ${String(cause)}.`);
  }
  if (!response.ok) {
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text.
    }
    if (response.status === 401 && token) (options.onUnauthorized ?? sessionEnded)(token);
    throw new ApiError(
      response.status,
      errorMessage(parsed, options.fallback ?? `Request failed (${response.status})`),
      parsed,
      response.headers.get('retry-after'),
    );
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  return { file: await response.blob(), name };
}

/** A paid order's GST tax invoice, as a PDF file and its name. */
export async function getInvoice(orderId: number): Promise<ApiFile> {
  return callFile(`common/orders/${orderId}/invoice/`, `invoice-${orderId}.pdf`, {
    fallback: 'The invoice could not be downloaded.',
  });
}

/** What can be bought now of each variant of these products (live: pages are built once, sales go on). */
export async function getStock(
  productIds: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, StockOfVariant>> {
  const stock = new Map<number, StockOfVariant>();
  if (productIds.length === 0) return stock;
  const raw = await call('common/stock/', {
    query: { products: [...new Set(productIds)].join(',') },
    signal,
    memo: false,
  });
  const variants = isRecordLike(raw) && Array.isArray(raw.variants) ? raw.variants : [];
  for (const v of variants) {
    if (!isRecordLike(v)) continue;
    const variantId = Number(v.variant_id);
    const productId = Number(v.product_id);
    const available = Number(v.available);
    if (Number.isInteger(variantId) && Number.isInteger(productId) && Number.isFinite(available)) {
      stock.set(variantId, { productId, available: Math.max(0, available) });
    }
  }
  return stock;
}

/** What can be bought of one variant now, and its product. */
export interface StockOfVariant {
  productId: number;
  available: number;
}

function isRecordLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Posts a review (multipart: variant, user, rating, review, optional images). */
export async function submitReview(form: FormData): Promise<void> {
  await call('common/ratings/', { method: 'POST', form, fallback: 'Failed to submit review.' });
}

/** Sends a Contact Us message to customer care (no login needed). */
export async function sendContactMessage(fields: {
  name: string;
  email: string;
  phone: string;
  message: string;
}): Promise<void> {
  await call('common/contact', {
    method: 'POST',
    json: fields,
    auth: false,
    fallback: 'Your message could not be sent. Please try again.',
  });
}

/** How the shop takes payments now: `testMode` when no money is taken (the local test checkout). */
export async function getPaymentMode(): Promise<{ provider: string; testMode: boolean }> {
  const raw = ((await call('payments/config/', { auth: false, memo: false })) ?? {}) as Record<string, unknown>;
  return { provider: String(raw.provider ?? ''), testMode: raw.test_mode === true };
}
