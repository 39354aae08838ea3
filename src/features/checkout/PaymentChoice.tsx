import type { PaymentMethod } from '../../../contract/order-lifecycle';
import type { CodChoice } from './payment-choice';

const COD_NOTE_ID = 'cod-unavailable';

/**
 * How the order is paid: online through the provider's checkout (the default), or cash on
 * delivery where the address's pincode and the order's total allow it; otherwise that choice is
 * greyed out with the reason.
 */
export function PaymentChoice({
  method,
  onMethod,
  cod,
}: {
  method: PaymentMethod;
  onMethod: (method: PaymentMethod) => void;
  cod: CodChoice;
}) {
  const chosen = method === 'cod' && cod.allowed ? 'cod' : 'online';
  const option = 'flex items-start gap-3 rounded-lg border border-slate-200 p-3 has-[:checked]:border-brand-700';
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-lg font-bold">Payment method</legend>
      <label className={option}>
        <input
          type="radio"
          name="payment-method"
          value="online"
          className="mt-1"
          checked={chosen === 'online'}
          onChange={() => onMethod('online')}
        />
        <span>
          <span className="block font-semibold">Pay online</span>
          <span className="text-sm text-muted">UPI, cards, net banking and wallets</span>
        </span>
      </label>
      <label className={`${option} ${cod.allowed ? '' : 'opacity-60'}`}>
        <input
          type="radio"
          name="payment-method"
          value="cod"
          className="mt-1"
          checked={chosen === 'cod'}
          disabled={!cod.allowed}
          aria-describedby={cod.allowed ? undefined : COD_NOTE_ID}
          onChange={() => onMethod('cod')}
        />
        <span>
          <span className="block font-semibold">Cash on delivery</span>
          {cod.allowed ? (
            <span className="text-sm text-muted">Pay in cash when the order arrives</span>
          ) : (
            <span id={COD_NOTE_ID} className="text-sm text-muted">
              {cod.reason}
            </span>
          )}
        </span>
      </label>
    </fieldset>
  );
}
