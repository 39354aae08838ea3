/**
 * The shop's entities as the API answers them: the shapes the storefront works with after
 * `normalise.ts` has read an answer. Each type is derived from its zod schema in `contract/api/`,
 * the schemas the OpenAPI document (`/api/openapi.json`) is generated from. Import these types
 * with `import type`: the schemas (and zod) then stay out of the browser's bundles.
 */
export type {
  Banner,
  HomeOffer,
  HomePopup,
  Category,
  FeaturedProduct,
  Page,
  Product,
  SearchProduct,
  SearchVariant,
  Subcategory,
  Variant,
  VariantImage,
} from './api/catalogue';
export type { Address, Profile } from './api/accounts';
export type { CartItem, CreatedOrder, Order, OrderItem, Review, WishlistEntry } from './api/buying';
export type { ApiErrorBody } from './api/messages';
export type { DeliveryAnswer } from './api/delivery';
