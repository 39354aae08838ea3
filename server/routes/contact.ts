import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { StoredMessageAnswerSchema } from '../../contract/api/messages';
import { CONTACT_THANKS, contactSchema, type ContactFields } from '../../contract/schemas/contact';
import { ApiRoutes, errors, readByHandler, json } from '../http/api-routes';
import { clientAddress, throttleKey } from '../http/client-address';
import { ApiError, tooManyRequests } from '../http/errors';
import { isFormRequest, isJsonRequest, parseValue, readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { submitContactMessage } from '../services/contact';
import { consumeAll } from '../services/rate-limit';

/** Where a plain HTML form post (sent before the page's script was ready) is sent back to. */
const PAGE = '/contactus/';

/** The fields of a JSON body, or of a plain form post (files ignored). */
async function readContactBody(c: Context): Promise<unknown> {
  if (isJsonRequest(c)) return readJson(c);
  if (!isFormRequest(c)) throw new ApiError(415, 'Send the message as JSON or as a form.');
  try {
    const form = await c.req.parseBody();
    return Object.fromEntries(Object.entries(form).filter(([, v]) => typeof v === 'string'));
  } catch {
    throw new ApiError(400, 'The form data could not be read.');
  }
}

/**
 * The Contact Us form: validated, throttled per client address and per e-mail, stored, then
 * e-mailed to customer care through the shop's mailer (the outbox or SMTP).
 */
export function contactRoutes(accounts: Accounts): ApiRoutes {
  const { db, throttles } = accounts;
  const app = new ApiRoutes();

  const send = createRoute({
    method: 'post',
    path: '/contact',
    tags: ['Contact'],
    summary: 'Send a message to customer care',
    description:
      'JSON is answered with JSON. A plain HTML form post (sent before the page\u2019s script ran) is ' +
      'answered 303 back to the Contact Us page, `?contact=sent|invalid|busy` in its address.',
    // Read by readContactBody: a plain form post is answered differently from JSON.
    request: {
      body: readByHandler({
        'application/json': { schema: contactSchema },
        'application/x-www-form-urlencoded': { schema: contactSchema },
      }),
    },
    responses: {
      201: json(StoredMessageAnswerSchema, 'The message was stored and is being e-mailed.'),
      303: { description: 'A plain form post: back to the Contact Us page.' },
      ...errors(400, 413, 415, 429),
    },
  });
  app.openapi(send, async (c) => {
    // A plain form post is answered with the page again (303), the outcome in its address.
    const plainForm = !isJsonRequest(c);
    const back = (outcome: 'sent' | 'invalid' | 'busy') => c.redirect(`${PAGE}?contact=${outcome}#contact-form`, 303);
    let input: ContactFields;
    try {
      input = parseValue(contactSchema, await readContactBody(c));
    } catch (error) {
      if (plainForm && error instanceof ApiError && error.status === 400) return back('invalid');
      throw error;
    }
    const wait = await consumeAll([
      [throttles.contactMessagesPerAddress, throttleKey(clientAddress(c, accounts.trustProxy))],
      [throttles.contactMessagesPerEmail, input.email],
    ]);
    if (wait) {
      if (plainForm) return back('busy');
      throw tooManyRequests(wait);
    }
    const id = await submitContactMessage(db, accounts.mailer, input, accounts.now);
    if (plainForm) return back('sent');
    return c.json({ message: CONTACT_THANKS, id }, 201);
  });

  return app;
}
