import { formatRupees } from '../../../contract/format';
import { paiseToRupees } from '../../../contract/pricing';
import * as routes from '../../lib/routes';
import { showDialog } from '../../lib/stores/ui';
import { Button } from '../../ui/Button';
import { ItemSummary } from '../../ui/line-items';
import { refreshCart } from '../cart/cart-store';
import { clearCheckout, type CheckoutLine } from './checkout-lines';
import type { CheckoutVariant } from './CheckoutPage';
import type { placeOrder } from './place-order';

/** The checkout with nothing to order: back to the shop (Buy Now) or to the cart. */
export function NothingToCheckOut({ variant }: { variant: CheckoutVariant }) {
  return variant === 'buyNow' ? (
    <p className="py-12 text-center text-lg">
      No product selected. Go back and choose one.{' '}
      <a href={routes.home} className="font-semibold text-brand-800 underline">
        Continue shopping
      </a>
    </p>
  ) : (
    <p className="py-12 text-center text-lg">
      Your cart is empty.{' '}
      <a href={routes.cart} className="font-semibold text-brand-800 underline">
        Back to cart
      </a>
    </p>
  );
}

/** The order summary's lines, each with its Remove. */
export function OrderLines({
  lines,
  onRemove,
}: {
  lines: readonly CheckoutLine[];
  onRemove: (variantId: number) => void;
}) {
  return (
    <ul className="flex flex-col gap-3" aria-label="Items to order">
      {lines.map((l) => (
        <li key={l.variant_id} className="flex items-center gap-4 rounded-xl border border-slate-200 p-3">
          <ItemSummary
            image={l.image}
            name={l.name}
            variant={l}
            quantity={l.quantity}
            price={l.final_price}
            testId="checkout-variant"
          />
          <Button variant="secondary" size="xs" onClick={() => onRemove(l.variant_id)}>
            Remove<span className="sr-only"> {l.name}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** A placed order: the checkout's lines go, the cart is read again, the shopper is told and sent to the order. */
export async function orderPlaced(
  result: Extract<Awaited<ReturnType<typeof placeOrder>>, { ok: true }>,
  variant: CheckoutVariant,
): Promise<void> {
  clearCheckout(variant);
  await refreshCart();
  showDialog(
    result.cod
      ? {
          title: 'Order Placed!',
          text: `Please pay ${formatRupees(paiseToRupees(result.cod.amountPaise))} in cash when it is delivered.`,
          icon: 'success',
        }
      : { title: 'Payment Successful!', text: 'Thank you for your order.', icon: 'success' },
  );
  window.location.assign(routes.orderSuccess(result.orderId));
}
