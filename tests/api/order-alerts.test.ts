import { describe, expect, test } from 'vitest';
import { indiaDay } from '../../contract/format';
import { ALERT_CHOICE_INVALID } from '../../contract/schemas/admin-orders';
import { OutboxMailer } from '../../server/services/mail/outbox';
import { ALERT_EVERY_MS, createStaffAlerts, SUMMARY_HOUR } from '../../server/services/staff/order-alerts';
import { appPerFile, buy, makeTestApp, newUser, outbox } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

/**
 * The shop hears of its orders: staff who opt in get one e-mail of the new orders at most every
 * ten minutes (every order since the last), and a summary of the day before each morning; a fleet
 * of processes sends each once.
 */
const t = appPerFile(() => makeTestApp(20));
const staff = teamOnce(t);
const variants = stockedOnce(t, 3, 2);

const mailer = () => new OutboxMailer(t.outboxDir, 'GharBazaar <no-reply@gharbazaar.in>', t.clock.now);
const alerts = () =>
  createStaffAlerts(t.db, mailer(), t.clock.now, { siteUrl: 'https://shop.example.in', log: () => {} });

/** The messages to `email` so far, oldest first: subject and text as a mail client shows them. */
async function mailsTo(email: string): Promise<{ subject: string; text: string }[]> {
  const { simpleParser } = await import('mailparser');
  const mails = outbox(t.outboxDir).filter((m) => m.headers.to === email);
  return Promise.all(
    mails.map(async (m) => {
      const parsed = await simpleParser(m.raw);
      return { subject: parsed.subject ?? '', text: parsed.text ?? '' };
    }),
  );
}

async function choose(token: string, json: unknown) {
  return t.call('PUT', '/api/admin/me/alerts', { token, json });
}

async function codOrder(token: string, index: number): Promise<number> {
  const v = (await variants())[index];
  const res = await t.call('POST', '/api/common/create_order/', {
    token,
    json: {
      products: [{ variant_id: v!.id, quantity: 2 }],
      payment_method: 'cod',
      address: 'Asha Verma, 9876543210, MG Road, Bengaluru, Karnataka, 560034',
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return (res.body as { id: number }).id;
}

describe('choosing the e-mails', () => {
  test('each staff member chooses their own; bad choices are refused and change nothing; the choice is audited', async () => {
    const { support } = await staff();
    expect((await t.call('GET', '/api/admin/me/alerts', { token: support.token })).body).toEqual({
      new_orders: false,
      daily_summary: false,
    });
    for (const bad of [
      { new_orders: 'yes', daily_summary: false },
      { new_orders: true },
      { new_orders: true, daily_summary: false, x: 1 },
    ]) {
      const res = await choose(support.token, bad);
      expect(res.status).toBe(400);
    }
    expect(JSON.stringify((await choose(support.token, { new_orders: 1, daily_summary: false })).body)).toContain(
      ALERT_CHOICE_INVALID,
    );
    expect((await t.call('GET', '/api/admin/me/alerts', { token: support.token })).body).toEqual({
      new_orders: false,
      daily_summary: false,
    });
    const set = await choose(support.token, { new_orders: true, daily_summary: false });
    expect(set.body).toEqual({ new_orders: true, daily_summary: false });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('entity', '=', 'staff')
      .where('entity_id', '=', String(support.id))
      .where('action', '=', 'staff.alerts')
      .execute();
    expect(audit).toEqual([
      { action: 'staff.alerts', after: JSON.stringify({ new_orders: true, daily_summary: false }) },
    ]);
    expect((await choose(support.token, { new_orders: false, daily_summary: false })).status).toBe(200);
  });
});

describe('the new-order e-mail', () => {
  test('lists the orders since the last, at most every ten minutes, only to those who asked; unpaid orders wait', async () => {
    const { owner, manager } = await staff();
    expect((await choose(owner.token, { new_orders: true, daily_summary: false })).status).toBe(200);
    expect((await choose(manager.token, { new_orders: false, daily_summary: true })).status).toBe(200);
    const shop = alerts();
    // The first look starts after the orders there are: nothing of the past is sent.
    await shop.dispatch();
    const before = (await mailsTo(owner.email)).length;

    const shopper = await newUser(t);
    const [first] = await variants();
    const paid = (await buy(t, shopper.token, [first!.id])).id;
    const cod = await codOrder(shopper.token, 1);
    const unpaid = (
      await t.call('POST', '/api/common/create_order/', {
        token: shopper.token,
        json: {
          products: [{ variant_id: (await variants())[2]!.id }],
          address: 'Asha Verma, 9876543210, MG Road, Bengaluru, Karnataka, 560034',
        },
      })
    ).body as { id: number };

    expect(await shop.dispatch()).toMatchObject({ newOrders: 1 });
    const mails = (await mailsTo(owner.email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^2 new orders at GharBazaar: ₹/);
    expect(mails[0]!.text).toContain(`#${paid} `);
    expect(mails[0]!.text).toContain(`#${cod} `);
    expect(mails[0]!.text).toContain('cash on delivery');
    expect(mails[0]!.text).not.toContain(`#${unpaid.id} `);
    expect(mails[0]!.text).toContain('https://shop.example.in/admin/packing');
    expect((await mailsTo(manager.email)).filter((m) => /new order/.test(m.subject))).toHaveLength(0);

    // Another order within ten minutes waits for the next e-mail.
    const third = await codOrder(shopper.token, 2);
    expect(await shop.dispatch()).toMatchObject({ newOrders: 0 });
    t.clock.advance(ALERT_EVERY_MS);
    expect(await shop.dispatch()).toMatchObject({ newOrders: 1 });
    const next = (await mailsTo(owner.email)).slice(before + 1);
    expect(next).toHaveLength(1);
    expect(next[0]!.subject).toMatch(/^A new order at GharBazaar/);
    expect(next[0]!.text).toContain(`#${third} `);
    expect(next[0]!.text).not.toContain(`#${paid} `);
  });

  test('two processes sweeping at once send the batch once', async () => {
    const { owner } = await staff();
    expect((await choose(owner.token, { new_orders: true, daily_summary: false })).status).toBe(200);
    const [one, two] = [alerts(), alerts()];
    await one.dispatch();
    t.clock.advance(ALERT_EVERY_MS);
    const before = (await mailsTo(owner.email)).length;
    const shopper = await newUser(t);
    await codOrder(shopper.token, 0);
    const [a, b] = await Promise.all([one.dispatch(), two.dispatch()]);
    expect(a.newOrders + b.newOrders).toBe(1);
    expect((await mailsTo(owner.email)).length - before).toBe(1);
  });
});

describe('the morning summary', () => {
  test('goes once, from 08:00 IST, with the day before’s orders and what waits', async () => {
    const { manager } = await staff();
    expect((await choose(manager.token, { new_orders: false, daily_summary: true })).status).toBe(200);
    // The test owns its time of day: from the next noon in India, whatever the hour it runs at (a run
    // after 08:00 IST would otherwise meet the day's summary already sent), with an order of its own.
    const noon = Date.parse(`${indiaDay(t.clock.now())}T12:00:00+05:30`);
    t.clock.advance((noon > t.clock.now() ? noon : noon + 24 * 3600_000) - t.clock.now());
    await alerts().dispatch();
    const summariesBefore = (await mailsTo(manager.email)).filter((m) => m.subject.includes(' on ')).length;
    await codOrder((await newUser(t)).token, 0);
    const today = indiaDay(t.clock.now());
    const tomorrow = Date.parse(`${today}T00:00:00+05:30`) + 24 * 3600_000;
    const confirmedToday = await t.db
      .selectFrom('order_events')
      .select((eb) => eb.fn.count<number>('order_id').distinct().as('n'))
      .where('to_state', 'in', ['paid', 'placed'])
      .where('at', '>=', new Date(tomorrow - 24 * 3600_000).toISOString())
      .where('at', '<', new Date(tomorrow).toISOString())
      .executeTakeFirstOrThrow();
    expect(Number(confirmedToday.n)).toBeGreaterThanOrEqual(1);

    // Tomorrow at 07:59 IST: too early. Then 08:00: today's summary goes, once.
    t.clock.advance(tomorrow + (SUMMARY_HOUR * 60 - 1) * 60_000 - t.clock.now());
    const shop = alerts();
    expect(await shop.dispatch()).toMatchObject({ summaries: 0 });
    t.clock.advance(60_000);
    const [first, second] = await Promise.all([shop.dispatch(), alerts().dispatch()]);
    expect(first.summaries + second.summaries).toBe(1);
    const summary = (await mailsTo(manager.email)).filter((m) => m.subject.includes(' on ')).slice(summariesBefore);
    expect(summary).toHaveLength(1);
    expect(summary[0]!.text).toContain(`Orders confirmed: ${Number(confirmedToday.n)} (`);
    expect(summary[0]!.text).toContain('To pack:');
    expect(summary[0]!.text).toContain('https://shop.example.in/admin');
    expect(await shop.dispatch()).toMatchObject({ summaries: 0 });
  });
});
