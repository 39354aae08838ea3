/** Orders as the API answers them: their state, timeline, refund and items (see normalise.ts). */
import { deliveryStatusOf, paymentStatusOf } from '../../../contract/orders';
import {
  ORDER_ACTORS,
  orderStateOf,
  REFUND_STATUSES,
  type OrderActor,
  type RefundStatus,
} from '../../../contract/order-lifecycle';
import type { Order } from '../../../contract/types';
import { asList, isRecord, num, resolveMedia, str, strOrNull } from './read';

/** What an order was shipped with; its tracking link only when it is an https address. */
function shipmentOf(raw: unknown): Order['shipment'] {
  if (!isRecord(raw)) return null;
  const [courier, awb, url] = [str(raw.courier), str(raw.awb), str(raw.tracking_url)];
  return courier && awb && /^https:\/\/[^\s]+$/.test(url) ? { courier, awb, tracking_url: url } : null;
}

/** An order with its items. */
export function normaliseOrder(raw: unknown, mediaOrigin: string): Order {
  const r = isRecord(raw) ? raw : {};
  const status = paymentStatusOf(r.status);
  const delivery = deliveryStatusOf(r.delivery_status);
  const refund = isRecord(r.refund) ? r.refund : null;
  const refundStatus = refund && (REFUND_STATUSES as readonly unknown[]).includes(refund.status);
  return {
    id: num(r.id),
    razorpay_order_id: strOrNull(r.razorpay_order_id),
    amount: num(r.amount),
    status,
    delivery_status: delivery,
    state: orderStateOf(r.state, status, delivery),
    payment_method: r.payment_method === 'cod' ? 'cod' : 'online',
    created_at: str(r.created_at),
    paid_at: strOrNull(r.paid_at),
    expires_at: strOrNull(r.expires_at),
    expected_delivery:
      typeof r.expected_delivery === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(r.expected_delivery)
        ? r.expected_delivery
        : null,
    address: str(r.address),
    timeline: asList(r.timeline).flatMap((event) => {
      const e = isRecord(event) ? event : {};
      const state = orderStateOf(e.state, 'created', 'not shipped');
      if (typeof e.at !== 'string' || e.state !== state) return [];
      const actor = (ORDER_ACTORS as readonly unknown[]).includes(e.actor) ? (e.actor as OrderActor) : 'system';
      return [{ state, at: e.at, actor, note: strOrNull(e.note) }];
    }),
    refund:
      refund && refundStatus
        ? { amount: num(refund.amount), status: refund.status as RefundStatus, updated_at: str(refund.updated_at) }
        : null,
    shipment: shipmentOf(r.shipment),
    items: asList(r.items).map((item) => {
      const i = isRecord(item) ? item : {};
      return {
        product_name: str(i.product_name),
        product_image: resolveMedia(i.product_image, mediaOrigin),
        quantity: num(i.quantity, 1),
        price: num(i.price),
        variant: num(isRecord(i.variant) ? i.variant.id : i.variant),
        product: num(isRecord(i.product) ? i.product.id : i.product, 0) || null,
        size: strOrNull(i.size),
        color: strOrNull(i.color ?? i.colour),
      };
    }),
  };
}
