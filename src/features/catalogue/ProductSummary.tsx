import { formatRupees } from '../../../contract/format';
import type { Product, Variant } from '../../../contract/types';
import { RatingFigure } from './RatingFigure';
import type { VariantStock } from './stock';

/** The product's rating (all its variants' reviews), the chosen variant's prices and, when it runs low or out, its stock. */
export function ProductSummary({
  rating: { average_rating: average, rating_count: count },
  variant: shown,
  stock: shownStock,
}: {
  rating: Pick<Product, 'average_rating' | 'rating_count'>;
  variant: Variant;
  stock: VariantStock;
}) {
  return (
    <>
      <RatingFigure average={average} count={count} />
      <p className="flex flex-wrap items-baseline gap-3" data-testid="product-price">
        <span className="text-3xl font-bold text-brand-800">{formatRupees(shown.final_price)}</span>
        {shown.discount_percent > 0 && (
          <>
            <s className="text-lg text-muted">{formatRupees(shown.price)}</s>
            <span className="font-semibold text-sale">{shown.discount_percent}% Off</span>
          </>
        )}
      </p>
      {shownStock.badge && (
        <p
          className={`text-sm font-semibold ${shownStock.soldOut ? 'text-red-700' : 'text-amber-800'}`}
          data-testid="product-stock"
        >
          {shownStock.badge}
        </p>
      )}
    </>
  );
}
