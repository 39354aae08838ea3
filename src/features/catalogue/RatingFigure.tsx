import type { CSSProperties } from 'react';
import { formatCounted, formatRating } from '../../../contract/format';
import { starFill } from './rating';

/**
 * A product's rating as every place shows it, '★★★★★ 2.5 (2 reviews)': the product page's twin
 * of the cards' components/Rating.astro (the stars are the figure's ::before, global.css), one
 * labelled image for screen readers. SearchResultCard.tsx writes the same markup out.
 */
export function RatingFigure({ average, count }: { average: number; count: number }) {
  const label = formatRating(average);
  const reviews = formatCounted(count, 'review');
  return (
    <p className="flex items-center text-sm">
      <span
        className="rating-stars text-muted"
        role="img"
        aria-label={`Rated ${label} out of 5, ${reviews}`}
        style={{ '--fill': `${starFill(average)}%` } as CSSProperties}
      >
        {label} ({reviews})
      </span>
    </p>
  );
}
