/**
 * The shop's replies to reviews: PUT and DELETE /api/admin/reviews/{id}/reply, for staff who
 * moderate reviews (owner, manager; support is refused and the refusal logged), each change in
 * the audit log, the reply in the public review list as text; bad input refused with the field's
 * message and nothing changed.
 */
import { describe, expect, test } from 'vitest';
import { ModeratedReviewSchema } from '../../contract/api/admin-reviews';
import type { Review } from '../../contract/api/buying';
import { MAX_REPLY_LENGTH, REPLY_REQUIRED, REPLY_TOO_LONG } from '../../contract/schemas/admin-reviews';
import { NOT_ALLOWED } from '../../contract/schemas/common';
import { ROLE_CANNOT, STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { NO_REPLY, REVIEW_NOT_FOUND } from '../../server/services/staff/review-moderation';
import { appPerFile, buyDelivered, makeTestApp, newUser } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

const t = appPerFile(() => makeTestApp(20));
const staff = teamOnce(t);
const variants = stockedOnce(t, 2, 6);

/** A new shopper buys the file's first variant and reviews it; answers the review's id and product. */
async function reviewed(text = 'The lid fits well'): Promise<{ id: number; product: number }> {
  const [v] = await variants();
  const shopper = await newUser(t);
  await buyDelivered(t, shopper.token, [v!.id]);
  const res = await t.call('POST', '/api/common/ratings/', {
    token: shopper.token,
    json: { variant: v!.id, rating: 4, review: text },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: (res.body as { id: number }).id, product: v!.product_id };
}

const put = (token: string, id: number | string, json: unknown) =>
  t.call('PUT', `/api/admin/reviews/${id}/reply`, { token, json });
const remove = (token: string, id: number | string) => t.call('DELETE', `/api/admin/reviews/${id}/reply`, { token });

/** The review as the product page's Review tab reads it. */
async function publicReview(id: number, product: number): Promise<Review | undefined> {
  const res = await t.get(`/api/common/ratings/?product=${product}`);
  expect(res.status).toBe(200);
  return (res.body as Review[]).find((r) => r.id === id);
}

const stored = (id: number) =>
  t.db
    .selectFrom('ratings')
    .select(['reply', 'replied_at', 'replied_by'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

const auditRows = () => t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();

describe('who may reply', () => {
  const CALLS: [string, (token: string, id: number) => Promise<{ status: number; body: unknown }>, string][] = [
    ['PUT', (token, id) => put(token, id, { reply: 'Thank you for shopping with us.' }), 'PUT'],
    [
      'DELETE',
      async (token, id) => {
        const { owner } = await staff();
        expect((await put(owner.token, id, { reply: 'To be removed' })).status).toBe(200);
        return remove(token, id);
      },
      'DELETE',
    ],
  ];
  const STATUS: Record<StaffRole, number> = { owner: 200, manager: 200, support: 403 };

  test.each(STAFF_ROLES.flatMap((role) => CALLS.map(([name, call, method]) => [role, name, call, method] as const)))(
    '%s → %s /api/admin/reviews/{id}/reply',
    async (role, _name, call, method) => {
      const member = (await staff())[role];
      const { id } = await reviewed();
      const before = await stored(id);
      const res = await call(member.token, id);
      expect(res.status, JSON.stringify(res.body)).toBe(STATUS[role]);
      if (STATUS[role] === 403) {
        expect(res.body).toEqual({ message: ROLE_CANNOT });
        const [denial] = await auditRows();
        expect(denial).toMatchObject({
          outcome: 'denied',
          action: 'reviews.moderate',
          entity: 'route',
          entity_id: `${method} /api/admin/reviews/${id}/reply`,
          staff_id: member.id,
        });
        // Support's refusal changed nothing (the reply set up for DELETE is still there).
        expect((await stored(id)).reply).toBe(method === 'DELETE' ? 'To be removed' : before.reply);
      }
    },
  );

  test('a shopper’s token, or none, is refused (401) and nothing is written', async () => {
    const { id } = await reviewed();
    const shopper = await newUser(t);
    expect((await put(shopper.token, id, { reply: 'Hello' })).status).toBe(401);
    expect((await t.call('PUT', `/api/admin/reviews/${id}/reply`, { json: { reply: 'Hello' } })).status).toBe(401);
    expect((await remove(shopper.token, id)).status).toBe(401);
    expect((await stored(id)).reply).toBeNull();
  });
});

describe('writing, editing and removing a reply', () => {
  test('each change is answered, shown to shoppers as text with its date, and logged', async () => {
    const { manager, owner } = await staff();
    const { id, product } = await reviewed();
    expect((await publicReview(id, product))?.reply).toBeNull();

    const text = 'Thank you, Asha!\nWe are glad the <b>lid</b> fits — "enjoy".';
    const written = await put(manager.token, id, { reply: `  ${text}\r\n` });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
    const answer = ModeratedReviewSchema.parse(written.body);
    expect(answer.reply).toEqual({
      text,
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      by: { id: manager.id, name: 'Test manager', email: manager.email },
    });
    // As stored, as written: the page renders it as text, so markup stays words.
    expect((await publicReview(id, product))?.reply).toEqual({ text, at: answer.reply?.at });
    const [logged] = await auditRows();
    expect(logged).toMatchObject({
      action: 'review.reply',
      entity: 'review',
      entity_id: String(id),
      staff_id: manager.id,
      outcome: 'done',
    });
    expect(logged?.before).toBeNull();
    expect(JSON.parse(logged?.after ?? '{}')).toEqual({ reply: text });

    // The moderators' list carries it too.
    const listed = await t.call('GET', `/api/admin/reviews?product=${product}`, { token: owner.token });
    expect(
      (listed.body as { results: { id: number; reply: unknown }[] }).results.find((r) => r.id === id)?.reply,
    ).toEqual(answer.reply);

    t.clock.advance(60_000);
    const edited = await put(owner.token, id, { reply: 'Thank you for the kind words.' });
    expect(edited.status).toBe(200);
    const editedReply = ModeratedReviewSchema.parse(edited.body).reply;
    expect(editedReply).toMatchObject({ text: 'Thank you for the kind words.', by: { id: owner.id } });
    expect(Date.parse(editedReply?.at ?? '')).toBeGreaterThan(Date.parse(answer.reply?.at ?? ''));
    expect((await publicReview(id, product))?.reply?.text).toBe('Thank you for the kind words.');
    const [editLog] = await auditRows();
    expect(editLog).toMatchObject({ action: 'review.reply_edit', entity_id: String(id), staff_id: owner.id });
    expect(JSON.parse(editLog?.before ?? '{}')).toEqual({ reply: text });
    expect(JSON.parse(editLog?.after ?? '{}')).toEqual({ reply: 'Thank you for the kind words.' });

    // The same words again change nothing and log nothing.
    const entries = (await auditRows()).length;
    expect((await put(owner.token, id, { reply: 'Thank you for the kind words.' })).status).toBe(200);
    expect(await auditRows()).toHaveLength(entries);

    const removed = await remove(manager.token, id);
    expect(removed.status).toBe(200);
    expect(ModeratedReviewSchema.parse(removed.body).reply).toBeNull();
    expect((await publicReview(id, product))?.reply).toBeNull();
    expect(await stored(id)).toEqual({ reply: null, replied_at: null, replied_by: null });
    const [removeLog] = await auditRows();
    expect(removeLog).toMatchObject({ action: 'review.reply_delete', entity_id: String(id), staff_id: manager.id });
    expect(JSON.parse(removeLog?.before ?? '{}')).toEqual({ reply: 'Thank you for the kind words.' });
    expect(removeLog?.after).toBeNull();

    // Nothing left to remove: 409 with why, nothing logged.
    const again = await remove(manager.token, id);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: NO_REPLY });
    expect(await auditRows()).toHaveLength(entries + 1);
  });

  test('a reply to a hidden review stays off the shop until the review is shown again', async () => {
    const { owner } = await staff();
    const { id, product } = await reviewed('Arrived late');
    expect(
      (await t.call('POST', `/api/admin/reviews/${id}/hide`, { token: owner.token, json: { reason: 'Spam' } })).status,
    ).toBe(200);
    expect((await put(owner.token, id, { reply: 'Sorry for the delay.' })).status).toBe(200);
    expect(await publicReview(id, product)).toBeUndefined();
    expect((await t.call('POST', `/api/admin/reviews/${id}/unhide`, { token: owner.token })).status).toBe(200);
    expect((await publicReview(id, product))?.reply?.text).toBe('Sorry for the delay.');
  });
});

describe('bad input is refused with the field’s message, and changes nothing', () => {
  test.each<[string, unknown, string]>([
    ['no reply', {}, REPLY_REQUIRED],
    ['an empty reply', { reply: '' }, REPLY_REQUIRED],
    ['only spaces and line breaks', { reply: '  \n\t ' }, REPLY_REQUIRED],
    ['only invisible characters', { reply: '\u200b\u200b' }, REPLY_REQUIRED],
    ['a reply that is no text', { reply: 42 }, REPLY_REQUIRED],
    ['a list', { reply: ['Thanks'] }, REPLY_REQUIRED],
    ['a reply too long', { reply: 'x'.repeat(MAX_REPLY_LENGTH + 1) }, REPLY_TOO_LONG],
    ['a text-direction control', { reply: 'Thanks \u202e' }, NOT_ALLOWED],
    ['a control character', { reply: 'Thanks\u0007' }, NOT_ALLOWED],
  ])('%s → 400', async (_label, body, message) => {
    const { owner } = await staff();
    const { id } = await reviewed();
    expect((await put(owner.token, id, { reply: 'Kept as it was' })).status).toBe(200);
    const entries = (await auditRows()).length;
    const res = await put(owner.token, id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((res.body as { errors: { reply: string[] } }).errors.reply).toContain(message);
    expect((await stored(id)).reply).toBe('Kept as it was');
    expect(await auditRows()).toHaveLength(entries);
  });

  test('the longest reply allowed is taken whole', async () => {
    const { owner } = await staff();
    const { id } = await reviewed();
    const longest = 'y'.repeat(MAX_REPLY_LENGTH);
    expect((await put(owner.token, id, { reply: longest })).status).toBe(200);
    expect((await stored(id)).reply).toBe(longest);
  });

  test('a body that is not JSON → 4xx with a message', async () => {
    const { owner } = await staff();
    const { id } = await reviewed();
    const broken = await t.call('PUT', `/api/admin/reviews/${id}/reply`, {
      token: owner.token,
      body: '{"reply": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((broken.body as { message: string }).message.length).toBeGreaterThan(0);
    const form = await t.call('PUT', `/api/admin/reviews/${id}/reply`, {
      token: owner.token,
      body: 'reply=Thanks',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect((form.body as { message: string }).message.length).toBeGreaterThan(0);
    expect((await stored(id)).reply).toBeNull();
  });

  test.each([
    ['PUT', '/api/admin/reviews/999999/reply'],
    ['DELETE', '/api/admin/reviews/999999/reply'],
    ['PUT', '/api/admin/reviews/0/reply'],
    ['DELETE', '/api/admin/reviews/x/reply'],
  ])('%s %s → 404', async (method, path) => {
    const { owner } = await staff();
    const res = await t.call(method, path, { token: owner.token, json: { reply: 'Thanks' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: REVIEW_NOT_FOUND });
  });
});
