import type { Db } from '../db';
import { inserted } from './helpers';

/** Payments: an order's payment state and the webhook deliveries already handled. */

/** Records a webhook event id; false when it was recorded before (the provider delivers at least once). */
export async function recordWebhookEvent(db: Db, id: string, receivedAt: string): Promise<boolean> {
  const result = await db
    .insertInto('payment_events')
    .values({ id, received_at: receivedAt })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return inserted(result);
}

/** True when some order is paid by this payment. */
export async function paymentUsed(db: Db, paymentId: string): Promise<boolean> {
  return (
    (await db.selectFrom('orders').select('id').where('payment_id', '=', paymentId).executeTakeFirst()) !== undefined
  );
}
