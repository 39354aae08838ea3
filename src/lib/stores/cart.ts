import { atom, computed } from 'nanostores';

/** A cart line as the cart call returns it (SPEC.md §3). */
export interface CartLine {
  product_variant_id: number;
  product_name: string;
  product_image: string | null;
  size: string | null;
  weight: string | null;
  quantity: number;
  final_price: number;
  product_price: number;
  discount_percent: number;
}

/** The shopper's cart lines; empty when logged out. */
export const $cartLines = atom<CartLine[]>([]);

/** The header badge: the number of cart entries. */
export const $cartCount = computed($cartLines, (lines) => lines.length);
