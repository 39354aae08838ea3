import { useEffect, useState } from 'react';
import type { CustomerProfile } from '../../../../contract/api/admin-customers';
import { formatRupees } from '../../../../contract/format';
import { formatDate, formatDateTime } from '../../../../contract/format';
import { ORDER_STATE_LABELS } from '../../../../contract/order-lifecycle';
import { AdminShell } from '../AdminShell';
import { adminMessage } from '../admin-messages';
import * as adminRoutes from '../admin-routes';
import { getCustomer } from '../desk-api';
import { PAYMENT_METHOD_LABELS, piecesText } from '../desk-format';
import { DeskCell, DeskRow, DeskTable, LoadFailed, OrderLink } from '../desk-ui';
import { Facts, Panel } from '../orders/Panel';

function CustomerOrders({ customer }: { customer: CustomerProfile }) {
  if (customer.orders.length === 0) return <p className="text-sm">No orders yet.</p>;
  return (
    <>
      {customer.order_count > customer.orders.length && (
        <p className="text-sm text-muted">
          The newest {customer.orders.length} of {customer.order_count} orders.
        </p>
      )}
      <DeskTable
        caption={`Orders of ${customer.first_name} ${customer.last_name}`}
        headers={['Order', 'Placed', 'Items', 'Amount', 'Payment', 'State']}
      >
        {customer.orders.map((o) => (
          <DeskRow key={o.id} label={`Order #${o.id}`}>
            <DeskCell label="Order">
              <OrderLink id={o.id} />
            </DeskCell>
            <DeskCell label="Placed">{formatDateTime(o.created_at)}</DeskCell>
            <DeskCell label="Items">{piecesText(o.items)}</DeskCell>
            <DeskCell label="Amount">{formatRupees(o.amount)}</DeskCell>
            <DeskCell label="Payment">{PAYMENT_METHOD_LABELS[o.payment_method]}</DeskCell>
            <DeskCell label="State">{ORDER_STATE_LABELS[o.state]}</DeskCell>
          </DeskRow>
        ))}
      </DeskTable>
    </>
  );
}

function CustomerDetail({ id }: { id: number }) {
  const [customer, setCustomer] = useState<CustomerProfile | null>(null);
  const [error, setError] = useState('');
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    getCustomer(id, controller.signal)
      .then((c) => {
        setCustomer(c);
        setError('');
      })
      .catch((e: unknown) => {
        if (!controller.signal.aborted) setError(adminMessage(e, 'The customer could not be loaded.'));
      });
    return () => controller.abort();
  }, [id, attempt]);

  if (error) return <LoadFailed message={error} onRetry={() => setAttempt((n) => n + 1)} />;
  if (!customer) return <p role="status">Loading the customer…</p>;
  return (
    <div className="space-y-4">
      <Panel id="profile-heading" title={`${customer.first_name} ${customer.last_name}`}>
        <Facts
          rows={[
            ['E-mail', <span className="break-all">{customer.email}</span>],
            ['Phone', customer.phone_number ?? '—'],
            ['Joined', formatDate(customer.joined)],
            ['Orders', customer.order_count],
          ]}
        />
      </Panel>
      <Panel id="orders-heading" title="Orders">
        <CustomerOrders customer={customer} />
      </Panel>
      <Panel id="addresses-heading" title="Saved addresses">
        {customer.addresses.length === 0 ? (
          <p className="text-sm">No saved addresses.</p>
        ) : (
          <ul className="grid gap-3 md:grid-cols-2">
            {customer.addresses.map((a) => (
              <li key={a.id} className="rounded-lg border border-slate-200 p-3 text-sm">
                <address className="not-italic">
                  <span className="block font-semibold">
                    {a.name} <span className="font-normal text-muted">({a.address_type})</span>
                  </span>
                  <span className="block break-words">
                    {[a.area, a.locality, a.landmark].filter(Boolean).join(', ')}
                  </span>
                  <span className="block">
                    {a.city}, {a.state} {a.pincode}
                  </span>
                  <span className="block">
                    Phone {a.phone_number}
                    {a.alternate_phone_number && `, ${a.alternate_phone_number}`}
                  </span>
                </address>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

/** /admin/customer?id=7: one customer, their orders and saved addresses, read-only (customers.read). */
export function CustomerPage({ id }: { id: number | null }) {
  return (
    <AdminShell section="customers" permission="customers.read" title="Customer">
      {() => (
        <div className="space-y-3">
          <a href={adminRoutes.adminCustomers} className="font-semibold text-brand-800 underline">
            Back to the customers
          </a>
          {id ? (
            <CustomerDetail id={id} />
          ) : (
            <p className="rounded-lg bg-red-50 px-3 py-2 text-red-800">No customer is named here.</p>
          )}
        </div>
      )}
    </AdminShell>
  );
}
