import type { ReactNode } from 'react';
import type { StaffOrder } from '../../../../contract/api/admin-orders';
import { formatRupees } from '../../../../contract/format';
import { formatDateTime } from '../../../../contract/format';
import { ORDER_STATE_LABELS, REFUND_STATUS_LABELS } from '../../../../contract/order-lifecycle';
import { PAYMENT_STATUS_LABELS } from '../../../../contract/orders';
import { Thumb } from '../../../ui/line-items';
import * as adminRoutes from '../admin-routes';
import { actorText, PAYMENT_METHOD_LABELS } from '../desk-format';
import { Facts, Panel } from './Panel';

export function OrderItems({ order }: { order: StaffOrder }) {
  return (
    <Panel id="items-heading" title="Items">
      <ul className="divide-y divide-slate-200">
        {order.items.map((item) => (
          <li key={item.variant_id} className="flex gap-3 py-2">
            <Thumb src={item.product_image} size={56} />
            <div className="min-w-0 flex-1 text-sm">
              <p className="font-semibold break-words">{item.product_name}</p>
              <p className="text-muted">
                {[item.variant_name, item.sku && `SKU ${item.sku}`].filter(Boolean).join(' · ') ||
                  'Variant no longer sold'}
              </p>
              <p>
                {item.quantity} × {formatRupees(item.unit_price)} = <strong>{formatRupees(item.line_total)}</strong>
              </p>
            </div>
          </li>
        ))}
      </ul>
      <p className="text-right font-semibold">Total {formatRupees(order.amount)}</p>
    </Panel>
  );
}

export function OrderPeople({ order, canSeeCustomers }: { order: StaffOrder; canSeeCustomers: boolean }) {
  const { customer, address } = order;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel id="customer-heading" title="Customer">
        <Facts
          rows={[
            [
              'Name',
              canSeeCustomers ? (
                <a href={adminRoutes.adminCustomer(customer.id)} className="font-semibold text-brand-800 underline">
                  {customer.name}
                </a>
              ) : (
                customer.name
              ),
            ],
            ['E-mail', <span className="break-all">{customer.email}</span>],
            ['Phone', customer.phone ?? '—'],
          ]}
        />
      </Panel>
      <Panel id="address-heading" title="Delivery address">
        <address className="text-sm not-italic" data-testid="order-address">
          <span className="block font-semibold">{address.name}</span>
          {address.lines.map((line, i) => (
            <span key={i} className="block break-words">
              {line}
            </span>
          ))}
          {(address.state || address.pincode) && (
            <span className="block">{[address.state, address.pincode].filter(Boolean).join(' ')}</span>
          )}
          {address.phone && (
            <span className="block">
              Phone:{' '}
              <a
                href={`tel:${address.phone.replace(/[^\d+]/g, '')}`}
                className="font-semibold text-brand-800 underline"
              >
                {address.phone}
              </a>
            </span>
          )}
        </address>
      </Panel>
    </div>
  );
}

export function OrderPayment({ order }: { order: StaffOrder }) {
  const { payment, refund, invoice } = order;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel id="payment-heading" title="Payment">
        <Facts
          rows={[
            ['Method', PAYMENT_METHOD_LABELS[payment.method]],
            ['Status', PAYMENT_STATUS_LABELS[payment.status]],
            ['Provider', payment.provider ?? '—'],
            ['Provider order', payment.razorpay_order_id ?? '—'],
            ['Payment id', payment.payment_id ?? '—'],
            ['Paid', payment.paid_at ? formatDateTime(payment.paid_at) : '—'],
            ...(payment.expires_at && !payment.paid_at
              ? ([['Expires', formatDateTime(payment.expires_at)]] as [string, ReactNode][])
              : []),
            ['Tax invoice', invoice ? `${invoice.number}, ${formatDateTime(invoice.issued_at)}` : 'None yet'],
          ]}
        />
      </Panel>
      <Panel id="refund-heading" title="Refund">
        {refund ? (
          <Facts
            rows={[
              ['Amount', formatRupees(refund.amount)],
              ['Status', REFUND_STATUS_LABELS[refund.status]],
              ['Reason', refund.reason],
              ['Started', formatDateTime(refund.created_at)],
              ['Updated', formatDateTime(refund.updated_at)],
            ]}
          />
        ) : (
          <p className="text-sm">No refund.</p>
        )}
      </Panel>
    </div>
  );
}

export function OrderTimeline({ order }: { order: StaffOrder }) {
  return (
    <Panel id="timeline-heading" title="Timeline">
      <ol className="space-y-2 text-sm" data-testid="staff-timeline">
        {order.timeline.map((event, i) => (
          <li key={i} className="border-l-4 border-brand-700 pl-3">
            <p className="font-semibold">
              {ORDER_STATE_LABELS[event.state]} · {formatDateTime(event.at)}
            </p>
            <p className="text-muted">By {actorText(event.actor, event.staff)}</p>
            {event.note && <p className="break-words whitespace-pre-wrap">Note: {event.note}</p>}
          </li>
        ))}
      </ol>
    </Panel>
  );
}
