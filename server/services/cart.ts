import type { CartItem } from '../../contract/types';
import { MAX_CART_LINES } from '../../contract/shop';
import { discountPercent, paiseToRupees } from '../../contract/pricing';
import type { Db } from '../db';
import { Conflict, Invalid, NotFound } from './errors';
import {
  countCartLines,
  deleteCartLine,
  hasCartLine,
  insertCartLine,
  listCartLines,
  setCartQuantity,
} from '../repositories/cart';
import { findVariant, findVariants, type VariantSummary } from '../repositories/catalogue';
import { availableStock } from '../repositories/stock';
import { MAX_LINE_QUANTITY } from '../../contract/shop';
import { SOLD_OUT_MESSAGE } from '../../contract/stock';
import { weightLabel } from './catalogue/variant-labels';
import { totalPaise } from './orders/orders';

/** The cart's rules: one line per variant, at most MAX_CART_LINES lines, prices as the catalogue has them now. */

export const notInCart = () => new NotFound('This product is not in your cart.');

/** A cart line as the cart call answers it: prices as the catalogue has them now. */
export function cartItemOf(v: VariantSummary, quantity: number, available: number): CartItem {
  return {
    product_variant_id: v.variant_id,
    product_id: v.product_id,
    product_name: v.product_name,
    product_image: v.image,
    size: v.size,
    color: v.color,
    weight: weightLabel(v),
    quantity,
    final_price: paiseToRupees(v.final_price_paise),
    product_price: paiseToRupees(v.price_paise),
    discount_percent: discountPercent(v.price_paise, v.final_price_paise),
    // Counted up to a line's most: the shopper needs no more, and the shop's stock is its own business.
    available: Math.min(Math.max(0, available), MAX_LINE_QUANTITY),
  };
}

/**
 * The shopper's cart with its total; lines of variants that no longer exist, or whose product
 * staff have taken off sale (hidden), are left out.
 */
export async function cartOf(db: Db, userId: number) {
  const lines = await listCartLines(db, userId);
  const variants = await findVariants(
    db,
    lines.map((l) => l.variant_id),
    { onSale: true },
  );
  const priced = lines.flatMap((line) => {
    const v = variants.get(line.variant_id);
    return v ? [{ variant: v, quantity: line.quantity, unitPaise: v.final_price_paise }] : [];
  });
  const stock = await availableStock(
    db,
    priced.map((p) => p.variant.variant_id),
  );
  const items = priced.map((p) => cartItemOf(p.variant, p.quantity, stock.get(p.variant.variant_id) ?? 0));
  return { cart_items: items, total_price: paiseToRupees(totalPaise(priced)), count: items.length };
}

/** Adds a line of `quantity` of a variant that is not in the cart yet. */
export async function addToCart(db: Db, userId: number, variantId: number, quantity: number, addedAt: string) {
  if (!(await findVariant(db, variantId, { onSale: true }))) throw new NotFound('Product not found.');
  if (((await availableStock(db, [variantId])).get(variantId) ?? 0) <= 0) throw new Conflict(SOLD_OUT_MESSAGE);
  const already = new Invalid('This product is already in your cart.');
  if (await hasCartLine(db, userId, variantId)) throw already;
  if ((await countCartLines(db, userId)) >= MAX_CART_LINES) {
    throw new Invalid(`Your cart can hold at most ${MAX_CART_LINES} products; remove one first.`);
  }
  // The unique (user, variant) pair decides a race between two adds: one inserts, one is told.
  if (!(await insertCartLine(db, { userId, variantId, quantity, createdAt: addedAt }))) throw already;
}

/** Sets a line's quantity; answers the line as the cart shows it. */
export async function changeQuantity(db: Db, userId: number, variantId: number, quantity: number): Promise<CartItem> {
  if (!(await setCartQuantity(db, userId, variantId, quantity))) throw notInCart();
  const v = (await findVariants(db, [variantId], { onSale: true })).get(variantId);
  if (!v) throw notInCart();
  return cartItemOf(v, quantity, (await availableStock(db, [variantId])).get(variantId) ?? 0);
}

/** Removes a line. */
export async function removeFromCart(db: Db, userId: number, variantId: number): Promise<void> {
  if (!(await deleteCartLine(db, userId, variantId))) throw notInCart();
}
