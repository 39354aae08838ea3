import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { getAddresses } from '../../lib/api/account';
import { buyNowLines, cartCheckoutLines, priceDetails } from './checkout-lines';
import { codChoice, effectiveMethod } from './payment-choice';
import { PaymentChoice } from './PaymentChoice';
import type { PaymentMethod } from '../../../contract/order-lifecycle';
import { placeOrder } from './place-order';
import { addressLine } from '../../../contract/schemas/address';
import { $session, requireSession } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { checkoutReducer, chosenAddress, initialCheckout } from './checkout-flow';
import { AddressPicker, DELIVERY_NOTE_ID } from './AddressPicker';
import { useDeliveryGate } from './use-delivery-gate';
import { PriceDetails } from './PriceDetails';
import { TestModeNotice } from './TestModeNotice';
import { Button } from '../../ui/Button';
import { NothingToCheckOut, orderPlaced, OrderLines } from './CheckoutParts';

/** Which lines the screen orders: the one Buy Now product, or the whole cart. */
export type CheckoutVariant = 'buyNow' | 'cart';

function Checkout({ variant }: { variant: CheckoutVariant }) {
  const session = useStore($session);
  const [state, dispatch] = useReducer(checkoutReducer, initialCheckout);
  const { step, lines, addresses, addressError, selected, message } = state;
  const { delivery, verdict, deliverWhenChecked, deliverHere } = useDeliveryGate(
    chosenAddress(state)?.pincode ?? null,
    dispatch,
  );
  const [method, setMethod] = useState<PaymentMethod>('online');
  const cod = codChoice(delivery, priceDetails(lines).total);

  const loadAddresses = useCallback(() => {
    getAddresses()
      .then((list) => dispatch({ type: 'addressesLoaded', addresses: list }))
      .catch(() =>
        dispatch({
          type: 'addressesFailed',
          message: variant === 'cart' ? 'Failed to load addresses!' : 'Failed to fetch addresses.',
        }),
      );
  }, [variant]);

  useEffect(() => {
    if (!requireSession()) return;
    dispatch({ type: 'started', lines: (variant === 'buyNow' ? buyNowLines() : cartCheckoutLines()) ?? [] });
    loadAddresses();
  }, [variant, loadAddresses]);

  const order = async () => {
    const next = checkoutReducer(state, { type: 'placeRequested' });
    dispatch({ type: 'placeRequested' });
    const chosen = chosenAddress(next);
    // Only the press that moves the summary on to placing orders (not a second press meanwhile).
    if (step !== 'summary' || next.step !== 'placing' || !chosen) return;
    const user = session.user ?? {};
    const result = await placeOrder(
      lines,
      { address: addressLine(chosen), addressId: chosen.id },
      {
        name: `${String(user.first_name ?? '')} ${String(user.last_name ?? '')}`.trim() || undefined,
        email: typeof user.email === 'string' ? user.email : undefined,
        contact: chosen.phone_number,
      },
      effectiveMethod(method, cod),
    );
    if (result.ok) return orderPlaced(result, variant);
    dispatch({ type: 'placeFailed' });
    showDialog({ title: result.title, text: result.text, icon: 'error' });
  };

  if (step === 'loading') return <p role="status">Loading checkout...</p>;
  if (lines.length === 0 && step === 'address') return <NothingToCheckOut variant={variant} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_22rem]">
      <div className="flex flex-col gap-6">
        <AddressPicker
          addresses={addresses}
          error={addressError}
          selected={selected}
          onSelect={(id) => dispatch({ type: 'addressSelected', id })}
          onAdded={(address) => dispatch({ type: 'addressAdded', address })}
          reload={loadAddresses}
          variant={variant}
          delivery={delivery}
        />
        <p
          role="status"
          aria-live="polite"
          className={message ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : 'sr-only'}
        >
          {message}
        </p>
        {step === 'address' ? (
          <Button
            size="xl"
            className="self-start"
            disabled={verdict === 'blocked'}
            aria-describedby={verdict === 'blocked' ? DELIVERY_NOTE_ID : undefined}
            aria-busy={deliverWhenChecked || undefined}
            onClick={deliverHere}
          >
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
              <OrderLines lines={lines} onRemove={(variantId) => dispatch({ type: 'lineRemoved', variantId })} />
            )}
            <PaymentChoice method={method} onMethod={setMethod} cod={cod} />
            <Button
              size="xl"
              className="self-start"
              disabled={step === 'placing' || verdict === 'blocked'}
              onClick={() => void order()}
            >
              {step === 'placing' ? 'Placing Order...' : 'Place Order'}
            </Button>
          </section>
        )}
      </div>
      <PriceDetails lines={lines} itemised={variant === 'cart'} />
    </div>
  );
}

function CheckoutScreen({ variant }: { variant: CheckoutVariant }) {
  return (
    <>
      <TestModeNotice />
      <Checkout variant={variant} />
    </>
  );
}

/** The delivery-address and payment screen for Buy Now (/buynowaddress) and the cart (/buynowcartaddress). */
export const CheckoutPage = withErrorBoundary(CheckoutScreen);
