import { useEffect, useState } from 'react';
import { getOrder } from '../../lib/api/orders';
import type { Order } from '../../../contract/types';
import { formatRupees } from '../../../contract/format';
import { deliveryLine, orderDate, orderDateTime, stateLabel, TRACKER_STEPS, trackerDates, trackerStep } from './orders';
import { OrderActions } from './OrderActions';
import { OrderNotes } from './OrderParts';
import { requireSession } from '../../lib/stores/session';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { Thumb, VariantLine } from '../../ui/line-items';
import { trackedOrderId } from '../../lib/navigation';

function Tracker() {
  const [order, setOrder] = useState<Order | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const load = () => {
    const id = trackedOrderId(window.location.pathname);
    getOrder(id)
      .then(setOrder)
      .catch(() => setFailed(true));
  };

  useEffect(() => {
    if (requireSession()) load();
  }, []);

  if (failed) return <p role="status">This order could not be loaded. Please try again later.</p>;
  if (order === undefined) return <p role="status">Loading order...</p>;
  if (order === null) return <p className="py-12 text-center text-lg">No such order.</p>;
  const step = trackerStep(order.delivery_status);
  const dates = trackerDates(order);
  const ended = order.state === 'cancelled' || order.state === 'expired';
  const endedAt = ended ? order.timeline.findLast((e) => e.state === order.state)?.at : null;
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold">Order #{order.id}</h1>
        <p className="text-sm text-muted">
          Placed on {orderDate(order.created_at) ?? 'a date not recorded'} · {formatRupees(order.amount)}
          {order.payment_method === 'cod' ? ' · Cash on delivery' : ''}
        </p>
        <p className="font-semibold" data-testid="order-state">
          {stateLabel(order.state)}
          {endedAt && orderDate(endedAt) ? ` on ${orderDate(endedAt)}` : ''}
        </p>
        {!ended && deliveryLine(order) && <p className="text-sm">{deliveryLine(order)}</p>}
        {order.shipment && (
          <p className="text-sm" data-testid="order-shipment">
            {order.shipment.courier}, AWB {order.shipment.awb} ·{' '}
            <a
              href={order.shipment.tracking_url}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-800 underline"
            >
              Track with {order.shipment.courier}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
        )}
        <OrderNotes order={order} />
        <div className="mt-2">
          <OrderActions order={order} onChanged={load} />
        </div>
      </div>
      <ol className="grid grid-cols-4 gap-2" aria-label="Delivery progress">
        {TRACKER_STEPS.map((label, i) => {
          const done = !ended && i + 1 <= step;
          const date = done ? orderDate(dates[i]) : null;
          return (
            <li
              key={label}
              className="flex flex-col items-center gap-2 text-center"
              aria-current={i + 1 === step ? 'step' : undefined}
            >
              <span
                className={`flex h-10 w-10 items-center justify-center rounded-full font-bold ${done ? 'bg-brand-700 text-white' : 'bg-slate-200 text-slate-700'}`}
                aria-hidden="true"
              >
                {done ? '✓' : i + 1}
              </span>
              <span className={`text-sm ${done ? 'font-semibold' : 'text-muted'}`}>
                {label}
                <span className="sr-only">{done ? ' (done)' : ' (to come)'}</span>
              </span>
              {date && (
                <span className="text-xs text-muted" data-testid="tracker-date">
                  {date}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      {order.timeline.length > 0 && (
        <section aria-labelledby="order-history">
          <h2 id="order-history" className="mb-3 text-xl font-bold">
            Order history
          </h2>
          <ol className="flex flex-col gap-2 border-l-2 border-brand-100 pl-4 text-sm" data-testid="order-timeline">
            {order.timeline.map((event, i) => (
              <li key={`${event.state}-${i}`}>
                <span className="font-semibold">{stateLabel(event.state)}</span>
                {orderDateTime(event.at) && <span className="text-muted"> · {orderDateTime(event.at)}</span>}
                {event.note && <span className="block break-words text-muted">{event.note}</span>}
              </li>
            ))}
          </ol>
        </section>
      )}
      <section aria-labelledby="order-details">
        <h2 id="order-details" className="mb-3 text-xl font-bold">
          Order Details
        </h2>
        {order.items.length === 0 ? (
          <p>No items found in this order.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {order.items.map((item, i) => (
              <li
                key={`${item.variant}-${i}`}
                className="flex items-center gap-4 rounded-xl border border-slate-200 p-3"
              >
                <Thumb src={item.product_image} size={56} />
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold break-words">{item.product_name}</p>
                  <VariantLine variant={item} testId="order-item-variant" />
                </div>
                <p className="text-sm">
                  {item.quantity} × {formatRupees(item.price)}
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-right text-lg">
          Total Price: <strong>{formatRupees(order.amount)}</strong>
        </p>
      </section>
    </div>
  );
}

/** Order tracking: the order's state and actions, the four-step tracker with dates, its history, the items and the total. */
export const TrackOrder = withErrorBoundary(Tracker);
