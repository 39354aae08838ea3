/**
 * The e-mails a shopper gets as an order moves: confirmed, shipped, delivered, cancelled, a failed
 * payment and a completed refund. Pure: each function turns one order's facts into a message with
 * a plain-text body and an HTML alternative that say the same thing, because both are rendered from
 * one list of blocks. Sending them, and deciding when, is the caller's job.
 *
 * Everything a shopper or the catalogue wrote (names, products, variants, addresses, courier notes,
 * reasons) loses its control characters, and is escaped in the HTML part (MailHtml.tsx, React).
 */
import { formatDate, formatDayAndDate, formatDeadline, formatPaise } from '../../../contract/format';
import { REFUND_STATUS_LABELS, type PaymentMethod, type RefundStatus } from '../../../contract/order-lifecycle';
import { SHOP_NAME } from '../../../contract/shop';
import { blockText, clean, type Block, type OrderMailItem } from './mail-blocks';
import { headerSafe, type MailAttachment, type MailMessage } from './mailer';
import { mailHtml } from './MailHtml';
import { CARE_EMAIL } from './messages';

export type { OrderMailItem };

/** What every order e-mail is made from. */
export interface OrderMailData {
  orderId: number;
  /** The shopper's name, for the greeting; empty greets without one. */
  shopperName: string;
  /** Where the e-mail goes. */
  email: string;
  placedAt: Date;
  items: readonly OrderMailItem[];
  /** What the order costs in all, in paise. */
  amountPaise: number;
  /** The delivery address on one line. */
  address: string;
  paymentMethod: PaymentMethod;
  /** The day the order should arrive; any instant of that day in India (midnight UTC of it will do). */
  expectedDelivery?: Date;
  /** The storefront's public address (SITE_URL), e.g. 'https://gharbazaar.in': the links start with it. */
  siteUrl: string;
}

/** A refund of a cancelled order, as far as it has gone. */
export interface OrderMailRefund {
  amountPaise: number;
  status: RefundStatus;
}

export interface OrderCancelledDetails {
  /** Who cancelled: the shopper from My Orders, or the shop's staff. */
  by: 'shopper' | 'staff';
  reason?: string;
  /** The refund of what was paid; absent when nothing was paid (cash on delivery, or an unpaid online order). */
  refund?: OrderMailRefund;
}

/** Working days a refund takes to reach the original payment method once started (the payment provider's figure). */
export const REFUND_WORKING_DAYS = '5–7';

/** The footer every order e-mail ends with: whom to write to, then the shop's name. */
function supportBlock(orderId: number): Block {
  return {
    kind: 'paragraph',
    parts: [
      'Questions about this order? Write to ',
      { text: CARE_EMAIL, href: `mailto:${CARE_EMAIL}` },
      ` and mention order #${orderId}. We reply within 24 hours.`,
    ],
  };
}

/** One e-mail: its subject, the heading that opens it, then what it says between the greeting and the footer. */
interface MailContent {
  subject: string;
  heading: string;
  blocks: Block[];
}

function renderMessage(data: OrderMailData, { subject, heading, blocks }: MailContent): MailMessage {
  const name = clean(data.shopperName);
  const all: Block[] = [
    { kind: 'heading', text: heading },
    { kind: 'paragraph', parts: [name ? `Hello ${name},` : 'Hello,'] },
    ...blocks,
    supportBlock(data.orderId),
  ];
  const safeSubject = headerSafe(subject);

  const text = [...all.map(blockText), `— ${SHOP_NAME}`].join('\n\n');

  // The first sentence after the greeting, hidden: the line a mail client previews beside the subject.
  const html = mailHtml({ subject: safeSubject, preview: blocks[0] ? blockText(blocks[0]) : '', blocks: all });

  return { to: headerSafe(data.email), subject: safeSubject, text, html };
}

// ---------------------------------------------------------------------------------------------
// The pieces the e-mails share.

/** The storefront's address without a trailing slash, so paths join with exactly one. */
function site(data: OrderMailData): string {
  return data.siteUrl.replace(/\/+$/, '');
}

/** The order's page with its four-step tracker (the storefront's /trackorder/:id route). */
function trackButton(data: OrderMailData): Block {
  return { kind: 'button', label: 'Track your order', href: `${site(data)}/trackorder/${data.orderId}` };
}

/** My Orders: where a shopper pays again, cancels, and rates and reviews what was delivered. */
function myOrdersUrl(data: OrderMailData): string {
  return `${site(data)}/myorder`;
}

function itemsBlock(data: OrderMailData): Block {
  return { kind: 'items', items: data.items, totalPaise: data.amountPaise };
}

function codReminder(data: OrderMailData): string {
  return `Cash on delivery: please keep ${formatPaise(data.amountPaise)} ready`;
}

function subjectFor(data: OrderMailData, what: string): string {
  return `Your ${SHOP_NAME} order #${data.orderId} ${what}`;
}

// ---------------------------------------------------------------------------------------------
// The e-mails.

/** The order is confirmed: paid online, or accepted for cash on delivery. The GST invoice is attached when given. */
export function orderConfirmedMail(data: OrderMailData, details: { invoice?: MailAttachment } = {}): MailMessage {
  const lead =
    data.paymentMethod === 'online'
      ? `Thank you for shopping with ${SHOP_NAME}. We have received your payment, and your order #${data.orderId} is confirmed.`
      : `Thank you for shopping with ${SHOP_NAME}. Your order #${data.orderId} is confirmed; you pay in cash when it arrives.`;
  const rows = [
    { label: 'Order number', value: `#${data.orderId}` },
    { label: 'Placed on', value: formatDate(data.placedAt) },
    { label: 'Deliver to', value: data.address },
    { label: 'Payment', value: data.paymentMethod === 'online' ? 'Paid online' : codReminder(data) },
  ];
  if (data.expectedDelivery)
    rows.push({ label: 'Expected delivery', value: `By ${formatDayAndDate(data.expectedDelivery)}` });
  if (details.invoice) rows.push({ label: 'GST invoice', value: `Attached: ${details.invoice.filename}` });
  const blocks: Block[] = [
    { kind: 'paragraph', parts: [lead] },
    itemsBlock(data),
    { kind: 'facts', rows },
    trackButton(data),
  ];
  const message = renderMessage(data, {
    subject: subjectFor(data, 'is confirmed'),
    heading: 'Your order is confirmed',
    blocks,
  });
  return details.invoice ? { ...message, attachments: [details.invoice] } : message;
}

/**
 * The order has left the shop; `trackingNote` is what the courier gave (its name, an AWB number),
 * `trackingUrl` the courier's tracking page of the parcel when it was shipped with one from the list.
 */
export function orderShippedMail(
  data: OrderMailData,
  details: { trackingNote?: string; trackingUrl?: string } = {},
): MailMessage {
  const rows = [{ label: 'Deliver to', value: data.address }];
  if (details.trackingNote && clean(details.trackingNote)) {
    rows.unshift({ label: 'Courier and tracking', value: details.trackingNote });
  }
  if (data.expectedDelivery)
    rows.push({ label: 'Expected delivery', value: `By ${formatDayAndDate(data.expectedDelivery)}` });
  rows.push({ label: 'Payment', value: data.paymentMethod === 'online' ? 'Paid online' : codReminder(data) });
  return renderMessage(data, {
    subject: subjectFor(data, 'has shipped'),
    heading: 'Your order is on its way',
    blocks: [
      {
        kind: 'paragraph',
        parts: [`Good news: your order #${data.orderId} has left our warehouse and is on its way to you.`],
      },
      { kind: 'facts', rows },
      ...(details.trackingUrl
        ? [
            {
              kind: 'paragraph' as const,
              parts: [
                'Follow the parcel on ',
                { text: 'the courier\u2019s tracking page', href: details.trackingUrl },
                '.',
              ],
            },
          ]
        : []),
      itemsBlock(data),
      trackButton(data),
    ],
  });
}

/** The order has been delivered: a thank-you, and the way to rate and review what came. */
export function orderDeliveredMail(data: OrderMailData): MailMessage {
  return renderMessage(data, {
    subject: subjectFor(data, 'has been delivered'),
    heading: 'Your order has been delivered',
    blocks: [
      {
        kind: 'paragraph',
        parts: [
          `Your order #${data.orderId} has been delivered to ${data.address}. We hope you enjoy everything in it.`,
        ],
      },
      itemsBlock(data),
      {
        kind: 'facts',
        rows: [
          { label: 'Payment', value: data.paymentMethod === 'online' ? 'Paid online' : 'Paid in cash on delivery' },
        ],
      },
      {
        kind: 'paragraph',
        parts: ['How did we do? Rate and review what you bought from My Orders: it helps other shoppers choose.'],
      },
      { kind: 'button', label: 'Rate and review', href: myOrdersUrl(data) },
    ],
  });
}

/** What a cancellation e-mail says about money: the refund as far as it has gone, or that none was taken. */
function refundParagraph(refund: OrderMailRefund | undefined): string {
  if (!refund) return 'No money was taken for this order, so there is nothing to refund.';
  const amount = formatPaise(refund.amountPaise);
  switch (refund.status) {
    case 'initiated':
      return `We have started a refund of ${amount}. It reaches your original payment method in ${REFUND_WORKING_DAYS} working days.`;
    case 'processed':
      return `We have refunded ${amount} to your original payment method.`;
    case 'failed':
      return `We could not refund ${amount} to your original payment method. Our support team will contact you to return it another way; you need not do anything.`;
  }
}

/** The order is cancelled, by the shopper or by the shop, with what happens to the money. */
export function orderCancelledMail(data: OrderMailData, details: OrderCancelledDetails): MailMessage {
  const lead =
    details.by === 'shopper'
      ? `As you asked, we have cancelled your order #${data.orderId}.`
      : `We are sorry: we had to cancel your order #${data.orderId}.`;
  const rows: { label: string; value: string }[] = [];
  if (details.reason && clean(details.reason)) rows.push({ label: 'Reason', value: details.reason });
  if (details.refund) {
    rows.push({ label: 'Refund amount', value: formatPaise(details.refund.amountPaise) });
    rows.push({ label: 'Refund status', value: REFUND_STATUS_LABELS[details.refund.status] });
  }
  const blocks: Block[] = [{ kind: 'paragraph', parts: [lead] }];
  if (rows.length) blocks.push({ kind: 'facts', rows });
  blocks.push({ kind: 'paragraph', parts: [refundParagraph(details.refund)] }, itemsBlock(data), {
    kind: 'button',
    label: 'See your orders',
    href: myOrdersUrl(data),
  });
  return renderMessage(data, { subject: subjectFor(data, 'is cancelled'), heading: 'Your order is cancelled', blocks });
}

/** An online payment failed; the order waits, its stock held, until `payBy`, then expires. */
export function paymentFailedMail(data: OrderMailData, details: { payBy: Date }): MailMessage {
  const deadline = formatDeadline(details.payBy);
  return renderMessage(data, {
    subject: `Payment for your ${SHOP_NAME} order #${data.orderId} did not go through`,
    heading: 'Your payment did not go through',
    blocks: [
      {
        kind: 'paragraph',
        parts: [
          `Your payment of ${formatPaise(data.amountPaise)} for order #${data.orderId} did not go through. If your bank took money for the failed attempt, it returns it by itself, usually within ${REFUND_WORKING_DAYS} working days.`,
        ],
      },
      {
        kind: 'paragraph',
        parts: [
          `We are keeping your items for you until ${deadline} (India time). Pay from My Orders before then; after that the order expires and nothing is charged.`,
        ],
      },
      {
        kind: 'facts',
        rows: [
          { label: 'Amount to pay', value: formatPaise(data.amountPaise) },
          { label: 'Pay by', value: deadline },
        ],
      },
      itemsBlock(data),
      { kind: 'button', label: 'Pay now', href: myOrdersUrl(data) },
    ],
  });
}

/** The refund of a cancelled order has been processed by the payment provider. */
export function refundProcessedMail(data: OrderMailData, details: { amountPaise: number }): MailMessage {
  const amount = formatPaise(details.amountPaise);
  return renderMessage(data, {
    subject: `Your refund for ${SHOP_NAME} order #${data.orderId} is complete`,
    heading: 'Your refund is complete',
    blocks: [
      {
        kind: 'paragraph',
        parts: [
          `We have refunded ${amount} for your cancelled order #${data.orderId} to your original payment method.`,
        ],
      },
      {
        kind: 'paragraph',
        parts: [
          'Banks can take a few working days to show a refund on a statement. If it has not appeared within 7 working days, write to us with this order number.',
        ],
      },
      {
        kind: 'facts',
        rows: [
          { label: 'Refund amount', value: amount },
          { label: 'Refund status', value: REFUND_STATUS_LABELS.processed },
        ],
      },
      itemsBlock(data),
      { kind: 'button', label: 'See your orders', href: myOrdersUrl(data) },
    ],
  });
}
