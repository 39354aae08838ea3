import { useState } from 'react';
import { cancelOrder, getInvoice } from '../../lib/api/orders';
import { shopperMessage } from '../../lib/api/error-message';
import { $session } from '../../lib/stores/session';
import { askConfirm, showDialog } from '../../lib/stores/ui';
import * as routes from '../../lib/routes';
import { formatRupees } from '../../../contract/format';
import type { Order } from '../../../contract/types';
import { Button } from '../../ui/Button';
import { addVariantToCart } from '../cart/cart-store';
import { payAgain } from '../checkout/place-order';
import { orderActions } from './orders';
import { saveFile } from '../../ui/save-file';

/**
 * What a shopper can do with an order, on My Orders and the tracking page: Pay now (an unpaid
 * order, the same order and amount), Cancel until it ships (greyed out with the reason after),
 * Buy again once it expired or was cancelled, and the GST invoice of a paid order. `onChanged`
 * reloads the order.
 */
export function OrderActions({ order, onChanged }: { order: Order; onChanged: () => void }) {
  const [busy, setBusy] = useState(false);
  const actions = orderActions(order);
  const reasonId = `cancel-reason-${order.id}`;

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };

  const pay = () =>
    run(async () => {
      const user = $session.get().user ?? {};
      const result = await payAgain(order.id, {
        name: `${String(user.first_name ?? '')} ${String(user.last_name ?? '')}`.trim() || undefined,
        email: typeof user.email === 'string' ? user.email : undefined,
      });
      if (result.ok) {
        showDialog({ title: 'Payment Successful!', text: 'Thank you for your order.', icon: 'success' });
        window.location.assign(routes.orderSuccess(result.orderId));
        return;
      }
      showDialog({ title: result.title, text: result.text, icon: 'error' });
      onChanged();
    });

  const cancel = () =>
    run(async () => {
      const paid = order.status === 'paid';
      const text = paid
        ? `Order #${order.id} will be cancelled and ${formatRupees(order.amount)} refunded in full to your original payment method.`
        : `Order #${order.id} will be cancelled.`;
      if (!(await askConfirm('Cancel this order?', text, 'Cancel order', 'Keep order'))) return;
      try {
        const cancelled = await cancelOrder(order.id);
        showDialog({
          title: 'Order cancelled',
          text: cancelled.refund
            ? `Your refund of ${formatRupees(cancelled.refund.amount)} has been initiated. It reaches your original payment method in 5–7 working days.`
            : 'Your order has been cancelled.',
          icon: 'success',
        });
      } catch (error) {
        showDialog({
          title: 'Error',
          text: shopperMessage(error, { refused: 'This order could not be cancelled.' }),
          icon: 'error',
        });
      }
      onChanged();
    });

  const buyAgain = () =>
    run(async () => {
      // Each line is added once; lines already in the cart stay as they are, sold-out ones are skipped.
      const results = await Promise.allSettled(order.items.map((item) => addVariantToCart(item.variant)));
      if (results.every((r) => r.status === 'rejected')) {
        const first = results[0];
        showDialog({
          title: 'Error',
          text: shopperMessage(first?.status === 'rejected' ? first.reason : null, {
            refused: 'Failed to add product to cart.',
          }),
          icon: 'error',
        });
        return;
      }
      window.location.assign(routes.cart);
    });

  const invoice = () =>
    run(async () => {
      try {
        saveFile(await getInvoice(order.id));
      } catch (error) {
        showDialog({
          title: 'Error',
          text: shopperMessage(error, { refused: 'The invoice could not be downloaded.' }),
          icon: 'error',
        });
      }
    });
  const paid = order.status === 'paid';

  if (!actions.pay && !actions.cancel && !actions.buyAgain && !paid) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.pay && (
        <Button size="sm" onClick={() => void pay()} disabled={busy}>
          Pay now<span className="sr-only"> for order #{order.id}</span>
        </Button>
      )}
      {actions.cancel && (
        <>
          <Button
            variant="outline"
            size="sm"
            onClick={() => void cancel()}
            disabled={busy || !actions.cancel.allowed}
            aria-describedby={actions.cancel.allowed ? undefined : reasonId}
          >
            Cancel<span className="sr-only"> order #{order.id}</span>
          </Button>
          {!actions.cancel.allowed && (
            <span id={reasonId} className="text-xs text-muted">
              {actions.cancel.reason}
            </span>
          )}
        </>
      )}
      {paid && (
        <Button variant="secondary" size="sm" onClick={() => void invoice()} disabled={busy}>
          Download invoice<span className="sr-only"> of order #{order.id}</span>
        </Button>
      )}
      {actions.buyAgain && (
        <Button variant="outline" size="sm" onClick={() => void buyAgain()} disabled={busy}>
          Buy again<span className="sr-only"> the items of order #{order.id}</span>
        </Button>
      )}
    </div>
  );
}
