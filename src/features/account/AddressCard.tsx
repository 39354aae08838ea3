import type { ReactNode } from 'react';
import type { Address } from '../../../contract/types';

/** One saved address as text, with room for controls (select, delete). */
export function AddressCard({ address, children }: { address: Address; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="min-w-0 text-sm break-words">
        <p className="font-semibold">
          {address.name}{' '}
          <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs tracking-wide text-slate-700 uppercase">
            {address.address_type}
          </span>
        </p>
        <p className="mt-1">{[address.area, address.locality, address.landmark].filter(Boolean).join(', ')}</p>
        <p>
          {address.city}, {address.state} – {address.pincode}
        </p>
        <p className="text-muted">
          Phone: {address.phone_number}
          {address.alternate_phone_number && `, ${address.alternate_phone_number}`}
        </p>
      </div>
      {children}
    </div>
  );
}
