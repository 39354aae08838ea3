import { useEffect, useState } from 'react';
import type { StaffMe } from '../../../../contract/api/staff';
import { formatCalendarDay, formatDateTime, formatRupees, indiaDay } from '../../../../contract/format';
import { roleCan } from '../../../../contract/staff';
import { AdminShell } from '../AdminShell';
import { paymentText, piecesText } from '../desk-format';
import { DeskCell, DeskRow, DeskTable, LoadFailed, OrderLink } from '../desk-ui';
import { useLoaded } from '../use-loaded';
import { CouriersSection } from './CouriersSection';
import { getPackingQueue } from './packing-api';
import { PackingActions } from './PackingActions';

/** 'Fri, 27 Nov', and whether the promise is due today or already past. */
function DeliverBy({ day, today }: { day: string | null; today: string }) {
  if (!day) return <>—</>;
  if (day > today) return <>{formatCalendarDay(day)}</>;
  return (
    <strong className="text-red-800">
      {formatCalendarDay(day)} ({day === today ? 'due today' : 'late'})
    </strong>
  );
}

function Queue({ me }: { me: StaffMe }) {
  const { value: queue, error, reload } = useLoaded(getPackingQueue, 'The orders to pack could not be loaded.');
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const today = indiaDay(Date.now());

  // Orders packed or cancelled elsewhere leave the selection with the list.
  useEffect(() => {
    if (queue) setSelected((was) => new Set(queue.results.map((r) => r.id).filter((id) => was.has(id))));
  }, [queue]);

  if (error) return <LoadFailed message={error} onRetry={reload} />;
  if (!queue) return <p role="status">Loading the orders to pack…</p>;

  const ids = queue.results.map((r) => r.id);
  const chosen = ids.filter((id) => selected.has(id));
  const toggle = (id: number, on: boolean) =>
    setSelected((was) => {
      const next = new Set(was);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted">
        {queue.count === 0
          ? 'Nothing to pack: every paid and confirmed order is packed.'
          : `${queue.count} ${queue.count === 1 ? 'order' : 'orders'} to pack, oldest first: paid online and cash on delivery together. Times are IST.`}
      </p>
      <PackingActions
        ids={ids}
        chosen={chosen}
        canPack={roleCan(me.role, 'orders.write')}
        today={today}
        onSelectAll={(all) => setSelected(new Set(all ? ids : []))}
        onPacked={reload}
      />
      {queue.results.length > 0 && (
        <DeskTable
          caption="Orders to pack, oldest first"
          headers={['Pick', 'Order', 'Placed', 'Deliver by', 'Customer', 'Items', 'Amount', 'Payment', 'Invoice']}
        >
          {queue.results.map((row) => (
            <DeskRow key={row.id} label={`Order #${row.id}`}>
              <DeskCell label="Pick">
                <input
                  type="checkbox"
                  aria-label={`Select order #${row.id}`}
                  checked={selected.has(row.id)}
                  onChange={(e) => toggle(row.id, e.target.checked)}
                  className="h-5 w-5 align-middle"
                />
              </DeskCell>
              <DeskCell label="Order">
                <OrderLink id={row.id} />
              </DeskCell>
              <DeskCell label="Placed">{formatDateTime(row.created_at)}</DeskCell>
              <DeskCell label="Deliver by">
                <DeliverBy day={row.deliver_by} today={today} />
              </DeskCell>
              <DeskCell label="Customer" wide>
                {row.customer.name}
                <span className="block text-muted">{row.pincode ?? ''}</span>
              </DeskCell>
              <DeskCell label="Items">{piecesText(row.items)}</DeskCell>
              <DeskCell label="Amount">{formatRupees(row.amount)}</DeskCell>
              <DeskCell label="Payment">{paymentText(row.payment_method, row.status)}</DeskCell>
              <DeskCell label="Invoice">{row.invoice ?? 'On delivery'}</DeskCell>
            </DeskRow>
          ))}
        </DeskTable>
      )}
      <CouriersSection canEdit={roleCan(me.role, 'staff.manage')} />
    </div>
  );
}

/** /admin/packing: the orders to pack, their papers in one PDF, a batch marked packed; and the couriers. */
export function PackingPage() {
  return (
    <AdminShell section="packing" permission="orders.read" title="To pack">
      {(me) => <Queue me={me} />}
    </AdminShell>
  );
}
