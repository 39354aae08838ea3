import type { ContactFields } from '../../contract/schemas/contact';
import type { Db } from '../db';
import { insertContactMessage, markMailed } from '../repositories/contact-messages';
import { inBackground } from './background';
import type { Mailer } from './mail/mailer';
import { contactMessage } from './mail/messages';

/**
 * Keeps a Contact Us message, then e-mails it to customer care; answers its id. Stored first, so
 * a mail server that is down loses nothing (mailed_at stays empty); the mail is not awaited, so
 * the shopper does not wait for it (a stopping process does, before it closes the database).
 */
export async function submitContactMessage(
  db: Db,
  mailer: Mailer,
  input: ContactFields,
  now: () => number,
): Promise<number> {
  const id = await insertContactMessage(db, { ...input, createdAt: new Date(now()).toISOString() });
  inBackground(
    mailer
      .send(contactMessage({ id, ...input }))
      .then(() => markMailed(db, id, new Date(now()).toISOString()))
      .catch((error: unknown) => console.error(`Could not e-mail contact message #${id}: ${String(error)}`)),
  );
  return id;
}
