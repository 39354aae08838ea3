import type { OrderNotifier } from './notifications';
import type { Ordering } from './ordering';
import type { Refunds } from './refunds';
import type { StaffAlerts } from '../staff/order-alerts';

/**
 * How often each API process looks for unpaid orders whose time ran out and refunds to ask again.
 */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * The background sweep of one API process: expires unpaid orders whose time to pay ran out
 * (giving their stock back), asks the provider again for refunds it could not take, and sends the
 * order e-mails still due (a failed send is tried again here), and the staff's order alerts. Every process of a fleet runs it:
 * each expiry, refund attempt and e-mail is claimed by a conditional update, so two sweeps at once
 * do each thing once. Answers a function that stops it.
 */
export function startOrderSweeper(
  parts: {
    ordering: Pick<Ordering, 'expireDue'>;
    refunds: Pick<Refunds, 'retry'>;
    notifier: Pick<OrderNotifier, 'dispatch' | 'settled'>;
    /** The staff's e-mails of new orders and the morning summary. */
    alerts?: Pick<StaffAlerts, 'dispatch'>;
  },
  log: (line: string) => void,
  intervalMs = SWEEP_INTERVAL_MS,
): () => Promise<void> {
  const { ordering, refunds, notifier, alerts } = parts;
  let running: Promise<void> | null = null;
  const sweep = async () => {
    try {
      const expired = await ordering.expireDue();
      if (expired) log(`Expired ${expired} unpaid order(s) whose time to pay ran out; their stock is back`);
      await refunds.retry();
      await notifier.dispatch();
      await alerts?.dispatch();
    } catch (error) {
      // A database restarting answers the next sweep; nothing here may end the process.
      log(`Order sweep failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const timer = setInterval(() => {
    running ??= sweep().finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
    await notifier.settled();
  };
}
