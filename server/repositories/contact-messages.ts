import type { Db } from '../db';

/** Messages sent through the Contact Us form, kept whether or not the mail went out. */

/** Stores a message; answers its id. */
export async function insertContactMessage(
  db: Db,
  message: { name: string; email: string; phone: string; message: string; createdAt: string },
): Promise<number> {
  const row = await db
    .insertInto('contact_messages')
    .values({
      name: message.name,
      email: message.email,
      phone: message.phone,
      message: message.message,
      created_at: message.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Notes when a message was mailed to customer care. */
export async function markMailed(db: Db, id: number, mailedAt: string): Promise<void> {
  await db.updateTable('contact_messages').set({ mailed_at: mailedAt }).where('id', '=', id).execute();
}
