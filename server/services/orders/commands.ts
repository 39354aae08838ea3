import { formatRupees } from '../../../contract/format';
import { paiseToRupees } from '../../../contract/pricing';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../contract/orders';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import {
  findOrder as findOrderById,
  findOrderByProviderId,
  recentOrders,
  setDeliveryStatus as storeDeliveryStatus,
} from '../../repositories/orders';

/** Where a command writes: normal lines and error lines. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A staff command that cannot be done; its message says why and what to do. */
export class CommandError extends Error {}

export const USAGE = [
  'Usage: npm run shop -- <command>',
  '  order:list [count]                      the most recent orders (default 20)',
  `  order:status <orderId> <status>         set delivery status: ${DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ')}`,
  '                                          (orderId is the number, or the order_… id)',
].join('\n');

/** A delivery status as staff may type it ('Not shipped', 'not_shipped', 'packed'), or null. */
export function parseDeliveryStatus(text: string): DeliveryStatus | null {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, ' ');
  return DELIVERY_STATUSES.find((s) => s === wanted) ?? null;
}

async function findOrder(db: Db, ref: string): Promise<OrderRow | undefined> {
  const trimmed = ref.trim();
  return /^[1-9]\d{0,14}$/.test(trimmed) ? findOrderById(db, Number(trimmed)) : findOrderByProviderId(db, trimmed);
}

/**
 * Moves an order along the delivery tracker. An unpaid order can only be 'not shipped': goods
 * leave only once they are paid for.
 */
export async function setDeliveryStatus(
  db: Db,
  ref: string,
  statusText: string,
): Promise<{ order: OrderRow; previous: DeliveryStatus }> {
  const status = parseDeliveryStatus(statusText);
  if (!status) {
    throw new CommandError(
      `Unknown delivery status '${statusText}'. Use one of: ${DELIVERY_STATUSES.map((s) => `'${s}'`).join(', ')}.`,
    );
  }
  const order = await findOrder(db, ref);
  if (!order) throw new CommandError(`No order '${ref}'. See the recent ones with: npm run shop -- order:list`);
  if (status !== 'not shipped' && order.status !== 'paid') {
    throw new CommandError(`Order ${order.id} is not paid (payment ${order.status}); it cannot be ${status}.`);
  }
  const updated = await storeDeliveryStatus(db, order.id, status);
  return { order: updated, previous: order.delivery_status };
}

/** Runs one staff command (`order:list`, `order:status`); answers the process exit code. */
export async function runShopCommand(db: Db, args: string[], io: CommandOutput): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'order:list': {
        const count = rest[0] === undefined ? 20 : Number(rest[0]);
        if (!Number.isInteger(count) || count < 1 || count > 1000) {
          throw new CommandError('The count must be a whole number from 1 to 1000.');
        }
        const rows = await recentOrders(db, count);
        if (rows.length === 0) io.out('No orders yet.');
        for (const r of rows) {
          const amount = formatRupees(paiseToRupees(r.amount_paise));
          const items = Number(r.items ?? 0);
          io.out(
            [
              `#${r.id}`,
              r.provider_order_id,
              r.created_at,
              amount,
              `payment ${r.status}`,
              `delivery ${r.delivery_status}`,
              `${items} item${items === 1 ? '' : 's'}`,
              r.email,
            ].join('  '),
          );
        }
        return 0;
      }
      case 'order:status': {
        const [ref, ...words] = rest;
        if (!ref || words.length === 0) throw new CommandError(`order:status needs an order and a status.\n${USAGE}`);
        const { order, previous } = await setDeliveryStatus(db, ref, words.join(' '));
        io.out(
          `Order #${order.id} (${order.provider_order_id}): delivery status ${previous} → ${order.delivery_status}`,
        );
        return 0;
      }
      default:
        io.err(command ? `Unknown command '${command}'.\n${USAGE}` : USAGE);
        return 2;
    }
  } catch (error) {
    if (error instanceof CommandError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
