import { useEffect, useState } from 'react';
import { getOrder } from '../../lib/api/orders';
import { requireSession } from '../../lib/stores/session';
import * as routes from '../../lib/routes';
import { formatRupees } from '../../../contract/format';
import type { Order } from '../../../contract/types';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { OrderItemList } from './OrderParts';
import { deliveryLine } from './orders';

/** The order just paid, named by ?order= in the address; nothing when there is none to show. */
function PlacedOrder() {
  const [order, setOrder] = useState<Order | null>(null);

  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get('order');
    if (!id || !/^\d{1,15}$/.test(id) || !requireSession()) return;
    getOrder(id)
      .then(setOrder)
      .catch(() => undefined);
  }, []);

  // Built into the page as paid online; a cash-on-delivery order says what is still to pay.
  const headline =
    order?.payment_method === 'cod' ? (
      <p className="text-lg">Order Placed! Please pay {formatRupees(order.amount)} in cash on delivery.</p>
    ) : (
      <p className="text-lg">Payment Done Successfully!</p>
    );
  if (!order) return headline;
  const delivery = deliveryLine(order);
  return (
    <>
      {headline}
      <section
        aria-labelledby="placed-order"
        className="w-full rounded-xl border border-slate-200 p-4 text-left"
        data-testid="placed-order"
      >
        <h2 id="placed-order" className="text-lg font-bold">
          Order #{order.id}
        </h2>
        {delivery && <p className="text-sm">{delivery}</p>}
        <OrderItemList items={order.items} testId="placed-item-variant" />
        <p className="flex flex-wrap items-baseline justify-between gap-2">
          <span>
            Total Amount: <strong>{formatRupees(order.amount)}</strong>
          </span>
          <a href={routes.trackOrder(order.id)} className="font-semibold text-brand-800 underline">
            Track order<span className="sr-only"> #{order.id}</span>
          </a>
        </p>
      </section>
    </>
  );
}

/** The success page's headline and account of the order: its number, items, amount and expected delivery. */
export const OrderSuccess = withErrorBoundary(PlacedOrder);
