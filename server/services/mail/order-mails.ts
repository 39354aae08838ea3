/**
 * The e-mails a shopper gets as an order moves: confirmed, shipped, delivered, cancelled, a failed
 * payment and a completed refund. Pure: each function turns one order's facts into a message with
 * a plain-text body and an HTML alternative that say the same thing, because both are rendered from
 * one list of blocks. Sending them, and deciding when, is the caller's job.
 *
 * Everything a shopper or the catalogue wrote (names, products, variants, addresses, courier notes,
 * reasons) loses its control characters, and is HTML-escaped in the HTML part. The HTML is tables
 * with inline styles and no images, scripts or remote resources: mail clients strip <style> blocks
 * and block remote content, and a message must read the same in all of them, down to a 360 px phone.
 */
import { formatDate, formatDayAndDate, formatDeadline, formatPaise } from '../../../contract/format';
import { REFUND_STATUS_LABELS, type PaymentMethod, type RefundStatus } from '../../../contract/order-lifecycle';
import { SHOP_NAME } from '../../../contract/shop';
import { headerSafe, type MailAttachment, type MailMessage } from './mailer';
import { CARE_EMAIL } from './messages';

/** One line of an order as the e-mails list it. */
export interface OrderMailItem {
  /** The product's name as ordered. */
  name: string;
  /** Which variant, e.g. '500 ml · Steel'; null for a product without variants. */
  variant: string | null;
  quantity: number;
  /** The price of one, in paise, as the order charged it. */
  unitPricePaise: number;
}

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

// C0 and C1 control characters, and the bidirectional controls that could make stored text read
// differently from what it says (a product name shown reversed, an address reordered).
// eslint-disable-next-line no-control-regex -- these are exactly the characters to remove
const UNSAFE_TEXT = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g;

/** Text with control characters turned into spaces and whitespace runs collapsed (a piece of a line). */
function plain(value: string): string {
  return value.replace(UNSAFE_TEXT, ' ').replace(/\s+/g, ' ');
}

/** A whole line of clean text. */
function clean(value: string): string {
  return plain(value).trim();
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Clean text made safe inside HTML elements and quoted attributes. */
function escapeHtml(value: string): string {
  return plain(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

// ---------------------------------------------------------------------------------------------
// One message as blocks, rendered twice: as plain text and as HTML.

type Inline = string | { text: string; href: string };

type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; parts: Inline[] }
  | { kind: 'facts'; rows: { label: string; value: string }[] }
  | { kind: 'items'; items: readonly OrderMailItem[]; totalPaise: number }
  | { kind: 'button'; label: string; href: string };

const COLOURS = {
  page: '#f3f5f4',
  card: '#ffffff',
  brand: '#17704a',
  ink: '#253d4e',
  muted: '#5b6b79',
  rule: '#e3e8e6',
};
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Noto Sans',Arial,sans-serif";

function lineAmount(item: OrderMailItem): number {
  return item.unitPricePaise * item.quantity;
}

function inlineText(part: Inline): string {
  if (typeof part === 'string') return plain(part);
  const text = clean(part.text);
  // A mail address or a bare link needs no repeating; other link text is followed by where it goes.
  return part.href === text || part.href === `mailto:${text}` ? text : `${text} (${clean(part.href)})`;
}

function blockText(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return clean(block.text);
    case 'paragraph':
      return block.parts.map(inlineText).join('').trim();
    case 'facts':
      return block.rows.map((row) => `${clean(row.label)}: ${clean(row.value)}`).join('\n');
    case 'items':
      return [
        ...block.items.map((item) => {
          const name = clean(item.name) + (item.variant ? ` (${clean(item.variant)})` : '');
          const sum = `Qty ${item.quantity} × ${formatPaise(item.unitPricePaise)} = ${formatPaise(lineAmount(item))}`;
          return `- ${name}\n  ${sum}`;
        }),
        `Total: ${formatPaise(block.totalPaise)}`,
      ].join('\n');
    case 'button':
      return `${clean(block.label)}: ${clean(block.href)}`;
  }
}

function inlineHtml(part: Inline): string {
  if (typeof part === 'string') return escapeHtml(part);
  return `<a href="${escapeHtml(part.href)}" style="color:${COLOURS.brand};">${escapeHtml(part.text)}</a>`;
}

const CELL = `padding:10px 0;border-top:1px solid ${COLOURS.rule};vertical-align:top;`;

// Two columns, not three: on a 360 px phone a separate quantity column left product names four
// words to a line; the quantity sits under the name with the price of one instead.
function itemsHtml(items: readonly OrderMailItem[], totalPaise: number): string {
  const head = (label: string, align: string, width = '') =>
    `<th scope="col" align="${align}"${width} style="padding:0 0 6px;font-size:13px;font-weight:normal;color:${COLOURS.muted};">${label}</th>`;
  const small = (html: string) => `<br><span style="font-size:13px;color:${COLOURS.muted};">${html}</span>`;
  const rows = items.map((item) =>
    [
      '<tr>',
      `<td style="${CELL}padding-right:12px;word-break:break-word;"><strong>${escapeHtml(item.name)}</strong>`,
      item.variant ? small(escapeHtml(item.variant)) : '',
      small(`Qty ${item.quantity} × ${formatPaise(item.unitPricePaise)}`),
      '</td>',
      `<td align="right" style="${CELL}white-space:nowrap;">${formatPaise(lineAmount(item))}</td>`,
      '</tr>',
    ].join(''),
  );
  const totalCell = `padding:10px 0 0;border-top:2px solid ${COLOURS.ink};font-weight:bold;`;
  return [
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 20px;font-size:15px;color:${COLOURS.ink};">`,
    `<tr>${head('Item', 'left')}${head('Amount', 'right', ' width="96"')}</tr>`,
    ...rows,
    `<tr><td style="${totalCell}">Total</td><td align="right" style="${totalCell}white-space:nowrap;">${formatPaise(totalPaise)}</td></tr>`,
    '</table>',
  ].join('\n');
}

function blockHtml(block: Block): string {
  switch (block.kind) {
    case 'heading':
      return `<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${COLOURS.ink};">${escapeHtml(block.text)}</h1>`;
    case 'paragraph':
      return `<p style="margin:0 0 16px;">${block.parts.map(inlineHtml).join('')}</p>`;
    case 'facts':
      // Label above value, not beside it: a long address keeps the full width of a phone.
      return [
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 8px;">`,
        ...block.rows.map(
          (row) =>
            `<tr><td style="padding:0 0 12px;"><div style="font-size:13px;color:${COLOURS.muted};">${escapeHtml(row.label)}</div>` +
            `<div style="word-break:break-word;">${escapeHtml(row.value)}</div></td></tr>`,
        ),
        '</table>',
      ].join('\n');
    case 'items':
      return itemsHtml(block.items, block.totalPaise);
    case 'button':
      return [
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:4px 0 24px;">`,
        `<tr><td style="border-radius:6px;background:${COLOURS.brand};">`,
        `<a href="${escapeHtml(block.href)}" style="display:inline-block;padding:12px 22px;font-weight:bold;color:#ffffff;text-decoration:none;">${escapeHtml(block.label)}</a>`,
        '</td></tr>',
        '</table>',
      ].join('\n');
  }
}

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
  const preview = blocks[0] ? blockText(blocks[0]) : '';
  const html = [
    '<!DOCTYPE html>',
    '<html lang="en-IN" dir="ltr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light">',
    `<title>${escapeHtml(safeSubject)}</title>`,
    '</head>',
    `<body style="margin:0;padding:0;background:${COLOURS.page};">`,
    `<div style="display:none;max-height:0;overflow:hidden;opacity:0;">${escapeHtml(preview)}</div>`,
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:${COLOURS.page};">`,
    '<tr><td align="center" style="padding:16px 8px;">',
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;background:${COLOURS.card};border-radius:8px;font-family:${FONT};font-size:15px;line-height:1.5;color:${COLOURS.ink};">`,
    `<tr><td style="padding:16px 20px;background:${COLOURS.brand};border-radius:8px 8px 0 0;font-size:20px;font-weight:bold;color:#ffffff;">${escapeHtml(SHOP_NAME)}</td></tr>`,
    '<tr><td style="padding:24px 20px 8px;">',
    ...all.map(blockHtml),
    `<p style="margin:0 0 8px;color:${COLOURS.muted};">— ${escapeHtml(SHOP_NAME)}</p>`,
    '</td></tr>',
    '</table>',
    '</td></tr>',
    '</table>',
    '</body>',
    '</html>',
  ].join('\n');

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

/** The order has left the shop; `trackingNote` is what the courier gave (its name, an AWB number). */
export function orderShippedMail(data: OrderMailData, details: { trackingNote?: string } = {}): MailMessage {
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
