import { describe, expect, test } from 'vitest';
import { ModeratedReviewPageSchema, ModeratedReviewSchema } from '../../contract/api/admin-reviews';
import { HIDE_REASON_REQUIRED, RATING_FILTER_INVALID, VISIBILITY_UNKNOWN } from '../../contract/schemas/admin-reviews';
import { NOT_ALLOWED } from '../../contract/schemas/common';
import { ROLE_CANNOT, STAFF_ROLES, type StaffRole } from '../../contract/staff';
import { ALREADY_HIDDEN, NOT_HIDDEN, REVIEW_NOT_FOUND } from '../../server/services/staff/review-moderation';
import { appPerFile, buyDelivered, makeTestApp, newUser, restock, type TestVariant } from './helpers';
import { stockedOnce, teamOnce } from './staff-helpers';

const t = appPerFile(() => makeTestApp(20));

/** One signed-in member of each role, made once for the file. */
const staff = teamOnce(t);

const variants = stockedOnce(t, 4, 3);

interface PublicReview {
  id: number;
  review: string;
}

/** A new shopper buys `variant` and reviews it; answers the shopper and the review's id. */
async function reviewed(variant: TestVariant, rating: number, review: string) {
  const shopper = await newUser(t);
  await buyDelivered(t, shopper.token, [variant.id]);
  const res = await t.call('POST', '/api/common/ratings/', {
    token: shopper.token,
    json: { variant: variant.id, rating, review },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { shopper, id: (res.body as { id: number }).id };
}

function hide(token: string, id: number, json: unknown) {
  return t.call('POST', `/api/admin/reviews/${id}/hide`, { token, json });
}
function unhide(token: string, id: number) {
  return t.call('POST', `/api/admin/reviews/${id}/unhide`, { token });
}

/** The variant's average and count on its public product page. */
async function publicRating(variant: TestVariant) {
  const res = await t.get(`/api/common/products/${variant.product_id}/`);
  expect(res.status).toBe(200);
  const found = (
    res.body as { variants: { id: number; average_rating: number; rating_count: number }[] }
  ).variants.find((v) => v.id === variant.id);
  return { average: found?.average_rating, count: found?.rating_count };
}

async function publicIds(query: string): Promise<number[]> {
  const res = await t.get(`/api/common/ratings/?${query}`);
  expect(res.status).toBe(200);
  return (res.body as PublicReview[]).map((r) => r.id);
}

function auditRows() {
  return t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();
}

describe('each role against each reviews call', () => {
  /** Each call, what it needs made first (its path and body), and the status each role gets. */
  const CALLS: [string, () => Promise<[string, unknown]>, Record<StaffRole, number>][] = [
    [
      'GET /api/admin/reviews',
      async () => ['/api/admin/reviews', undefined],
      { owner: 200, manager: 200, support: 403 },
    ],
    [
      'POST /api/admin/reviews/{id}/hide',
      async () => {
        const { id } = await reviewed((await variants())[0]!, 2, 'Arrived dented');
        return [`/api/admin/reviews/${id}/hide`, { reason: 'Shares a phone number' }];
      },
      { owner: 200, manager: 200, support: 403 },
    ],
    [
      'POST /api/admin/reviews/{id}/unhide',
      async () => {
        const { owner } = await staff();
        const { id } = await reviewed((await variants())[0]!, 3, 'Fine');
        expect((await hide(owner.token, id, { reason: 'Checking' })).status).toBe(200);
        return [`/api/admin/reviews/${id}/unhide`, undefined];
      },
      { owner: 200, manager: 200, support: 403 },
    ],
  ];

  test.each(
    STAFF_ROLES.flatMap((role) => CALLS.map(([call, make, statuses]) => [role, call, statuses[role], make] as const)),
  )('%s → %s: %i', async (role, call, status, make) => {
    const member = (await staff())[role];
    const method = call.split(' ')[0] ?? '';
    const [path, json] = await make();
    const res = await t.call(method, path, { token: member.token, json });
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (status === 403) {
      expect(res.body).toEqual({ message: ROLE_CANNOT });
      const [denial] = await auditRows();
      expect(denial).toMatchObject({
        outcome: 'denied',
        action: 'reviews.moderate',
        entity: 'route',
        entity_id: `${method} ${path}`,
        staff_id: member.id,
      });
    }
  });

  test.each(CALLS.map(([call, make]) => [call, make] as const))(
    'a shopper’s token is refused by %s (401), and so is no token',
    async (call, make) => {
      const shopper = await newUser(t);
      const method = call.split(' ')[0] ?? '';
      const [path, json] = await make();
      expect((await t.call(method, path, { token: shopper.token, json })).status).toBe(401);
      expect((await t.call(method, path, { json })).status).toBe(401);
    },
  );
});

describe('hiding a review takes it off the shop; showing it again brings it back', () => {
  test('the public average, count and lists leave it out while hidden; the log and the site changes record both', async () => {
    const { manager, owner } = await staff();
    const [, v] = await variants();
    const before = await publicRating(v!);
    const { shopper, id } = await reviewed(v!, 1, 'Call me on 98xxxxxx10 for a cheaper one');
    const withIt = await publicRating(v!);
    expect(withIt.count).toBe((before.count ?? 0) + 1);
    expect(await publicIds(`product=${v!.product_id}`)).toContain(id);
    // The public answers are cached: hiding must empty the cache, not wait for it to expire.
    expect(await publicIds(`user=${shopper.id}`)).toEqual([id]);

    const reason = 'Advertises another seller.';
    const siteChanges = (await t.db.selectFrom('site_changes').select('id').execute()).length;
    const res = await hide(manager.token, id, { reason: `  ${reason}  ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(ModeratedReviewSchema.parse(res.body)).toMatchObject({
      id,
      rating: 1,
      author: { id: shopper.id, first_name: shopper.first_name, last_name: shopper.last_name },
      variant: { id: v!.id },
      product: { id: v!.product_id },
      hidden: { reason, by: { id: manager.id, email: manager.email, name: 'Test manager' }, at: expect.any(String) },
    });
    expect(await publicRating(v!)).toEqual(before);
    expect(await publicIds(`product=${v!.product_id}`)).not.toContain(id);
    expect(await publicIds(`variant_id=${v!.id}`)).not.toContain(id);
    expect(await publicIds(`user=${shopper.id}`)).toEqual([]);

    const [hidden] = await auditRows();
    expect(hidden).toMatchObject({
      action: 'review.hide',
      entity: 'review',
      entity_id: String(id),
      staff_id: manager.id,
      note: reason,
    });
    expect(JSON.parse(hidden?.before ?? '{}')).toEqual({ hidden: false });
    expect(JSON.parse(hidden?.after ?? '{}')).toEqual({ hidden: true, reason });
    const changes = await t.db.selectFrom('site_changes').select('change').orderBy('id', 'desc').limit(1).execute();
    expect(JSON.parse(changes[0]?.change ?? '{}')).toEqual({ products: [v!.product_id] });

    const shown = await unhide(owner.token, id);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    expect((shown.body as { hidden: unknown }).hidden).toBeNull();
    expect(await publicRating(v!)).toEqual(withIt);
    expect(await publicIds(`product=${v!.product_id}`)).toContain(id);
    expect(await publicIds(`user=${shopper.id}`)).toEqual([id]);
    const [unhidden] = await auditRows();
    expect(unhidden).toMatchObject({ action: 'review.unhide', entity_id: String(id), staff_id: owner.id });
    expect(JSON.parse(unhidden?.before ?? '{}')).toEqual({ hidden: true, reason });
    expect(await t.db.selectFrom('site_changes').select('id').execute()).toHaveLength(siteChanges + 2);
  });

  test('its author cannot review the variant again while it is hidden, and is told why', async () => {
    const { owner } = await staff();
    const [, , v] = await variants();
    const { shopper, id } = await reviewed(v!, 5, 'Great');
    expect((await hide(owner.token, id, { reason: 'Copied from another site' })).status).toBe(200);
    const again = await t.call('POST', '/api/common/ratings/', {
      token: shopper.token,
      json: { variant: v!.id, rating: 5, review: 'Great, really' },
    });
    expect(again.status).toBe(409);
    expect((again.body as { message: string }).message).toMatch(/taken down by our moderators/);
  });

  test('hiding twice, or showing a shown review: 409, nothing logged', async () => {
    const { owner } = await staff();
    const [v] = await variants();
    const { id } = await reviewed(v!, 4, 'Sturdy');
    const before = (await auditRows()).length;
    const shown = await unhide(owner.token, id);
    expect(shown.status).toBe(409);
    expect(shown.body).toEqual({ message: NOT_HIDDEN });
    expect((await hide(owner.token, id, { reason: 'Spam' })).status).toBe(200);
    const twice = await hide(owner.token, id, { reason: 'Spam again' });
    expect(twice.status).toBe(409);
    expect(twice.body).toEqual({ message: ALREADY_HIDDEN });
    expect(await auditRows()).toHaveLength(before + 1);
  });
});

/**
 * The catalogue's last variant (no other test here buys it), restocked, with the demo's reviews
 * of its product removed: the list's filters then find exactly the reviews written below.
 */
async function unreviewedVariant(): Promise<TestVariant> {
  const v = await t.db
    .selectFrom('variants')
    .select(['id', 'product_id', 'price_paise', 'final_price_paise'])
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  await restock(t, [v.id]);
  const seeded = t.db.selectFrom('ratings').select('id').where('product_id', '=', v.product_id);
  await t.db.deleteFrom('rating_images').where('rating_id', 'in', seeded).execute();
  await t.db.deleteFrom('ratings').where('product_id', '=', v.product_id).execute();
  return v;
}

describe('the moderators’ list', () => {
  let fixture: Promise<{ product: number; ids: { five: number; two: number; hidden: number } }> | undefined;
  /** Three reviews of one variant: five stars, two stars, and a hidden one. */
  const reviews = () =>
    (fixture ??= (async () => {
      const { owner } = await staff();
      const v = await unreviewedVariant();
      const five = (await reviewed(v!, 5, 'Keeps the tea hot for hours')).id;
      const two = (await reviewed(v!, 2, 'The lid leaks_100% of the time')).id;
      const hidden = (await reviewed(v!, 1, 'Buy elsewhere')).id;
      expect((await hide(owner.token, hidden, { reason: 'Off-topic' })).status).toBe(200);
      return { product: v!.product_id, ids: { five, two, hidden } };
    })());

  async function list(query: string) {
    const { owner } = await staff();
    const res = await t.call('GET', `/api/admin/reviews?${query}`, { token: owner.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return ModeratedReviewPageSchema.parse(res.body);
  }

  test.each<[string, (p: number) => string, (ids: { five: number; two: number; hidden: number }) => number[]]>([
    ['product: newest first, hidden ones too', (p) => `product=${p}`, (i) => [i.hidden, i.two, i.five]],
    ['rating', (p) => `product=${p}&rating=2`, (i) => [i.two]],
    ['hidden', (p) => `product=${p}&status=hidden`, (i) => [i.hidden]],
    ['shown', (p) => `product=${p}&status=shown`, (i) => [i.two, i.five]],
    ['text', (p) => `product=${p}&q=TEA%20HOT`, (i) => [i.five]],
    ['text with LIKE’s own characters', (p) => `product=${p}&q=${encodeURIComponent('leaks_100%')}`, (i) => [i.two]],
    ['text that no review has', (p) => `product=${p}&q=${encodeURIComponent('%_')}`, () => []],
  ])('filtered by %s', async (_, query, expected) => {
    const { product, ids } = await reviews();
    const page = await list(query(product));
    expect(page.results.map((r) => r.id)).toEqual(expected(ids));
    expect(page.count).toBe(expected(ids).length);
  });

  test('each review names its product, variant and author; a hidden one says why and by whom', async () => {
    const { product, ids } = await reviews();
    const { owner } = await staff();
    const [hidden] = (await list(`product=${product}&status=hidden`)).results;
    expect(hidden).toMatchObject({
      id: ids.hidden,
      rating: 1,
      review: 'Buy elsewhere',
      images: [],
      product: { id: product, name: expect.any(String) },
      variant: { id: expect.any(Number), name: expect.any(String) },
      author: { first_name: 'Asha', last_name: 'Verma' },
      hidden: { reason: 'Off-topic', by: { id: owner.id } },
    });
  });

  test('pages: one review a page, three pages, none overlapping', async () => {
    const { product, ids } = await reviews();
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await list(`product=${product}&page_size=1&page=${page}`));
    expect(pages.map((p) => p.results.map((r) => r.id))).toEqual([[ids.hidden], [ids.two], [ids.five]]);
    expect(pages.every((p) => p.count === 3)).toBe(true);
  });
});

describe('bad input is refused with the field’s message, and changes nothing', () => {
  test.each<[string, string, string]>([
    ['rating=6', 'rating', RATING_FILTER_INVALID],
    ['rating=0', 'rating', RATING_FILTER_INVALID],
    ['status=deleted', 'status', VISIBILITY_UNKNOWN],
    ['product=abc', 'product', 'Must be a positive whole number (digits only).'],
    ['page_size=500', 'page_size', 'At most 100.'],
    [`q=${'x'.repeat(201)}`, 'q', 'At most 200 characters.'],
  ])('GET /reviews?%s → 400 on %s', async (query, field, message) => {
    const { owner } = await staff();
    const res = await t.call('GET', `/api/admin/reviews?${query}`, { token: owner.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message, errors: { [field]: [message] } });
  });

  test.each<[string, unknown, string]>([
    ['no reason', {}, HIDE_REASON_REQUIRED],
    ['an empty reason', { reason: '   ' }, HIDE_REASON_REQUIRED],
    ['a reason that is no text', { reason: 7 }, HIDE_REASON_REQUIRED],
    ['a reason too long', { reason: 'x'.repeat(501) }, 'At most 500 characters.'],
    ['a reason with a text-direction control', { reason: 'spam \u202e' }, NOT_ALLOWED],
  ])('hiding with %s → 400; the review stays shown', async (_, body, message) => {
    const { owner } = await staff();
    const [v] = await variants();
    const { id } = await reviewed(v!, 3, 'Decent');
    const before = (await auditRows()).length;
    const res = await hide(owner.token, id, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message });
    expect((res.body as { errors: { reason: string[] } }).errors.reason).toContain(message);
    const row = await t.db
      .selectFrom('ratings')
      .select(['hidden_at', 'hidden_reason'])
      .where('id', '=', id)
      .executeTakeFirst();
    expect(row).toEqual({ hidden_at: null, hidden_reason: null });
    expect(await auditRows()).toHaveLength(before);
  });

  test.each([
    ['POST', '/api/admin/reviews/999999/hide'],
    ['POST', '/api/admin/reviews/999999/unhide'],
    ['POST', '/api/admin/reviews/0/hide'],
    ['POST', '/api/admin/reviews/x/unhide'],
  ])('%s %s → 404', async (method, path) => {
    const { owner } = await staff();
    const res = await t.call(method, path, { token: owner.token, json: { reason: 'Spam' } });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: REVIEW_NOT_FOUND });
  });
});
