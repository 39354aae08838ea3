import { indiaDay, startOfIndiaDay } from '../../../contract/format';
import type { Db } from '../../db';
import type { OrderAlerts } from '../../../contract/api/admin-orders';
import type { OrderAlertsInput } from '../../../contract/schemas/admin-orders';
import {
  alertChoices,
  alertRecipients,
  alertState,
  claimBatch,
  claimDay,
  confirmationsAfter,
  setAlertChoices,
  tradeBetween,
} from '../../repositories/staff-alerts';
import type { Mailer } from '../mail/mailer';
import { dailySummaryMessage, newOrdersMessage } from '../mail/staff-mails';
import { recordAudit, type Actor } from './audit';

/**
 * The shop hears of its orders. Staff who opt in get an e-mail of new orders (paid online or
 * confirmed cash on delivery), at most one every ALERT_EVERY_MS with every order since the last,
 * and a summary of the day before each morning from SUMMARY_HOUR IST. Every process's sweep calls
 * `dispatch`; a batch or a day is taken by one conditional update, so a fleet sends each once.
 * An alert is sent at most once: a mail server that is down loses that alert (it is logged), and
 * the next batch carries the orders after it; the packing queue lists every order anyway.
 */

/** The least time between two new-order e-mails: a busy hour is a few e-mails, not hundreds. */
export const ALERT_EVERY_MS = 10 * 60_000;
/** Most orders one new-order e-mail lists; the rest follow in the next. */
export const ALERT_BATCH = 100;
/** The hour (IST) from which the summary of the day before goes out. */
export const SUMMARY_HOUR = 8;

const DAY_MS = 24 * 3600_000;
const IST_OFFSET_MS = 5.5 * 3600_000;

export interface AlertOptions {
  /** The shop's public address: the e-mails link to the back office there. */
  siteUrl: string;
  log?: (line: string) => void;
}

export function createStaffAlerts(db: Db, mailer: Mailer, now: () => number, options: AlertOptions) {
  const site = options.siteUrl.replace(/\/+$/, '');
  const log = options.log ?? ((line: string) => console.log(line));

  async function sendAll(messages: Parameters<Mailer['send']>[0][], what: string): Promise<number> {
    let sent = 0;
    for (const message of messages) {
      try {
        await mailer.send(message);
        sent += 1;
      } catch (error) {
        log(
          `The ${what} e-mail to ${message.to} was not sent: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return sent;
  }

  /** Sends the new orders since the last e-mail, when the last went out long enough ago. */
  async function newOrders(): Promise<number> {
    const state = await alertState(db, 'new_orders');
    const at = now();
    if (state.last_sent_at && Date.parse(state.last_sent_at) > at - ALERT_EVERY_MS) return 0;
    const orders = await confirmationsAfter(db, state.last_event_id, ALERT_BATCH);
    const last = orders.at(-1);
    if (!last) return 0;
    const claimed = await claimBatch(db, 'new_orders', {
      from: state.last_event_id,
      to: last.event_id,
      at: new Date(at).toISOString(),
      sentBefore: new Date(at - ALERT_EVERY_MS).toISOString(),
    });
    if (!claimed) return 0;
    const lines = orders.map((o) => ({
      orderId: o.order_id,
      at: o.at,
      paymentMethod: o.payment_method,
      amountPaise: o.amount_paise,
      pieces: Number(o.pieces ?? 0),
      pincode: o.delivery_pincode,
    }));
    const recipients = await alertRecipients(db, 'new_orders');
    return sendAll(
      recipients.map((r) => ({
        ...newOrdersMessage(r.email, lines, `${site}/admin/packing`),
        messageId: `new-orders-${last.event_id}-${r.email}`,
      })),
      'new-order',
    );
  }

  /** Sends yesterday's summary once today is past SUMMARY_HOUR in India. */
  async function dailySummary(): Promise<number> {
    const at = now();
    if (new Date(at + IST_OFFSET_MS).getUTCHours() < SUMMARY_HOUR) return 0;
    const day = indiaDay(at - DAY_MS);
    const state = await alertState(db, 'daily_summary');
    if (state.last_day !== null && state.last_day >= day) return 0;
    if (!(await claimDay(db, 'daily_summary', day, new Date(at).toISOString()))) return 0;
    const recipients = await alertRecipients(db, 'daily_summary');
    if (recipients.length === 0) return 0;
    const trade = await tradeBetween(db, startOfIndiaDay(day), startOfIndiaDay(indiaDay(at)));
    return sendAll(
      recipients.map((r) => ({
        ...dailySummaryMessage(r.email, { day, ...trade }, `${site}/admin`),
        messageId: `daily-summary-${day}-${r.email}`,
      })),
      'daily summary',
    );
  }

  /** Sends whatever alerts are due; answers how many e-mails went out. */
  async function dispatch(): Promise<{ newOrders: number; summaries: number }> {
    return { newOrders: await newOrders(), summaries: await dailySummary() };
  }

  return { dispatch };
}

export type StaffAlerts = ReturnType<typeof createStaffAlerts>;

/** The e-mails of orders staff member `staffId` gets. */
export async function readOrderAlerts(db: Db, staffId: number): Promise<OrderAlerts> {
  const row = await alertChoices(db, staffId);
  return { new_orders: row?.alert_new_orders === 1, daily_summary: row?.alert_daily_summary === 1 };
}

/** Sets the e-mails of orders the acting staff member gets; written to the audit log. */
export async function setOrderAlerts(
  db: Db,
  actor: Actor & { staffId: number },
  now: number,
  choices: OrderAlertsInput,
) {
  const before = await readOrderAlerts(db, actor.staffId);
  await db.transaction().execute(async (trx) => {
    await setAlertChoices(trx, actor.staffId, {
      alert_new_orders: choices.new_orders ? 1 : 0,
      alert_daily_summary: choices.daily_summary ? 1 : 0,
    });
    await recordAudit(trx, actor, now, {
      action: 'staff.alerts',
      entity: 'staff',
      entityId: actor.staffId,
      before: { ...before },
      after: { ...choices },
    });
  });
  return readOrderAlerts(db, actor.staffId);
}
