import type { DeliveryStatus, PaymentStatus } from './orders';

/**
 * The shop's entities as SPEC.md §3 names them: the shapes the storefront works with after
 * `normalise.ts` has read an answer. The reference server answers in exactly these shapes and
 * imports them with `import type`, so the two cannot drift apart.
 */

export interface Category {
  id: number;
  name: string;
  image: string | null;
}

export interface Subcategory {
  id: number;
  name: string;
  image: string | null;
  /** Parent category id. */
  category: number;
}

export interface VariantImage {
  id: number;
  image: string;
}

export interface Variant {
  id: number;
  name: string;
  color: string | null;
  size: string | null;
  sku: string;
  unit: string;
  unit_value: number;
  /** List price (MRP) in rupees. */
  price: number;
  /** Selling price in rupees. */
  final_price: number;
  discount_percent: number;
  average_rating: number;
  rating_count: number;
  images: VariantImage[];
  is_wishlisted: boolean;
}

export interface Product {
  id: number;
  name: string;
  description: string;
  /** Shipping weight in grams. */
  weight: number;
  unit: string;
  /** Dimensions in cm. */
  length: number;
  width: number;
  height: number;
  category: number;
  category_name: string;
  sub_category: number;
  sub_category_name: string;
  big_deal: boolean;
  variants: Variant[];
}

export type FeaturedProduct = Product;

/** Search answers name the product `title` and each variant's price `selling_price`. */
export interface SearchVariant extends Variant {
  selling_price: number;
}

export interface SearchProduct {
  id: number;
  title: string;
  variants: SearchVariant[];
}

export interface Banner {
  id: number;
  title: string;
  subtitle: string | null;
  image: string;
}

export interface Profile {
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  profile_picture: string | null;
}

/** One page of a paged list answer. */
export interface Page<T> {
  count: number;
  results: T[];
}

/** The single error shape every API error answers with. */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  /** The same text under the keys some calls' clients read (SPEC.md §7: create_order, ratings). */
  error?: string;
  detail?: string;
}

export interface Review {
  id: number;
  variant: number;
  variant_id: number;
  product: number;
  user: number;
  rating: number;
  review: string;
  images: { id: number; image: string }[];
  created_at: string;
  user_first_name: string;
  user_last_name: string;
  product_name: string;
}

export interface Address {
  id: number;
  name: string;
  phone_number: string;
  alternate_phone_number: string;
  pincode: string;
  locality: string;
  area: string;
  city: string;
  state: string;
  landmark: string;
  address_type: 'home' | 'work';
  /** Owner's user id. */
  user: number;
}

/** A cart line as the cart call returns it (SPEC.md §3). */
export interface CartItem {
  product_variant_id: number;
  product_id: number | null;
  product_name: string;
  product_image: string | null;
  size: string | null;
  /** The variant's colour name ('Navy'), or null when it has none. */
  color: string | null;
  weight: string | null;
  quantity: number;
  final_price: number;
  product_price: number;
  discount_percent: number;
}

/** A wishlist entry (SPEC.md §3). */
export interface WishlistEntry {
  id: number;
  variant_id: number;
  product: {
    id: number;
    name: string;
    size: string | null;
    /** The variant's colour name, or null. */
    color: string | null;
    final_price: number;
    images: { image: string }[];
  };
}

export interface OrderItem {
  product_name: string;
  product_image: string | null;
  quantity: number;
  /** Unit price in rupees, as charged. */
  price: number;
  variant: number;
  product: number | null;
  /** The variant's size (or weight) and colour when it was bought; null when it had none. */
  size: string | null;
  color: string | null;
}

export interface Order {
  id: number;
  razorpay_order_id: string;
  /** Total in rupees. */
  amount: number;
  status: PaymentStatus;
  delivery_status: DeliveryStatus;
  created_at: string;
  address: string;
  items: OrderItem[];
}

/** What create_order answers: enough to open the payment provider's checkout. */
export interface CreatedOrder {
  id: number;
  order_id: string;
  razorpay_key: string;
  currency: string;
  /** Amount in paise (minor units), as the checkout wants it. */
  amount: number;
  /** Where the payment checkout script comes from (Razorpay's, or the shop's local test checkout). */
  checkout_script: string;
}
