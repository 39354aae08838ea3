import type { OrderBoardPage } from '../../../../contract/api/admin-orders';
import { formatRupees } from '../../../../contract/format';
import { formatDateTime } from '../../../../contract/format';
import { ORDER_STATE_LABELS, type OrderState } from '../../../../contract/order-lifecycle';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import { BoardFilterForm } from './BoardFilterForm';
import { getOrderBoard } from '../desk-api';
import { matchText, paymentText, piecesText } from '../desk-format';
import { ORDER_BOARD, searchOf, type BoardFilters } from '../desk-query';
import { DeskCell, DeskRow, DeskTable, LoadFailed, OrderLink } from '../desk-ui';
import { useDeskList } from '../use-desk-list';
import { OrderExport } from './OrderExport';

/** The board's tabs, in the order orders move through the shop; '' is every order. */
export const BOARD_TABS: readonly ('' | OrderState)[] = [
  '',
  'placed',
  'paid',
  'packed',
  'shipped',
  'delivered',
  'cancelled',
  'awaiting_payment',
  'payment_failed',
  'expired',
];

function StateTabs({
  filters,
  counts,
  onTab,
}: {
  filters: BoardFilters;
  counts: OrderBoardPage['counts'] | null;
  onTab: (next: BoardFilters) => void;
}) {
  return (
    <nav aria-label="Orders by state">
      <ul className="flex flex-wrap gap-1.5">
        {BOARD_TABS.map((state) => {
          const next = { ...filters, state, page: 1 };
          const current = filters.state === state;
          const count = counts ? counts[state === '' ? 'all' : state] : null;
          return (
            <li key={state || 'all'}>
              <a
                href={`${adminRoutes.adminOrders}${searchOf(ORDER_BOARD, next)}`}
                aria-current={current ? 'page' : undefined}
                onClick={(event) => {
                  event.preventDefault();
                  onTab(next);
                }}
                className={`block rounded-full border px-3 py-1 text-sm font-semibold ${
                  current
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : 'border-slate-300 bg-white text-brand-800 hover:bg-brand-50'
                }`}
              >
                {state === '' ? 'All' : ORDER_STATE_LABELS[state]}
                {count !== null && <span className="font-normal"> ({count})</span>}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function BoardRows({ answer }: { answer: OrderBoardPage }) {
  if (answer.results.length === 0) return <p className="rounded-lg bg-white p-4">No orders match these filters.</p>;
  const pages = pageCount(answer.count, answer.page_size);
  return (
    <DeskTable
      caption={`Orders, page ${answer.page} of ${pages}`}
      headers={['Order', 'Placed', 'Customer', 'Items', 'Amount', 'Payment', 'State', 'Pincode']}
    >
      {answer.results.map((row) => (
        <DeskRow key={row.id} label={`Order #${row.id}`}>
          <DeskCell label="Order">
            <OrderLink id={row.id} />
          </DeskCell>
          <DeskCell label="Placed">{formatDateTime(row.created_at)}</DeskCell>
          <DeskCell label="Customer" wide>
            {row.customer.name}
            <span className="block text-muted break-all">{row.customer.email}</span>
          </DeskCell>
          <DeskCell label="Items">{piecesText(row.items)}</DeskCell>
          <DeskCell label="Amount">{formatRupees(row.amount)}</DeskCell>
          <DeskCell label="Payment">{paymentText(row.payment_method, row.status)}</DeskCell>
          <DeskCell label="State">
            <strong data-testid="board-state">{ORDER_STATE_LABELS[row.state]}</strong>
          </DeskCell>
          <DeskCell label="Pincode">{row.pincode ?? '—'}</DeskCell>
        </DeskRow>
      ))}
    </DeskTable>
  );
}

function OrderBoard({ search }: { search: string }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    ORDER_BOARD,
    adminRoutes.adminOrders,
    search,
    getOrderBoard,
    'The orders could not be loaded.',
  );
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  return (
    <div className="space-y-4">
      <OrderExport />
      <BoardFilterForm key={searchOf(ORDER_BOARD, { ...filters, state: '', page: 1 })} filters={filters} onApply={go} />
      <StateTabs filters={filters} counts={answer?.counts ?? null} onTab={go} />
      <p role="status" className="text-sm text-muted">
        {loading ? 'Loading orders…' : answer && `${matchText(answer.count, 'order')} Times are IST.`}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && (
        <div aria-busy={loading} className={loading ? 'opacity-60' : undefined}>
          <BoardRows answer={answer} />
        </div>
      )}
      {answer && pages > 1 && (
        <Pager page={answer.page} pages={pages} onPage={(page) => go({ ...filters, page })} label="Order pages" />
      )}
    </div>
  );
}

/** /admin/orders: the orders board (orders.read: owner, manager, support). */
export function OrdersPage({ search }: { search: string }) {
  return (
    <AdminShell section="orders" permission="orders.read" title="Orders">
      {() => <OrderBoard search={search} />}
    </AdminShell>
  );
}
