/**
 * Reads API answers into the shapes of `types.ts`. The API contract (docs/api.md) allows several answer shapes
 * (a list or `{results}`, and more for cart and wishlist) and several error keys; this is the one
 * place that knows them, so the storefront also works against another backend with the contract.
 */
import { deliveryStatusOf, paymentStatusOf } from '../../../contract/orders';
import {
  ORDER_ACTORS,
  orderStateOf,
  REFUND_STATUSES,
  type OrderActor,
  type RefundStatus,
} from '../../../contract/order-lifecycle';
import { discountPercent } from '../../../contract/pricing';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import type {
  Address,
  Banner,
  HomeOffer,
  CartItem,
  Category,
  Order,
  Product,
  Profile,
  Review,
  SearchProduct,
  Subcategory,
  Variant,
  VariantImage,
  WishlistEntry,
} from '../../../contract/types';

type Raw = Record<string, unknown>;

function isRecord(value: unknown): value is Raw {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown, fallback = 0): number {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
}

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback;
}

function strOrNull(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The list inside an answer: the answer itself when it is an array, else the first of `keys`
 * that holds an array (`results` by default); anything else is an empty list.
 */
export function asList(raw: unknown, keys: string[] = ['results']): unknown[] {
  if (Array.isArray(raw)) return raw;
  if (isRecord(raw)) {
    for (const key of keys) {
      const value = raw[key];
      if (Array.isArray(value)) return value;
      if (isRecord(value)) {
        const inner = asList(value, keys);
        if (inner.length) return inner;
      }
    }
  }
  return [];
}

/**
 * The human message of an error answer: `message`, else `detail`, else `error` (strings, or the
 * first string of a list or field map), else `fallback`.
 */
export function errorMessage(body: unknown, fallback: string): string {
  const first = (value: unknown): string | null => {
    if (typeof value === 'string' && value.trim()) return value;
    if (Array.isArray(value)) return value.map(first).find(Boolean) ?? null;
    if (isRecord(value)) return Object.values(value).map(first).find(Boolean) ?? null;
    return null;
  };
  if (typeof body === 'string' && body.trim()) return withoutFieldKey(body);
  if (!isRecord(body)) return fallback;
  const found = first(body.message) ?? first(body.detail) ?? first(body.error) ?? first(body.errors);
  return found ? withoutFieldKey(found) : fallback;
}

/** A raw key heading a message ('quantity: …', 'products.0.quantity: …'), as some backends send. */
const FIELD_KEY_PREFIX = /^\s*[a-z_][a-z0-9_]*(?:\.[a-z0-9_]+)*\s*:\s+(?=\S)/;

/** The message without a raw field key in front: shoppers read sentences, not `quantity: Too big`. */
export function withoutFieldKey(message: string): string {
  const rest = message.replace(FIELD_KEY_PREFIX, '');
  return rest === message ? message : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * Resolves a media path against `mediaOrigin` (the public API's origin; empty for the same origin
 * as the site). Absolute URLs and data URIs pass through; nothing usable gives null.
 */
export function resolveMedia(path: unknown, mediaOrigin: string): string | null {
  const value = strOrNull(path);
  if (!value) return null;
  if (/^(https?:)?\/\//i.test(value) || value.startsWith('data:')) return value;
  const rooted = value.startsWith('/') ? value : `/${value}`;
  return `${mediaOrigin}${rooted}`;
}

/** A category from either shape the spec allows. */
export function normaliseCategory(raw: unknown, mediaOrigin: string): Category {
  const r = isRecord(raw) ? raw : {};
  return { id: num(r.id), name: str(r.name), image: resolveMedia(r.image, mediaOrigin) };
}

/** A subcategory; `category` may come as an id or as a nested category. */
export function normaliseSubcategory(raw: unknown, mediaOrigin: string): Subcategory {
  const r = isRecord(raw) ? raw : {};
  const parent = isRecord(r.category) ? r.category.id : r.category;
  return {
    id: num(r.id),
    name: str(r.name),
    image: resolveMedia(r.image, mediaOrigin),
    category: num(parent ?? r.category_id),
  };
}

/** A banner. */
export function normaliseBanner(raw: unknown, mediaOrigin: string): Banner {
  const r = isRecord(raw) ? raw : {};
  return {
    id: num(r.id),
    title: str(r.title),
    subtitle: strOrNull(r.subtitle),
    image: resolveMedia(r.image, mediaOrigin) ?? '',
  };
}

/** One of the home page's Extra Offers. */
export function normaliseHomeOffer(raw: unknown, mediaOrigin: string): HomeOffer {
  const r = isRecord(raw) ? raw : {};
  return {
    id: num(r.id),
    title: str(r.title),
    text: str(r.text),
    image: resolveMedia(r.image, mediaOrigin) ?? '',
    search: str(r.search),
  };
}

function normaliseImages(raw: unknown, mediaOrigin: string): VariantImage[] {
  return asList(raw).flatMap((item, index) => {
    const r = isRecord(item) ? item : { image: item };
    const image = resolveMedia(r.image, mediaOrigin);
    return image ? [{ id: num(r.id, index + 1), image }] : [];
  });
}

/** A variant; a missing discount is computed from the prices, a missing rating is 0. */
export function normaliseVariant(raw: unknown, mediaOrigin: string): Variant {
  const r = isRecord(raw) ? raw : {};
  const price = num(r.price);
  const finalPrice = num(r.final_price ?? r.selling_price, price);
  return {
    id: num(r.id),
    name: str(r.name),
    color: strOrNull(r.color),
    size: strOrNull(r.size),
    sku: str(r.sku),
    unit: str(r.unit),
    unit_value: num(r.unit_value),
    price,
    final_price: finalPrice,
    discount_percent:
      r.discount_percent === undefined || r.discount_percent === null
        ? discountPercent(price, finalPrice)
        : num(r.discount_percent),
    average_rating: num(r.average_rating),
    rating_count: num(r.rating_count),
    images: normaliseImages(r.images, mediaOrigin),
    is_wishlisted: r.is_wishlisted === true,
  };
}

/** A product with its variants. */
export function normaliseProduct(raw: unknown, mediaOrigin: string): Product {
  const r = isRecord(raw) ? raw : {};
  return {
    id: num(r.id),
    name: str(r.name ?? r.title),
    description: str(r.description),
    weight: num(r.weight),
    unit: str(r.unit),
    length: num(r.length),
    width: num(r.width),
    height: num(r.height),
    category: num(isRecord(r.category) ? r.category.id : r.category),
    category_name: str(r.category_name),
    sub_category: num(isRecord(r.sub_category) ? r.sub_category.id : r.sub_category),
    sub_category_name: str(r.sub_category_name),
    big_deal: r.big_deal === true,
    variants: asList(r.variants).map((v) => normaliseVariant(v, mediaOrigin)),
  };
}

/** A search result: `title` and each variant's `selling_price`. */
export function normaliseSearchProduct(raw: unknown, mediaOrigin: string): SearchProduct {
  const r = isRecord(raw) ? raw : {};
  const product = normaliseProduct(raw, mediaOrigin);
  return {
    id: product.id,
    title: str(r.title ?? r.name),
    variants: product.variants.map((v) => ({ ...v, selling_price: v.final_price })),
  };
}

/** The total count of a paged answer, or the list's length when the answer is not paged. */
export function totalCount(raw: unknown): number {
  if (isRecord(raw) && typeof raw.count === 'number') return raw.count;
  return asList(raw).length;
}

/** A review; `variant` and `variant_id` are both filled from whichever the answer has. */
export function normaliseReview(raw: unknown, mediaOrigin: string): Review {
  const r = isRecord(raw) ? raw : {};
  const variant = num(isRecord(r.variant) ? r.variant.id : (r.variant ?? r.variant_id));
  return {
    id: num(r.id),
    variant,
    variant_id: variant,
    product: num(isRecord(r.product) ? r.product.id : r.product),
    user: num(isRecord(r.user) ? r.user.id : r.user),
    rating: Math.min(5, Math.max(0, num(r.rating))),
    review: str(r.review),
    images: normaliseImages(r.images, mediaOrigin),
    created_at: str(r.created_at),
    user_first_name: str(r.user_first_name),
    user_last_name: str(r.user_last_name),
    product_name: str(r.product_name),
  };
}

/** A profile; the picture resolves like any media path (relative or absolute). */
export function normaliseProfile(raw: unknown, mediaOrigin: string): Profile {
  const r = isRecord(raw) ? (isRecord(raw.data) && !('first_name' in raw) ? raw.data : raw) : {};
  return {
    first_name: str(r.first_name),
    last_name: str(r.last_name),
    email: str(r.email),
    phone_number: str(r.phone_number),
    profile_picture: resolveMedia(r.profile_picture, mediaOrigin),
  };
}

/** A saved address. */
export function normaliseAddress(raw: unknown): Address {
  const r = isRecord(raw) ? raw : {};
  return {
    id: num(r.id),
    name: str(r.name),
    phone_number: str(r.phone_number),
    alternate_phone_number: str(r.alternate_phone_number),
    pincode: str(r.pincode),
    locality: str(r.locality),
    area: str(r.area),
    city: str(r.city),
    state: str(r.state),
    landmark: str(r.landmark),
    address_type: r.address_type === 'work' ? 'work' : 'home',
    user: num(isRecord(r.user) ? r.user.id : r.user, 1),
  };
}

/** A cart line; numbers may arrive as strings from other backends. */
export function normaliseCartItem(raw: unknown, mediaOrigin: string): CartItem {
  const r = isRecord(raw) ? raw : {};
  const price = num(r.product_price ?? r.price);
  const finalPrice = num(r.final_price, price);
  const productId = num(isRecord(r.product) ? r.product.id : r.product_id, 0);
  return {
    product_variant_id: num(r.product_variant_id ?? r.variant_id ?? (isRecord(r.variant) ? r.variant.id : r.variant)),
    product_id: productId || null,
    product_name: str(r.product_name ?? r.name),
    product_image: resolveMedia(r.product_image ?? r.image, mediaOrigin),
    size: strOrNull(r.size),
    color: strOrNull(r.color ?? r.colour),
    weight: strOrNull(typeof r.weight === 'number' ? String(r.weight) : r.weight),
    quantity: Math.max(1, Math.floor(num(r.quantity, 1))),
    final_price: finalPrice,
    product_price: price || finalPrice,
    discount_percent: r.discount_percent === undefined ? discountPercent(price, finalPrice) : num(r.discount_percent),
    // A backend that says nothing of stock leaves it to the order to decide.
    available: Math.max(0, Math.floor(num(r.available, MAX_LINE_QUANTITY))),
  };
}

/** The cart: a list, or a list under results, cart or cart_items. */
export function normaliseCart(raw: unknown, mediaOrigin: string): CartItem[] {
  return asList(raw, ['results', 'cart', 'cart_items']).map((item) => normaliseCartItem(item, mediaOrigin));
}

/** A wishlist entry. */
export function normaliseWishlistEntry(raw: unknown, mediaOrigin: string): WishlistEntry {
  const r = isRecord(raw) ? raw : {};
  const p = isRecord(r.product) ? r.product : {};
  return {
    id: num(r.id),
    variant_id: num(r.variant_id ?? p.variant_id ?? r.variant ?? p.id),
    product: {
      id: num(p.id),
      name: str(p.name),
      size: strOrNull(p.size),
      color: strOrNull(p.color ?? p.colour),
      final_price: num(p.final_price ?? p.price),
      images: normaliseImages(p.images, mediaOrigin).map(({ image }) => ({ image })),
    },
  };
}

/** The wishlist and its count: a list, or `{results}`/`{wishlist}`, with `wishlist_count` when given. */
export function normaliseWishlist(raw: unknown, mediaOrigin: string): { entries: WishlistEntry[]; count: number } {
  const entries = asList(raw, ['results', 'wishlist']).map((e) => normaliseWishlistEntry(e, mediaOrigin));
  const count = isRecord(raw) && raw.wishlist_count !== undefined ? num(raw.wishlist_count) : entries.length;
  return { entries, count };
}

/** An order with its items. */
export function normaliseOrder(raw: unknown, mediaOrigin: string): Order {
  const r = isRecord(raw) ? raw : {};
  const status = paymentStatusOf(r.status);
  const delivery = deliveryStatusOf(r.delivery_status);
  const refund = isRecord(r.refund) ? r.refund : null;
  const refundStatus = refund && (REFUND_STATUSES as readonly unknown[]).includes(refund.status);
  return {
    id: num(r.id),
    razorpay_order_id: strOrNull(r.razorpay_order_id),
    amount: num(r.amount),
    status,
    delivery_status: delivery,
    state: orderStateOf(r.state, status, delivery),
    payment_method: r.payment_method === 'cod' ? 'cod' : 'online',
    created_at: str(r.created_at),
    paid_at: strOrNull(r.paid_at),
    expires_at: strOrNull(r.expires_at),
    expected_delivery:
      typeof r.expected_delivery === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.expected_delivery)
        ? r.expected_delivery
        : null,
    address: str(r.address),
    timeline: asList(r.timeline).flatMap((event) => {
      const e = isRecord(event) ? event : {};
      const state = orderStateOf(e.state, 'created', 'not shipped');
      if (typeof e.at !== 'string' || e.state !== state) return [];
      const actor = (ORDER_ACTORS as readonly unknown[]).includes(e.actor) ? (e.actor as OrderActor) : 'system';
      return [{ state, at: e.at, actor, note: strOrNull(e.note) }];
    }),
    refund:
      refund && refundStatus
        ? { amount: num(refund.amount), status: refund.status as RefundStatus, updated_at: str(refund.updated_at) }
        : null,
    items: asList(r.items).map((item) => {
      const i = isRecord(item) ? item : {};
      return {
        product_name: str(i.product_name),
        product_image: resolveMedia(i.product_image, mediaOrigin),
        quantity: num(i.quantity, 1),
        price: num(i.price),
        variant: num(isRecord(i.variant) ? i.variant.id : i.variant),
        product: num(isRecord(i.product) ? i.product.id : i.product, 0) || null,
        size: strOrNull(i.size),
        color: strOrNull(i.color ?? i.colour),
      };
    }),
  };
}
