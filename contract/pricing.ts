/** Paise in one rupee: money is stored in paise and shown in rupees. */
export const PAISE_PER_RUPEE = 100;

/** Converts integer paise to a rupee number (12345 → 123.45). */
export function paiseToRupees(paise: number): number {
  return paise / PAISE_PER_RUPEE;
}

/** Converts rupees to integer paise, rounding half away from zero (123.455 → 12346). */
export function rupeesToPaise(rupees: number): number {
  return Math.round(rupees * PAISE_PER_RUPEE);
}

/**
 * Discount as a whole percent: round((price − final) / price × 100).
 * A missing or zero price, or a final price above the price, is no discount.
 */
export function discountPercent(price: number, finalPrice: number): number {
  if (!(price > 0) || !(finalPrice < price)) return 0;
  return Math.round(((price - finalPrice) / price) * 100);
}

/** A line of rupee prices: what one costs and how many. */
export interface PricedLine {
  /** List price of one, in rupees. */
  price?: number;
  /** Selling price of one, in rupees. */
  final_price: number;
  quantity: number;
}

/** What a line costs at its selling price, in paise: each unit rounded to paise first, as the server charges it. */
export function lineTotalPaise(line: Pick<PricedLine, 'final_price' | 'quantity'>): number {
  return rupeesToPaise(line.final_price) * line.quantity;
}

/** Price Details of lines: list total, discount and amount to pay, in rupees exact to the paisa. */
export function priceBreakup(lines: PricedLine[]): { price: number; discount: number; total: number } {
  const price = lines.reduce((sum, l) => sum + rupeesToPaise(l.price ?? l.final_price) * l.quantity, 0);
  const total = lines.reduce((sum, l) => sum + lineTotalPaise(l), 0);
  return { price: paiseToRupees(price), discount: paiseToRupees(price - total), total: paiseToRupees(total) };
}

/** Whether `rupees` is more than `limit` rupees, compared in paise (rupees with paise are not exact in floating point). */
export function exceedsRupees(rupees: number, limit: number): boolean {
  return rupeesToPaise(rupees) > rupeesToPaise(limit);
}
