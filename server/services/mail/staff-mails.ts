import { formatCalendarDay, formatCount, formatDateTime, formatDeadline, formatPaise } from '../../../contract/format';
import { ROLE_LABELS, type StaffRole } from '../../../contract/staff';
import { SHOP_NAME } from '../../../contract/shop';
import type { MailMessage } from './mailer';

/** The e-mail inviting someone to the back office: the link to accept it, and what comes next. */
export function staffInviteMessage(
  to: string,
  invite: { role: StaffRole; invitedBy: string; link: string; expiresAt: Date },
): MailMessage {
  return {
    to,
    subject: `You are invited to the ${SHOP_NAME} back office`,
    text: [
      'Hello,',
      '',
      `${invite.invitedBy} has invited you to the ${SHOP_NAME} back office as ${ROLE_LABELS[invite.role].toLowerCase()}.`,
      '',
      'To accept, open this link, choose your name and a password:',
      '',
      invite.link,
      '',
      `It works once, until ${formatDeadline(invite.expiresAt)} (India time).`,
      '',
      'You will then be shown a key for an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and ten recovery codes, once: keep the codes somewhere safe. Every sign-in asks for your password and a code from the app.',
      '',
      'If you did not expect this, ignore this e-mail: nothing is opened until the link is used.',
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}

/** One confirmed order as the new-order e-mail lists it. */
export interface NewOrderLine {
  orderId: number;
  at: string;
  paymentMethod: 'online' | 'cod';
  amountPaise: number;
  pieces: number;
  pincode: string | null;
}

const PAYMENT_WORDS = { online: 'paid online', cod: 'cash on delivery' } as const;

/** The e-mail telling a staff member of new orders, several at once: each order, and where to pack them. */
export function newOrdersMessage(to: string, orders: readonly NewOrderLine[], packingUrl: string): MailMessage {
  const total = orders.reduce((sum, o) => sum + o.amountPaise, 0);
  const heading = orders.length === 1 ? 'A new order' : `${orders.length} new orders`;
  return {
    to,
    subject: `${heading} at ${SHOP_NAME}: ${formatPaise(total)}`,
    text: [
      'Hello,',
      '',
      `${heading} to pack (times are IST):`,
      '',
      ...orders.map(
        (o) =>
          `#${o.orderId} · ${formatDateTime(o.at)} · ${formatPaise(o.amountPaise)}, ${PAYMENT_WORDS[o.paymentMethod]} · ` +
          `${o.pieces} ${o.pieces === 1 ? 'item' : 'items'}${o.pincode ? ` to ${o.pincode}` : ''}`,
      ),
      '',
      `Pack them: ${packingUrl}`,
      '',
      'You get this e-mail because you asked for it on your dashboard; it comes at most every few minutes, with every order since the last one.',
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}

/** A day's trade as the morning summary gives it. */
export interface DaySummary {
  day: string;
  orders: number;
  cod: number;
  paise: number;
  cancelled: number;
  refundedPaise: number;
  toPack: number;
  refundsWaiting: number;
}

/** The morning's e-mail: yesterday's orders and money, and what waits today. */
export function dailySummaryMessage(to: string, summary: DaySummary, adminUrl: string): MailMessage {
  const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;
  return {
    to,
    subject: `${SHOP_NAME} on ${formatCalendarDay(summary.day)}: ${plural(summary.orders, 'order', 'orders')}, ${formatPaise(summary.paise)}`,
    text: [
      'Hello,',
      '',
      `${SHOP_NAME} on ${formatCalendarDay(summary.day)} (India time):`,
      '',
      `Orders confirmed: ${formatCount(summary.orders)} (${formatCount(summary.cod)} cash on delivery), worth ${formatPaise(summary.paise)}`,
      `Orders cancelled: ${formatCount(summary.cancelled)}`,
      `Refunded: ${formatPaise(summary.refundedPaise)}`,
      '',
      'Waiting now:',
      `To pack: ${plural(summary.toPack, 'order', 'orders')}`,
      `Refunds to approve: ${formatCount(summary.refundsWaiting)}`,
      '',
      `The back office: ${adminUrl}`,
      '',
      'You get this e-mail each morning because you asked for it on your dashboard.',
      '',
      `— ${SHOP_NAME}`,
    ].join('\n'),
  };
}
