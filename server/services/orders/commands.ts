import { formatRupees } from '../../../contract/format';
import { paiseToRupees } from '../../../contract/pricing';
import { nextStates, ORDER_STATE_LABELS, ORDER_STATES, type OrderState } from '../../../contract/order-lifecycle';
import { STAFF_MOVES } from '../../../contract/schemas/admin-orders';
import type { Db } from '../../db';
import type { OrderRow } from '../../db/schema';
import { DomainError } from '../errors';
import { findOrder as findOrderById, findOrderByProviderId, recentOrders } from '../../repositories/orders';
import { setOnHand, stockLevel } from '../../repositories/stock';
import { STAFF_USAGE } from '../staff/commands';
import type { Ordering } from './ordering';

/** Where a command writes: normal lines and error lines. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

/** A staff command that cannot be done; its message says why and what to do. */
export class CommandError extends Error {}

/** The states staff move orders to by hand; the others are the shop's own (payments, expiry). */
export const STAFF_STATES: readonly OrderState[] = STAFF_MOVES;

export const USAGE = [
  'Usage: npm run shop -- <command>',
  '  order:list [count]                      the most recent orders (default 20)',
  `  order:status <orderId> <state> [note]   move an order: ${STAFF_STATES.map((s) => `'${s}'`).join(', ')}`,
  '                                          (orderId is the number, or the order_… id; the note, such as a',
  '                                          tracking number, shows on the tracking page; cancelling refunds)',
  '  stock:show <variantId>                  on hand, held by unpaid orders, and available',
  '  stock:set <variantId> <onHand>          set what is on the shelf after a stock count',
  '  images:encode [--force]                 draw and encode the pictures still waiting (--force: all again)',
  STAFF_USAGE,
].join('\n');

/** A state as staff may type it ('Shipped', 'awaiting payment', 'payment_failed'), or null. */
export function parseOrderState(text: string): OrderState | null {
  const wanted = text
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return ORDER_STATES.find((s) => s === wanted) ?? null;
}

async function findOrder(db: Db, ref: string): Promise<OrderRow | undefined> {
  const trimmed = ref.trim();
  return /^[1-9]\d{0,14}$/.test(trimmed) ? findOrderById(db, Number(trimmed)) : findOrderByProviderId(db, trimmed);
}

/** A whole number from `min` to `max` typed on the command line, or a CommandError naming `what`. */
function wholeArgument(text: string | undefined, what: string, min: number, max: number): number {
  const n = Number(text);
  if (text === undefined || !/^\d+$/.test(text.trim()) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new CommandError(`${what} must be a whole number from ${min} to ${max}.`);
  }
  return n;
}

/**
 * Moves an order along its lifecycle as staff. Cancelling gives the stock back and refunds a paid
 * order; delivering a cash-on-delivery order records its payment. Every refusal says why.
 */
export async function staffMoveOrder(
  db: Db,
  ordering: Pick<Ordering, 'staffMove'>,
  ref: string,
  stateText: string,
  note: string | null,
): Promise<{ order: OrderRow; previous: OrderState }> {
  const state = parseOrderState(stateText);
  if (!state || !STAFF_STATES.includes(state)) {
    throw new CommandError(
      `Unknown state '${stateText}'. Use one of: ${STAFF_STATES.map((s) => `'${s}'`).join(', ')}.`,
    );
  }
  const order = await findOrder(db, ref);
  if (!order || order.kind !== 'goods') {
    throw new CommandError(`No order '${ref}'. See the recent ones with: npm run shop -- order:list`);
  }
  try {
    return { order: await ordering.staffMove(order.id, state, note), previous: order.state };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const next = nextStates(order.state, 'staff');
    const hint = next.length ? ` From ${order.state} it can go to: ${next.join(', ')}.` : '';
    throw new CommandError(`Order ${order.id} is ${order.state}: ${error.message}${hint}`);
  }
}

/**
 * Runs one staff command (`order:list`, `order:status`, `stock:show`, `stock:set`); answers the
 * process exit code.
 */
export async function runShopCommand(
  db: Db,
  ordering: Pick<Ordering, 'staffMove'>,
  args: string[],
  io: CommandOutput,
): Promise<number> {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case 'order:list': {
        const count = rest[0] === undefined ? 20 : wholeArgument(rest[0], 'The count', 1, 1000);
        const rows = await recentOrders(db, count);
        if (rows.length === 0) io.out('No orders yet.');
        for (const r of rows) {
          const amount = formatRupees(paiseToRupees(r.amount_paise));
          const items = Number(r.items ?? 0);
          io.out(
            [
              `#${r.id}`,
              r.provider_order_id ?? 'cash on delivery',
              r.created_at,
              amount,
              ORDER_STATE_LABELS[r.state],
              `${items} item${items === 1 ? '' : 's'}`,
              r.email,
            ].join('  '),
          );
        }
        return 0;
      }
      case 'order:status': {
        const [ref, stateText, ...noteWords] = rest;
        if (!ref || !stateText) throw new CommandError(`order:status needs an order and a state.\n${USAGE}`);
        const note = noteWords.join(' ').trim() || null;
        const { order, previous } = await staffMoveOrder(db, ordering, ref, stateText, note);
        io.out(`Order #${order.id}: ${previous} → ${order.state}${note ? ` (${note})` : ''}`);
        return 0;
      }
      case 'stock:show': {
        const variantId = wholeArgument(rest[0], 'The variant id', 1, Number.MAX_SAFE_INTEGER);
        const level = await stockLevel(db, variantId);
        if (!level) throw new CommandError(`No variant ${variantId}.`);
        io.out(
          `Variant ${variantId}: ${level.on_hand} on hand, ${level.reserved} held by unpaid orders, ${level.on_hand - level.reserved} available`,
        );
        return 0;
      }
      case 'stock:set': {
        const variantId = wholeArgument(rest[0], 'The variant id', 1, Number.MAX_SAFE_INTEGER);
        const onHand = wholeArgument(rest[1], 'The quantity on hand', 0, 1_000_000);
        const level = await stockLevel(db, variantId);
        if (!level) throw new CommandError(`No variant ${variantId}.`);
        if (onHand < level.reserved) {
          throw new CommandError(
            `Unpaid orders hold ${level.reserved} of variant ${variantId}: on hand cannot be less until they are paid or expire.`,
          );
        }
        await setOnHand(db, variantId, onHand);
        io.out(`Variant ${variantId}: ${level.on_hand} → ${onHand} on hand (${onHand - level.reserved} available)`);
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
