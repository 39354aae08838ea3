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
