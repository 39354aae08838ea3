import { useCallback, useEffect, useState } from 'react';
import { getAddresses } from '../../lib/api/account';
import type { Address } from '../../../contract/types';
import { AddressCard } from './AddressCard';
import { AddressForm } from './AddressForm';
import { DeleteAddressButton } from './DeleteAddressButton';

/** Manage Addresses: the saved list (reloaded after each save or delete) and the add form. */
export function AddressManager() {
  const [addresses, setAddresses] = useState<Address[] | null>(null);
  const [error, setError] = useState('');

  const load = useCallback(() => {
    getAddresses()
      .then((list) => {
        setAddresses(list);
        setError('');
      })
      .catch(() => setError('Failed to fetch addresses.'));
  }, []);
  useEffect(load, [load]);

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="saved-addresses">
        <h3 id="saved-addresses" className="mb-3 text-lg font-semibold">
          Saved addresses
        </h3>
        {error ? (
          <p role="status">{error}</p>
        ) : addresses === null ? (
          <p role="status">Loading addresses...</p>
        ) : addresses.length === 0 ? (
          <p>No address found.</p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label="Saved addresses">
            {addresses.map((a) => (
              <li key={a.id} className="rounded-xl border border-slate-200 p-4">
                <AddressCard address={a}>
                  <DeleteAddressButton address={a} onDone={load} />
                </AddressCard>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-address">
        <h3 id="add-address" className="mb-3 text-lg font-semibold">
          Add a new address
        </h3>
        <AddressForm onSaved={load} />
      </section>
    </div>
  );
}
