import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { makeTestApp, outbox, waitForMail, type TestApp } from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';
import { backgroundSettled } from '../../server/services/background';

let t: TestApp;
/** A second shop with the production throttles, trusting one proxy so tests pick their address. */
let limited: TestApp;

beforeAll(async () => {
  t = await makeTestApp(1);
  limited = await makeTestApp(1, { trustProxy: true, accounts: { limits: {} } });
});

afterAll(async () => {
  // Closing removes the shop's folder: mail still on its way would find no outbox.
  await backgroundSettled();
  await t.close();
  await limited.close();
});

const CARE = 'care@gharbazaar.in';
const THANKS = 'Thanks! Your message was sent. We reply within 24 hours.';

let serial = 0;
const message = (extra: Record<string, unknown> = {}) => {
  serial += 1;
  return {
    name: 'Asha Verma',
    email: `asha-${serial}@example.in`,
    phone: '9876543210',
    message: `My order #${serial} has not arrived yet.\nCould you check?`,
    ...extra,
  };
};
const send = (app: TestApp, json: unknown, headers?: Record<string, string>) =>
  app.call('POST', '/api/common/contact', { json, headers });
const stored = (app: TestApp) => app.db.selectFrom('contact_messages').selectAll().orderBy('id').execute();

describe('POST common/contact', () => {
  test('a message is stored and e-mailed to customer care through the outbox', async () => {
    const fields = message();
    const res = await send(t, fields);
    expect(res.status).toBe(201);
    const { id } = res.body as { id: number };
    expect(res.body).toEqual({ message: THANKS, id });
    const row = (await stored(t)).find((r) => r.id === id);
    expect(row).toMatchObject({ name: fields.name, email: fields.email, phone: fields.phone, message: fields.message });
    const mail = await waitForMail(t.outboxDir, CARE);
    expect(mail.headers.subject).toBe(`Contact Us #${id} from Asha Verma`);
    expect(mail.body).toContain(`E-mail: ${fields.email}`);
    expect(mail.body).toContain('Phone: 9876543210');
    expect(mail.body).toContain('My order');
    expect(mail.body).toContain('Could you check?');
    // Marked as handed to the mailer.
    await expect.poll(async () => (await stored(t)).find((r) => r.id === id)?.mailed_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test('the phone is optional', async () => {
    expect((await send(t, message({ phone: '' }))).status).toBe(201);
    expect((await send(t, message({ phone: undefined }))).status).toBe(201);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['no name', { name: '' }, 'name', 'Name is required.'],
    ['a name of zero-width spaces', { name: '\u200b\u200b' }, 'name', 'Name is required.'],
    ['a bad e-mail', { email: 'asha@example' }, 'email', 'Enter a valid email address.'],
    ['a 9-digit phone', { phone: '987654321' }, 'phone', 'Phone number must be exactly 10 digits.'],
    ['letters in the phone', { phone: '98765abcde' }, 'phone', 'Phone number must be exactly 10 digits.'],
    ['a 9-character message', { message: 'Too short' }, 'message', 'Message must be at least 10 characters.'],
    ['2,001 characters', { message: 'x'.repeat(2001) }, 'message', 'Message must be at most 2,000 characters.'],
    [
      'a bidi override',
      { message: 'Refund to \u202eevil account' },
      'message',
      'Contains characters that are not allowed.',
    ],
    ['a message that is not text', { message: 42 }, 'message', 'Message is required.'],
  ])('%s → 400; nothing stored or sent', async (_, change, field, text) => {
    // Mail of earlier tests is written in the background: let it land before counting.
    await backgroundSettled();
    const before = (await stored(t)).length;
    const mails = outbox(t.outboxDir).length;
    const res = await send(t, message(change));
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.[field]).toEqual([text]);
    expect(await stored(t)).toHaveLength(before);
    await backgroundSettled();
    expect(outbox(t.outboxDir)).toHaveLength(mails);
  });

  test('exactly 2,000 characters are accepted', async () => {
    expect((await send(t, message({ message: 'x'.repeat(2000) }))).status).toBe(201);
  });

  test('a body that is neither JSON nor a form → 415', async () => {
    const res = await t.call('POST', '/api/common/contact', {
      body: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });

  test('a plain HTML form post (before the page script is ready) is stored and answered with the page again', async () => {
    const fields = message();
    const form = new URLSearchParams({ name: fields.name, email: fields.email, phone: '', message: fields.message });
    const res = await t.call('POST', '/api/common/contact', {
      body: form.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/contactus/?contact=sent#contact-form');
    expect((await stored(t)).some((r) => r.email === fields.email)).toBe(true);

    const bad = await t.call('POST', '/api/common/contact', {
      body: new URLSearchParams({ name: 'A', email: 'a@b.in', message: 'short' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(bad.status).toBe(303);
    expect(bad.headers.get('location')).toBe('/contactus/?contact=invalid#contact-form');
  });
});

describe('contact throttling', () => {
  let address = 0;
  const from = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

  test('5 messages an hour from one address, then 429 with Retry-After; other addresses unaffected', async () => {
    const here = from();
    for (let i = 0; i < 5; i++) expect((await send(limited, message(), here)).status).toBe(201);
    const refused = await send(limited, message(), here);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(3600);
    expect((await send(limited, message(), from())).status).toBe(201);
  });

  test('10 messages a day from one e-mail, whatever the addresses', async () => {
    const email = 'chatty@example.in';
    for (let i = 0; i < 10; i++) expect((await send(limited, message({ email }), from())).status).toBe(201);
    expect((await send(limited, message({ email }), from())).status).toBe(429);
    expect((await send(limited, message(), from())).status).toBe(201);
  });

  test('refused messages are not stored', async () => {
    const here = from();
    for (let i = 0; i < 5; i++) await send(limited, message(), here);
    const before = (await stored(limited)).length;
    expect((await send(limited, message(), here)).status).toBe(429);
    expect(await stored(limited)).toHaveLength(before);
  });
});
