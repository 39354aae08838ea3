import { deliveryDate, zoneFor } from '../../../contract/delivery';
import { variantLabel } from '../../../contract/variants';
import type { Db } from '../../db';
import type { OrderEventRow, OrderRow } from '../../db/schema';
import { claimNotification, eventsToNotify, markNotified } from '../../repositories/order-events';
import { findOrder, orderItemsOf } from '../../repositories/orders';
import { refundsOfOrders } from '../../repositories/refunds';
import { findUserById } from '../../repositories/users';
import type { DeliveryOptions } from '../delivery/serviceability';
import { invoiceFileName, type Invoices } from '../invoices/issuing';
import type { MailMessage, Mailer } from '../mail/mailer';
import {
  orderCancelledMail,
  orderConfirmedMail,
  orderDeliveredMail,
  orderShippedMail,
  paymentFailedMail,
  type OrderMailData,
} from '../mail/order-mails';

/** Sends of one event's e-mail before it is left to staff (logged): about an hour of sweeps. */
export const NOTIFY_ATTEMPTS = 8;
/**
 * A claim older than this belongs to a process that died while sending, or to a send that failed:
 * another try may take it then (so a mail server that is down is tried every 5 minutes, 8 times).
 */
export const NOTIFY_CLAIM_MS = 5 * 60_000;
/** Default delivery days when an order's pincode is not known (placed before pincodes were kept). */
const DEFAULT_DELIVERY_DAYS = 5;

export interface NotifierOptions {
  /** The storefront's public address: the e-mails' links start with it. */
  siteUrl: string;
  /** Where the shop delivers, for the expected delivery date. */
  delivery?: DeliveryOptions;
  /** The GST invoices: the confirmation of a paid order carries its PDF. */
  invoices?: Pick<Invoices, 'pdfOf'>;
  log?: (line: string) => void;
}

/**
 * The order e-mails, as a transactional outbox: each change of an order is an `order_events` row
 * written in the change's own transaction, and its e-mail goes out after that commit, from here.
 * One process claims an event before sending; a failed send, or a process that dies mid-send,
 * keeps its claim until it lapses, and the sweep then tries again. Each e-mail's Message-ID is
 * the event's, so the rare resend after a crash is the same message to every mail server.
 */
export function createOrderNotifier(db: Db, mailer: Mailer, now: () => number, options: NotifierOptions) {
  const iso = () => new Date(now()).toISOString();
  const log = options.log ?? ((line: string) => console.log(line));
  let running: Promise<number> | null = null;
  let again = false;

  async function mailFor(event: OrderEventRow, order: OrderRow): Promise<MailMessage | null> {
    if (order.kind !== 'goods') return null;
    const mails = ['paid', 'placed', 'shipped', 'delivered', 'cancelled', 'payment_failed'];
    if (!mails.includes(event.to_state)) return null;
    const user = await findUserById(db, order.user_id);
    if (!user) return null;
    const items = await orderItemsOf(db, order.id);
    const zone =
      order.delivery_pincode && options.delivery ? zoneFor(order.delivery_pincode, options.delivery.zones) : null;
    const placedAt = new Date(order.created_at);
    const data: OrderMailData = {
      orderId: order.id,
      shopperName: `${user.first_name} ${user.last_name}`.trim(),
      email: user.email,
      placedAt,
      items: items.map((i) => ({
        name: i.product_name,
        variant: variantLabel({ size: i.size, color: i.color }) || null,
        quantity: i.quantity,
        unitPricePaise: i.unit_price_paise,
      })),
      amountPaise: order.amount_paise,
      address: order.address,
      paymentMethod: order.payment_method,
      expectedDelivery: new Date(`${deliveryDate(placedAt, zone?.days ?? DEFAULT_DELIVERY_DAYS)}T00:00:00Z`),
      siteUrl: options.siteUrl,
    };
    switch (event.to_state) {
      case 'paid':
      case 'placed': {
        const invoice = event.to_state === 'paid' ? await options.invoices?.pdfOf(order) : null;
        return orderConfirmedMail(
          data,
          invoice
            ? {
                invoice: {
                  filename: invoiceFileName(invoice.number),
                  content: invoice.pdf,
                  contentType: 'application/pdf',
                },
              }
            : {},
        );
      }
      case 'shipped':
        return orderShippedMail(data, {
          ...(event.note ? { trackingNote: event.note } : {}),
          ...(order.shipment_url ? { trackingUrl: order.shipment_url } : {}),
        });
      case 'delivered':
        return orderDeliveredMail(data);
      case 'payment_failed':
        return order.state === 'payment_failed' && order.expires_at
          ? paymentFailedMail(data, { payBy: new Date(order.expires_at) })
          : null;
      case 'cancelled': {
        const refund = (await refundsOfOrders(db, [order.id])).at(-1);
        return orderCancelledMail(data, {
          by: event.actor === 'shopper' ? 'shopper' : 'staff',
          ...(event.note ? { reason: event.note } : {}),
          ...(refund ? { refund: { amountPaise: refund.amount_paise, status: refund.status } } : {}),
        });
      }
      default:
        return null;
    }
  }

  /** Sends one event's e-mail once it has claimed it; a failure is tried again when the claim lapses. */
  async function notify(event: OrderEventRow): Promise<boolean> {
    if (!(await claimNotification(db, event, iso()))) return false;
    try {
      const order = await findOrder(db, event.order_id);
      // A payment failure mailed after the shopper paid again would only confuse: nothing to send.
      const message = order ? await mailFor(event, order) : null;
      if (message) await mailer.send({ ...message, messageId: `order-${event.order_id}-event-${event.id}` });
      await markNotified(db, event.id, iso());
      return message !== null;
    } catch (error) {
      // The claim stays: the event is tried again once it lapses (NOTIFY_CLAIM_MS), not at every
      // order's kick, which would draw and send its e-mail again and again while SMTP is down.
      const last = event.notify_attempts + 1 >= NOTIFY_ATTEMPTS;
      log(
        `The e-mail for order ${event.order_id} (${event.to_state}) was not sent (attempt ${event.notify_attempts + 1} of ${NOTIFY_ATTEMPTS})${last ? '; giving up' : ''}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return false;
    }
  }

  /** Sends the e-mails of events not yet mailed; answers how many went out. */
  async function dispatch(limit = 50): Promise<number> {
    const due = await eventsToNotify(db, new Date(now() - NOTIFY_CLAIM_MS).toISOString(), NOTIFY_ATTEMPTS, limit);
    let sent = 0;
    for (const event of due) if (await notify(event)) sent += 1;
    return sent;
  }

  /**
   * Dispatches soon after a change committed, without holding up its answer; calls that come
   * while one runs make it run once more, so nothing committed meanwhile waits for the sweep.
   */
  function kick(): void {
    if (running) {
      again = true;
      return;
    }
    running = dispatch()
      .catch((error: unknown) => {
        log(`Order e-mails could not be dispatched: ${error instanceof Error ? error.message : String(error)}`);
        return 0;
      })
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  }

  /** Waits for a dispatch under way (tests, shutdown). */
  async function settled(): Promise<void> {
    while (running) await running;
  }

  return { dispatch, kick, settled };
}

export type OrderNotifier = ReturnType<typeof createOrderNotifier>;
