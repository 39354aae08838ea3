/**
 * Reads API answers into the shapes of `types.ts`. The API contract (docs/api.md) allows several answer shapes
 * (a list or `{results}`, and more for cart and wishlist) and several error keys; this module and
 * its siblings (normalise-lines.ts: cart and wishlist; normalise-orders.ts: orders; read.ts: the
 * readers they share) are the one place that knows them, so the storefront also works against
 * another backend with the contract. Split by shape so a page loads only the readers its islands use.
 */
import { discountPercent } from '../../../contract/pricing';
import { asList, isRecord, normaliseImages, num, resolveMedia, str, strOrNull } from './read';
import type {
  Address,
  Banner,
  HomeOffer,
  HomePopup,
  Category,
  Product,
  Profile,
  Review,
  SearchProduct,
  Subcategory,
  Variant,
} from '../../../contract/types';

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
    button_label: strOrNull(r.button_label),
    link: strOrNull(r.link),
  };
}

/** The home page's offer pop-up; an answer without one reads as switched off. */
export function normaliseHomePopup(raw: unknown): HomePopup {
  const r = isRecord(raw) ? raw : {};
  return {
    enabled: r.enabled === true,
    title: str(r.title),
    text: str(r.text),
    code: strOrNull(r.code),
    button_label: str(r.button_label),
    link: str(r.link),
    campaign: str(r.campaign),
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
    brand: strOrNull(r.brand)?.trim() || null,
    average_rating: num(r.average_rating),
    rating_count: num(r.rating_count),
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
    average_rating: product.average_rating,
    rating_count: product.rating_count,
    variants: product.variants.map((v) => ({ ...v, selling_price: v.final_price })),
  };
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
    verified_purchase: r.verified_purchase === true,
    reply: isRecord(r.reply) && typeof r.reply.text === 'string' ? { text: r.reply.text, at: str(r.reply.at) } : null,
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
