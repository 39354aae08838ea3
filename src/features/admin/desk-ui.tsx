import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import * as adminRoutes from './admin-routes';

/**
 * The desk pages' small parts: a table whose rows become cards below the `md` width (a 360 px
 * phone reads each row as a card, every value named), labelled selects and text areas, and the
 * notice of a list that could not be loaded.
 */

/** A list's table: headers from `md` up; below it each row is a card. */
export function DeskTable({ caption, headers, children }: { caption: string; headers: string[]; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-300 bg-white md:overflow-x-auto">
      <table className="block w-full text-left text-sm md:table">
        <caption className="sr-only">{caption}</caption>
        <thead className="sr-only bg-slate-100 md:not-sr-only md:table-header-group">
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col" className="px-3 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="block divide-y divide-slate-200 md:table-row-group">{children}</tbody>
      </table>
    </div>
  );
}

/** A row of DeskTable: a card on a phone. */
export function DeskRow({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <tr aria-label={label} className="block px-3 py-2 md:table-row md:p-0">
      {children}
    </tr>
  );
}

/** A cell of DeskTable; on a phone its value follows its name ('Amount: ₹499'). */
export function DeskCell({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <td className={`block py-0.5 break-words md:table-cell md:px-3 md:py-2 md:align-top ${wide ? 'md:min-w-48' : ''}`}>
      <span className="font-semibold md:sr-only">{label}: </span>
      {children}
    </td>
  );
}

/** A list or record that could not be loaded, and Try again. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="space-y-2">
      <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
        {message}
      </p>
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

/** A link to an order's page: '#42' in a list, or the text given. */
export function OrderLink({ id, text = `#${id}` }: { id: number; text?: string }) {
  return (
    <a href={adminRoutes.adminOrder(id)} className="font-semibold text-brand-800 underline">
      {text}
    </a>
  );
}
