import type { ReactNode } from 'react';

/**
 * The cart's and wishlist's lines: a table from the small breakpoint up, a stack of cards below
 * it, from one markup (so every control exists once). The explicit roles keep the table's rows
 * and cells for assistive technology when phones lay them out as cards.
 */
export function LinesTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  /** Visible headings after the picture column; a last 'Remove' column is added. */
  columns: string[];
  children: ReactNode;
}) {
  return (
    <table role="table" className="w-full text-left text-sm max-sm:block">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="border-b border-slate-200 text-muted max-sm:sr-only">
        <tr role="row">
          <th role="columnheader" scope="col" className="py-2">
            Product
          </th>
          {columns.map((column) => (
            <th role="columnheader" key={column} scope="col">
              {column}
            </th>
          ))}
          <th role="columnheader" scope="col">
            <span className="sr-only">Remove</span>
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:flex max-sm:flex-col max-sm:gap-3">
        {children}
      </tbody>
    </table>
  );
}

/** One line: on phones a card with the picture on the left and the other cells stacked beside it. */
export function LineRow({ children }: { children: ReactNode }) {
  return (
    <tr
      role="row"
      className="border-b border-slate-100 max-sm:grid max-sm:grid-cols-[4rem_minmax(0,1fr)] max-sm:gap-x-3 max-sm:gap-y-1.5 max-sm:rounded-xl max-sm:border max-sm:border-slate-200 max-sm:p-3"
    >
      {children}
    </tr>
  );
}

/**
 * A cell of a line. `picture` spans the card's height on phones; `phoneLabel` names the value on
 * phones, where the column headings are not shown.
 */
export function LineCell({
  children,
  picture,
  phoneLabel,
  className = '',
}: {
  children: ReactNode;
  picture?: boolean;
  phoneLabel?: string;
  className?: string;
}) {
  const phone = picture ? 'max-sm:row-span-6 max-sm:self-start' : 'max-sm:col-start-2 max-sm:min-w-0';
  return (
    <td role="cell" className={`${picture ? 'py-3' : ''} pr-3 break-words ${phone} ${className}`}>
      {phoneLabel && <span className="text-muted sm:hidden">{phoneLabel}: </span>}
      {children}
    </td>
  );
}
