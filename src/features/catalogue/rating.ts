import { RATING } from '../../../contract/shop';

/** Width in percent of the filled stars, rounded to half stars (4.3 → 90). */
export function starFill(average: number): number {
  const value = Number.isFinite(average) ? Math.min(RATING.max, Math.max(0, average)) : 0;
  return (Math.round(value * 2) / 2 / RATING.max) * 100;
}

/** Share of each star value 5…1 in percent of all ratings, from the actual counts. */
export function ratingBars(ratings: number[]): { stars: number; count: number; percent: number }[] {
  const total = ratings.length;
  return [5, 4, 3, 2, 1].map((stars) => {
    const count = ratings.filter((r) => r === stars).length;
    return { stars, count, percent: total ? Math.round((count / total) * 100) : 0 };
  });
}
