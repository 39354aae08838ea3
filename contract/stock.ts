/** What shoppers are told of stock, on both sides: product pages, cards, the cart and order refusals. */

/** Below this many left, pages say 'Only N left'. */
export const LOW_STOCK_THRESHOLD = 5;

export const OUT_OF_STOCK = 'Out of stock';

/** Adding a sold-out variant to the cart. */
export const SOLD_OUT_MESSAGE = 'Sorry, this product is out of stock.';

/** The badge for `available` pieces: 'Out of stock', 'Only 3 left', or null when there are plenty. */
export function stockBadge(available: number): string | null {
  if (available <= 0) return OUT_OF_STOCK;
  if (available < LOW_STOCK_THRESHOLD) return `Only ${available} left`;
  return null;
}

/** Why an order (or a cart line) of `name` cannot be had as asked, when only `available` are left. */
export function stockShortMessage(name: string, available: number): string {
  return available <= 0
    ? `Sorry, ${name} is out of stock. Please remove it from your cart.`
    : `Sorry, only ${available} of ${name} ${available === 1 ? 'is' : 'are'} left. Please reduce the quantity.`;
}
