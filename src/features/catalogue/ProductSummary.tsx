import { formatRating, formatRupees } from '../../../contract/format';
import type { Variant } from '../../../contract/types';
import { starFill } from './rating';
import type { VariantStock } from './stock';

/** The chosen variant's rating, prices and, when it runs low or out, its stock. */
export function ProductSummary({ variant: shown, stock: shownStock }: { variant: Variant; stock: VariantStock }) {
  return (
    <>
      <p className="flex items-center gap-2 text-sm">
        <span className="sr-only">Rated {formatRating(shown.average_rating)} out of 5</span>
        <span className="relative inline-block leading-none text-slate-300" aria-hidden="true">
          ★★★★★
          <span
            className="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-500"
            style={{ width: `${starFill(shown.average_rating)}%` }}
          >
            ★★★★★
          </span>
        </span>
        <span className="text-muted" aria-hidden="true">
          {formatRating(shown.average_rating)} ({shown.rating_count})
        </span>
      </p>
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
