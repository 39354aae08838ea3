import { useEffect, useState } from 'react';
import type { StaffMe } from '../../../../contract/api/staff';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { formatRupees } from '../../../../contract/format';
import { formatDateTime } from '../../../../contract/format';
import { ORDER_STATE_LABELS } from '../../../../contract/order-lifecycle';
import { ROLE_CANNOT, roleCan } from '../../../../contract/staff';
import type { ApiFile } from '../../../lib/api/http';
import { Button } from '../../../ui/Button';
import { FormMessage } from '../../../ui/form-message';
import { AdminShell } from '../AdminShell';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { getOrderInvoice, getPackingSlip, getStaffOrder } from '../desk-api';
import { paymentText } from '../desk-format';
import { LoadFailed } from '../desk-ui';
import { OrderItems, OrderPayment, OrderPeople, OrderTimeline } from './OrderFacts';
import { OrderMoves } from './OrderMoves';
import { OrderNotes, RefundRequestPanel } from './OrderDesk';
import { saveFile } from '../../../ui/save-file';

function Downloads({ order }: { order: StaffOrder }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const download = async (get: (id: number) => Promise<ApiFile>, failed: string) => {
    setBusy(true);
    setMessage('');
    try {
      saveFile(await get(order.id));
    } catch (error) {
      setMessage(adminMessage(error, failed));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          onClick={() => void download(getPackingSlip, 'The packing slip could not be downloaded.')}
        >
          Download packing slip
        </Button>
        {order.invoice && (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() => void download(getOrderInvoice, 'The invoice could not be downloaded.')}
          >
            Download tax invoice
          </Button>
        )}
      </div>
      <FormMessage message={message} kind="error" />
    </div>
  );
}

function OrderDetail({ id, me }: { id: number; me: StaffMe }) {
  const [order, setOrder] = useState<StaffOrder | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getStaffOrder(id, controller.signal)
      .then((o) => {
        setOrder(o);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The order could not be loaded.'));
      });
    return () => controller.abort();
  }, [id, attempt]);

  if (error) return <LoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!order) return <p role="status">Loading the order…</p>;
  return (
    <div className="space-y-4">
      <div className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
        <p className="text-lg">
          <strong data-testid="order-state">{ORDER_STATE_LABELS[order.state]}</strong> · {formatRupees(order.amount)}
        </p>
        <p className="text-sm text-muted">
          Placed {formatDateTime(order.created_at)} IST · {paymentText(order.payment.method, order.payment.status)}
        </p>
        <Downloads order={order} />
      </div>
      <RefundRequestPanel order={order} me={me} onChanged={setOrder} />
      {roleCan(me.role, 'orders.write') ? (
        <OrderMoves order={order} onMoved={setOrder} />
      ) : (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">Moving orders: {ROLE_CANNOT}</p>
      )}
      <OrderItems order={order} />
      <OrderPeople order={order} canSeeCustomers={roleCan(me.role, 'customers.read')} />
      <OrderPayment order={order} />
      <OrderTimeline order={order} />
      <OrderNotes order={order} onChanged={setOrder} />
    </div>
  );
}

/** /admin/order?id=42: one order in full, its moves, invoice and packing slip (orders.read). */
export function OrderPage({ id }: { id: number | null }) {
  return (
    <AdminShell section="orders" permission="orders.read" title={id ? `Order #${id}` : 'Order'}>
      {(me) =>
        id ? (
          <div className="space-y-3">
            <a href={adminRoutes.adminOrders} className="font-semibold text-brand-800 underline">
              Back to the orders
            </a>
            <OrderDetail id={id} me={me} />
          </div>
        ) : (
          <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">
            No order is named here. Open an order from the{' '}
            <a href={adminRoutes.adminOrders} className="font-semibold underline">
              orders board
            </a>
            .
          </p>
        )
      }
    </AdminShell>
  );
}
