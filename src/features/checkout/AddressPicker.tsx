import { useState } from 'react';
import type { Address } from '../../../contract/types';
import { AddressCard } from '../account/AddressCard';
import { AddressForm } from '../account/AddressForm';
import { DeleteAddressButton } from '../account/DeleteAddressButton';
import { DeliveryLines } from '../delivery/DeliveryLines';
import { checkFor, type PincodeCheck } from '../delivery/pincode-check';

interface Props {
  addresses: Address[] | null;
  error: string;
  selected: number | null;
  onSelect: (id: number) => void;
  /** A new address was saved: list and choose it now (the list is reloaded too). */
  onAdded: (address: Address) => void;
  reload: () => void;
  /** Only the empty-list wording differs; both offer the same new-address form. */
  variant: 'buyNow' | 'cart';
  /** The delivery check of the chosen address's pincode, shown beside it. */
  delivery: PincodeCheck;
}

/** The id of the chosen address's delivery note (the Deliver Here button is described by it). */
export const DELIVERY_NOTE_ID = 'chosen-address-delivery';

/** Saved addresses to choose from, delete, or add to (the collapsible 'ADD A NEW ADDRESS'). */
export function AddressPicker({ addresses, error, selected, onSelect, onAdded, reload, variant, delivery }: Props) {
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');

  return (
    <section aria-labelledby="delivery-address" className="flex flex-col gap-4">
      <h2 id="delivery-address" className="text-xl font-bold">
        Delivery address
      </h2>
      {error ? (
        <p role="status">{error}</p>
      ) : addresses === null ? (
        <p role="status">Loading addresses...</p>
      ) : addresses.length === 0 ? (
        <p>{variant === 'cart' ? 'No addresses found.' : 'No address found.'} Add one with ADD A NEW ADDRESS below.</p>
      ) : (
        <fieldset>
          <legend className="sr-only">Choose a delivery address</legend>
          <ul className="flex flex-col gap-3">
            {addresses.map((a) => (
              <li
                key={a.id}
                className={`rounded-xl border p-4 ${selected === a.id ? 'border-brand-700 bg-brand-50' : 'border-slate-200'}`}
              >
                <AddressCard address={a}>
                  <div className="flex items-center gap-3">
                    <label className="flex items-center gap-2 font-semibold">
                      <input
                        type="radio"
                        name="delivery-address"
                        checked={selected === a.id}
                        onChange={() => onSelect(a.id)}
                      />
                      Deliver to {a.name}
                    </label>
                    <DeleteAddressButton address={a} onDone={reload} />
                  </div>
                </AddressCard>
                {selected === a.id && (
                  <div className="mt-2">
                    <DeliveryLines check={checkFor(delivery, a.pincode)} id={DELIVERY_NOTE_ID} />
                  </div>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <p role="status" aria-live="polite" className={notice ? 'text-sm font-semibold text-brand-800' : 'sr-only'}>
        {notice}
      </p>
      <div className="rounded-xl border border-slate-200">
        <button
          type="button"
          className="w-full px-4 py-3 text-left font-bold text-brand-800"
          aria-expanded={adding}
          aria-controls="new-address-form"
          onClick={() => setAdding((v) => !v)}
        >
          {adding ? '−' : '+'} ADD A NEW ADDRESS
        </button>
        <div id="new-address-form" hidden={!adding} className="border-t border-slate-200 p-4">
          <AddressForm
            announce={false}
            onSaved={(saved) => {
              setNotice('Address saved successfully!');
              setAdding(false);
              onAdded(saved);
              reload();
            }}
          />
        </div>
      </div>
    </section>
  );
}
