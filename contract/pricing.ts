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
