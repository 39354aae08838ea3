/**
 * Reads API answers into the shapes of `types.ts`. SPEC.md §3/§7 allow several answer shapes
 * (a list or `{results}`, and more for cart and wishlist) and several error keys; this is the one
 * place that knows them, so the storefront also works against another backend with the contract.
 */
import { discountPercent } from '../pricing';
import type { Banner, Category, Product, Review, SearchProduct, Subcategory, Variant, VariantImage } from './types';

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
  if (typeof body === 'string' && body.trim()) return body;
  if (!isRecord(body)) return fallback;
  return first(body.message) ?? first(body.detail) ?? first(body.error) ?? first(body.errors) ?? fallback;
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
