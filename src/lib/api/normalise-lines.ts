/**
 * Cart lines and wishlist entries as the API answers them (normalise.ts reads the other shapes): a
 * module of its own, since the header's counts on every page need these and nothing else.
 */
import { discountPercent } from '../../../contract/pricing';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import type { CartItem, WishlistEntry } from '../../../contract/types';
import { asList, isRecord, normaliseImages, num, resolveMedia, str, strOrNull } from './read';

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
