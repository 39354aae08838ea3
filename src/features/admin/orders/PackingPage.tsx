import { useEffect, useState } from 'react';
import type { PackResults } from '../../../../contract/api/admin-orders';
import type { StaffMe } from '../../../../contract/api/staff';
import { formatCalendarDay, formatDateTime, formatRupees, indiaDay } from '../../../../contract/format';
import { MAX_PACKING_BATCH } from '../../../../contract/schemas/admin-orders';
import { roleCan } from '../../../../contract/staff';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form';
import { saveFile } from '../../../ui/save-file';
import { AdminShell } from '../AdminShell';
import { DeskNotice } from '../DeskNotice';
import { adminMessage } from '../admin-messages';
import { paymentText, piecesText } from '../desk-format';
import { DeskCell, DeskRow, DeskTable, LoadFailed, OrderLink } from '../desk-ui';
import { useLoaded } from '../use-loaded';
import { CouriersSection } from './CouriersSection';
import { getPackingDocuments, getPackingQueue, packOrders } from './packing-api';

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

/** What a batch's packing did: how many were packed, and each refusal with its reason. */
function PackedReport({ report }: { report: PackResults }) {
  const packed = report.results.filter((r) => r.packed).length;
  const refused = report.results.filter((r) => !r.packed);
  return (
    <div className="space-y-2">
      <DeskNotice message={`${packed} ${packed === 1 ? 'order' : 'orders'} packed.`} kind="success" />
      {refused.length > 0 && (
        <ul role="alert" className="list-disc space-y-1 rounded-lg bg-red-50 py-2 pr-3 pl-8 text-red-800">
          {refused.map((r) => (
            <li key={r.id}>{r.message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Select all, print the chosen orders' papers, mark them packed; and what that did. */
function PackingActions({
  ids,
  chosen,
  canPack,
  today,
  onSelectAll,
  onPacked,
}: {
  ids: readonly number[];
  chosen: readonly number[];
  canPack: boolean;
  today: string;
  onSelectAll: (all: boolean) => void;
  onPacked: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<PackResults | null>(null);
  const [failure, setFailure] = useState('');
  const tooMany = chosen.length > MAX_PACKING_BATCH;
  const run = async (work: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setFailure('');
    setReport(null);
    try {
      await work();
    } catch (e) {
      setFailure(adminMessage(e, fallback));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 font-semibold">
          <input
            type="checkbox"
            checked={ids.length > 0 && chosen.length === ids.length}
            onChange={(e) => onSelectAll(e.target.checked)}
            className="h-5 w-5"
          />
          Select all
        </label>
        <Button
          variant="secondary"
          disabled={busy || chosen.length === 0 || tooMany}
          onClick={() =>
            void run(
              async () => saveFile(await getPackingDocuments(chosen, today)),
              'The slips and invoices could not be downloaded.',
            )
          }
        >
          Print slips and invoices ({chosen.length})
        </Button>
        {canPack && (
          <Button
            disabled={busy || chosen.length === 0 || tooMany}
            onClick={() =>
              void run(async () => {
                setReport(await packOrders(chosen));
                onPacked();
              }, 'The orders could not be marked packed. Please try again.')
            }
          >
            Mark packed ({chosen.length})
          </Button>
        )}
      </div>
      {tooMany && <FormMessage message={`Choose at most ${MAX_PACKING_BATCH} orders at a time.`} kind="error" />}
      {report && <PackedReport report={report} />}
      <FormMessage message={failure} kind="error" />
    </div>
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
