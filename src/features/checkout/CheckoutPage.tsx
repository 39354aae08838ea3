import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { getAddresses } from '../../lib/api/client';
import type { Address } from '../../../contract/types';
import { buyNowLines, cartCheckoutLines, clearCheckout, type CheckoutLine } from './checkout-state';
import { formatRupees } from '../../../contract/format';
import { placeOrder } from './place-order';
import { addressLine } from '../../../contract/schemas/address';
import { refreshCart } from '../cart/cart-store';
import { $session, requireSession } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { ErrorBoundary } from '../../ui/ErrorBoundary';
import { AddressPicker } from './AddressPicker';
import { PriceDetails } from './PriceDetails';
import { TestModeNotice } from './TestModeNotice';
import { Thumb, VariantLine } from '../../ui/form';
import { routes } from '../../lib/routes';
import { Button } from '../../ui/Button';

type Variant = 'buyNow' | 'cart';

/** The delivery-address and payment screen for Buy Now (/buynowaddress) and the cart (/buynowcartaddress). */
export function CheckoutPage({ variant }: { variant: Variant }) {
  return (
    <ErrorBoundary>
      <TestModeNotice />
      <Checkout variant={variant} />
    </ErrorBoundary>
  );
}

function Checkout({ variant }: { variant: Variant }) {
  const session = useStore($session);
  const [allowed, setAllowed] = useState(false);
  const [lines, setLines] = useState<CheckoutLine[] | null>(null);
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [addressError, setAddressError] = useState('');
  const [selected, setSelected] = useState<number | null>(null);
  const [summary, setSummary] = useState(false);
  const [placing, setPlacing] = useState(false);
  const [message, setMessage] = useState('');

  const loadAddresses = useCallback(() => {
    getAddresses()
      .then((list) => {
        setAddresses(list);
        setAddressError('');
        setSelected((current) => (current !== null && list.some((a) => a.id === current) ? current : null));
      })
      .catch(() => setAddressError(variant === 'cart' ? 'Failed to load addresses!' : 'Failed to fetch addresses.'));
  }, [variant]);

  useEffect(() => {
    if (!requireSession()) return;
    setAllowed(true);
    setLines((variant === 'buyNow' ? buyNowLines() : cartCheckoutLines()) ?? []);
    loadAddresses();
  }, [variant, loadAddresses]);

  const chosen = addresses?.find((a) => a.id === selected) ?? null;
  const deliverHere = () => {
    if (!chosen) return setMessage('Please select a delivery address!');
    setMessage('');
    setSummary(true);
  };
  const removeLine = (variantId: number) =>
    setLines((current) => (current ?? []).filter((l) => l.variant_id !== variantId));

  const order = async () => {
    if (placing) return;
    if (!chosen) return setMessage('Please select a delivery address!');
    if (!lines || lines.length === 0) return setMessage('Product list is required');
    setMessage('');
    setPlacing(true);
    const user = session.user ?? {};
    const result = await placeOrder(lines, addressLine(chosen), {
      name: `${String(user.first_name ?? '')} ${String(user.last_name ?? '')}`.trim() || undefined,
      email: typeof user.email === 'string' ? user.email : undefined,
      contact: chosen.phone_number,
    });
    if (result.ok) {
      clearCheckout(variant);
      await refreshCart();
      showDialog({ title: 'Payment Successful!', text: 'Thank you for your order.', icon: 'success' });
      window.location.assign(routes.orderSuccess(result.orderId));
      return;
    }
    setPlacing(false);
    showDialog({ title: result.title, text: result.text, icon: 'error' });
  };

  if (!allowed || lines === null) return <p role="status">Loading checkout...</p>;
  if (lines.length === 0 && !summary) {
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
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-6">
        <AddressPicker
          addresses={addresses}
          error={addressError}
          selected={selected}
          onSelect={setSelected}
          reload={loadAddresses}
          variant={variant}
        />
        <p
          role="status"
          aria-live="polite"
          className={message ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : 'sr-only'}
        >
          {message}
        </p>
        {!summary ? (
          <Button size="xl" className="self-start" onClick={deliverHere}>
            {variant === 'buyNow' ? 'Delivery Here' : 'Deliver Here'}
          </Button>
        ) : (
          <section aria-labelledby="order-summary" className="flex flex-col gap-3">
            <h2 id="order-summary" className="text-xl font-bold">
              Order summary
            </h2>
            {lines.length === 0 ? (
              <p>No product selected. Go back and choose one.</p>
            ) : (
              <ul className="flex flex-col gap-3" aria-label="Items to order">
                {lines.map((l) => (
                  <li key={l.variant_id} className="flex items-center gap-4 rounded-xl border border-slate-200 p-3">
                    <Thumb src={l.image} />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="font-semibold break-words">{l.name}</p>
                      <VariantLine variant={l} testId="checkout-variant" />
                      <p className="text-muted">
                        Qty {l.quantity} · {formatRupees(l.final_price)}
                      </p>
                    </div>
                    <Button variant="secondary" size="xs" onClick={() => removeLine(l.variant_id)}>
                      Remove<span className="sr-only"> {l.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
            <Button size="xl" className="self-start" disabled={placing} onClick={() => void order()}>
              {placing ? 'Placing Order...' : 'Place Order'}
            </Button>
          </section>
        )}
      </div>
      <PriceDetails lines={lines} itemised={variant === 'cart'} />
    </div>
  );
}
