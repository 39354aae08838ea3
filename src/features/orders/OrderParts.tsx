import type { ReactNode } from 'react';
import type { Order, OrderItem } from '../../../contract/types';
import { ItemSummary } from '../../ui/line-items';
import { orderDateTime, refundLine } from './orders';

/** An order's lines: picture, name, variant, quantity and price; `extra` adds to a line (Rate and Review). */
export function OrderItemList({
  items,
  testId,
  extra,
}: {
  items: readonly OrderItem[];
  testId: string;
  extra?: (item: OrderItem) => ReactNode;
}) {
  return (
    <ul className="my-3 flex flex-col gap-3">
      {items.map((item, i) => (
        <li key={`${item.variant}-${i}`} className="flex flex-wrap items-center gap-4">
          <ItemSummary
            image={item.product_image}
            name={item.product_name}
            variant={item}
            quantity={item.quantity}
            price={item.price}
            testId={testId}
            thumbSize={56}
          />
          {extra?.(item)}
        </li>
      ))}
    </ul>
  );
}

/** What an order's state asks of the shopper or tells them: pay by when, that it expired, its refund. */
export function OrderNotes({ order }: { order: Pick<Order, 'state' | 'expires_at' | 'refund'> }) {
  const payBy =
    order.state === 'awaiting_payment' || order.state === 'payment_failed' ? orderDateTime(order.expires_at) : null;
  const refund = refundLine(order);
  return (
    <>
      {payBy && <p className="text-sm text-muted">Pay by {payBy} to keep these items.</p>}
      {order.state === 'expired' && <p className="text-sm text-muted">This order expired before it was paid.</p>}
      {refund && (
        <p className="text-sm font-semibold" data-testid="order-refund">
          {refund}
        </p>
      )}
    </>
  );
}
