import type { CheckoutLine } from './checkout-lines';
import { priceDetails } from './checkout-lines';
import { formatRupees } from '../../../contract/format';
import { variantLabel } from '../../../contract/variants';

/** Price Details: list price, discount, amount to pay and the savings line. */
export function PriceDetails({ lines, itemised }: { lines: CheckoutLine[]; itemised: boolean }) {
  const { price, discount, total } = priceDetails(lines);
  return (
    <section aria-labelledby="price-details" className="rounded-xl border border-slate-200 p-4">
      <h2
        id="price-details"
        className="mb-3 border-b border-slate-200 pb-2 text-sm font-bold tracking-wide text-muted uppercase"
      >
        Price Details
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-y-2 text-sm">
        {itemised &&
          lines.map((l) => (
            <div key={l.variant_id} className="contents">
              <dt className="min-w-0 break-words">
                {l.name} ({l.quantity} × {formatRupees(l.final_price)})
                {variantLabel(l) && <span className="block text-xs text-muted">{variantLabel(l)}</span>}
              </dt>
              <dd>{formatRupees(l.final_price * l.quantity)}</dd>
            </div>
          ))}
        <dt>Price ({lines.reduce((n, l) => n + l.quantity, 0)} items)</dt>
        <dd>{formatRupees(price)}</dd>
        <dt>Discount</dt>
        <dd className="text-brand-800">− {formatRupees(discount)}</dd>
        <dt className="border-t border-slate-200 pt-2 font-bold">{itemised ? 'Total Price' : 'Total Amount'}</dt>
        <dd className="border-t border-slate-200 pt-2 font-bold" data-testid="checkout-total">
          {formatRupees(total)}
        </dd>
      </dl>
      {discount > 0 && (
        <p className="mt-3 text-sm font-semibold text-brand-800">
          You will save {formatRupees(discount)} on this order
        </p>
      )}
    </section>
  );
}
