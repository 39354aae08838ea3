import { useCallback, useEffect, useMemo, useState } from 'react';
import { getOrders } from '../../lib/api/orders';
import { getUserReviews } from '../../lib/api/reviews';
import type { Order, OrderItem } from '../../../contract/types';
import { PAGE_SIZES } from '../../lib/constants';
import { formatRupees } from '../../../contract/format';
import { deliveryLine, isReviewable, orderDate, reviewableItems, stateLabel } from './orders';
import { OrderItemList, OrderNotes } from './OrderParts';
import { OrderActions } from './OrderActions';
import { pageCount, pageOf } from '../../ui/pagination';
import { $session, requireSession } from '../../lib/stores/session';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { Pager } from '../../ui/Pager';
import { ReviewDialog } from '../reviews/ReviewDialog';
import * as routes from '../../lib/routes';
import { Button } from '../../ui/Button';

function OrdersList() {
  const [orders, setOrders] = useState<Order[] | null>(null);
  const [reviewed, setReviewed] = useState<Set<number>>(new Set());
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [reviewing, setReviewing] = useState<OrderItem | null>(null);

  const load = useCallback(() => {
    const { userId } = $session.get();
    Promise.all([getOrders(), userId ? getUserReviews(userId) : Promise.resolve([])])
      .then(([list, reviews]) => {
        setOrders(list);
        setReviewed(new Set(reviews.map((r) => r.variant)));
      })
      .catch(() => setFailed(true));
  }, []);

  useEffect(() => {
    if (requireSession()) load();
  }, [load]);

  const open = useMemo(
    () => new Set(reviewableItems(orders ?? [], reviewed).map((i) => i.variant)),
    [orders, reviewed],
  );

  if (failed) return <p role="status">Your orders could not be loaded. Please try again later.</p>;
  if (!orders) return <p role="status">Loading your orders...</p>;
  if (orders.length === 0) {
    return (
      <p className="py-12 text-center text-lg">
        You have no orders yet.{' '}
        <a href={routes.home} className="font-semibold text-brand-800 underline">
          Start shopping
        </a>
      </p>
    );
  }
  const pages = pageCount(orders.length, PAGE_SIZES.orders);
  const current = Math.min(page, pages);
  return (
    <div>
      <ul className="flex flex-col gap-4" aria-label="Orders">
        {pageOf(orders, current, PAGE_SIZES.orders).map((order) => (
          <li key={order.id} className="rounded-xl border border-slate-200 p-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 pb-2">
              <div>
                <h2 className="font-bold">Order #{order.id}</h2>
                {orderDate(order.created_at) && (
                  <p className="text-sm text-muted" data-testid="order-date">
                    Placed on {orderDate(order.created_at)}
                  </p>
                )}
              </div>
              <p>
                Total Amount: <strong>{formatRupees(order.amount)}</strong>
              </p>
            </div>
            <OrderItemList
              items={order.items}
              testId="order-item-variant"
              extra={(item) =>
                isReviewable(order) &&
                (reviewed.has(item.variant) || open.has(item.variant)) && (
                  // Under the item on a phone (beside the picture's edge), so the name keeps its width.
                  <div className="basis-full pl-[4.5rem] sm:basis-auto sm:pl-0">
                    {reviewed.has(item.variant) ? (
                      <p className="text-sm font-medium text-brand-800" data-testid="line-reviewed">
                        Reviewed ✓
                      </p>
                    ) : (
                      <Button variant="outline" size="xs" onClick={() => setReviewing(item)}>
                        Rate and Review<span className="sr-only"> {item.product_name}</span>
                      </Button>
                    )}
                  </div>
                )
              }
            />
            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <p>
                {deliveryLine(order) && <>{deliveryLine(order)} · </>}
                <span className="font-semibold" data-testid="order-state">
                  {stateLabel(order.state)}
                </span>
                {order.payment_method === 'cod' && <> · Cash on delivery</>}
              </p>
              <a href={routes.trackOrder(order.id)} className="font-semibold text-brand-800 underline">
                {order.state === 'awaiting_payment' || order.state === 'payment_failed'
                  ? 'Order details'
                  : 'Track order'}
                <span className="sr-only"> #{order.id}</span>
              </a>
            </div>
            <div className="mt-1">
              <OrderNotes order={order} />
            </div>
            <div className="mt-3">
              <OrderActions order={order} onChanged={load} />
            </div>
          </li>
        ))}
      </ul>
      {pages > 1 && <Pager page={current} pages={pages} onPage={setPage} label="Order pages" />}
      <ReviewDialog
        item={reviewing}
        onDone={(submitted) => {
          setReviewing(null);
          if (submitted) load();
        }}
      />
    </div>
  );
}

/** My Orders: order cards, 10 a page, with tracking and Rate and Review. */
export const MyOrders = withErrorBoundary(OrdersList);
