/**
 * What the checkout screens receive as "navigation state": the product bought now, or the cart
 * lines checked out. Kept in this tab's session storage, so a reload keeps it and nothing lands
 * in the address bar.
 */
import type { CartItem } from '../../../contract/types';
import { priceBreakup } from '../../../contract/pricing';

/** The line items a checkout screen shows and orders (prices for display only: the server reprices). */
export interface CheckoutLine {
  variant_id: number;
  product_id: number | null;
  name: string;
  image: string | null;
  size: string | null;
  /** The variant's colour name; absent in lines stored before colours were carried. */
  color?: string | null;
  quantity: number;
  /** List price in rupees. */
  price: number;
  /** Selling price in rupees. */
  final_price: number;
}

const KEYS = { buyNow: 'checkout:buyNow', cart: 'checkout:cart' } as const;

function read(key: string): CheckoutLine[] | null {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    return Array.isArray(parsed) ? (parsed as CheckoutLine[]) : null;
  } catch {
    return null;
  }
}

/** Hands one product (as a one-line checkout) to /buynowaddress. */
export function setBuyNow(line: CheckoutLine): void {
  sessionStorage.setItem(KEYS.buyNow, JSON.stringify([line]));
}

/** The product handed to /buynowaddress, or null. */
export function buyNowLines(): CheckoutLine[] | null {
  return read(KEYS.buyNow);
}

/** Hands the cart's lines to /buynowcartaddress. */
export function setCartCheckout(items: CartItem[]): void {
  const lines: CheckoutLine[] = items.map((i) => ({
    variant_id: i.product_variant_id,
    product_id: i.product_id,
    name: i.product_name,
    image: i.product_image,
    size: i.size || i.weight,
    color: i.color,
    quantity: i.quantity,
    price: i.product_price,
    final_price: i.final_price,
  }));
  sessionStorage.setItem(KEYS.cart, JSON.stringify(lines));
}

/** The cart lines handed to /buynowcartaddress, or null. */
export function cartCheckoutLines(): CheckoutLine[] | null {
  return read(KEYS.cart);
}

/** Forgets a finished checkout. */
export function clearCheckout(which: 'buyNow' | 'cart'): void {
  sessionStorage.removeItem(KEYS[which]);
}

/** Price Details of a checkout: list total, discount, amount to pay (rupees, rounded to paise). */
export function priceDetails(lines: CheckoutLine[]): { price: number; discount: number; total: number } {
  return priceBreakup(lines);
}
