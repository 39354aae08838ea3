const wholeRupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  maximumFractionDigits: 0,
});
const rupeesAndPaise = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Formats a rupee amount the Indian way: 123456 → ₹1,23,456; 99.5 → ₹99.50. */
export function formatRupees(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  // Whole rupees print without paise; anything with paise prints both digits.
  return Number.isInteger(value) ? wholeRupees.format(value) : rupeesAndPaise.format(value);
}

/** An average rating to one decimal, defaulting to 0.0. */
export function formatRating(average: number | null | undefined): string {
  const value = typeof average === 'number' && Number.isFinite(average) ? average : 0;
  return (Math.round(value * 10) / 10).toFixed(1);
}

/** Label for a weight/volume value: (500, 'g') → '500 g'. */
export function formatQuantity(value: number, unit: string): string {
  return `${Number.isInteger(value) ? value : Number(value.toFixed(2))} ${unit}`;
}
