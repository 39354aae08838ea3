import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import type { Review } from '../../contract/api/buying';
import { itemAt } from '../lists';
import {
  buy,
  buyDelivered,
  deliver,
  filesBelow,
  staffOrdering,
  makeTestApp,
  newUser,
  placeOrder,
  someVariants,
  noisePng,
  appPerFile,
} from './helpers';

const t = appPerFile(() => makeTestApp(20));

const MISSING = { message: 'Missing Data: Please fill in all fields before submitting.' };
const NOT_DELIVERED = {
  detail: 'You can review a product once it has been delivered to you.',
  message: 'You can review a product once it has been delivered to you.',
};
const ALREADY = { detail: "You've already reviewed this product.", message: "You've already reviewed this product." };

type Picture = { bytes: Buffer; name?: string; type?: string };

function reviewForm(fields: Record<string, string | number>, pictures: Picture[] = []): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  for (const p of pictures) {
    form.append('images', new Blob([new Uint8Array(p.bytes)], { type: p.type ?? 'image/png' }), p.name ?? 'photo.png');
  }
  return form;
}

/** Moves an order as staff do (packed, shipped, cancelled). */
async function moveAsStaff(orderId: number, to: 'packed' | 'shipped' | 'cancelled') {
  await staffOrdering(t).staffMove(orderId, to, null);
}

const postReview = (token: string, form: FormData) => t.call('POST', '/api/common/ratings/', { token, form });
const png = (width = 40, height = 30) =>
  sharp({ create: { width, height, channels: 3, background: '#2a7' } })
    .png()
    .toBuffer();
const uploads = () => filesBelow(path.join(t.mediaDir, 'images')).sort();
const ratingsOf = (userId: number) => t.db.selectFrom('ratings').selectAll().where('user_id', '=', userId).execute();

/** A shopper who has bought one variant and had it delivered. */
async function buyer(offset: number) {
  const user = await newUser(t);
  const [v] = await someVariants(t, 1, offset);
  await buyDelivered(t, user.token, [v.id]);
  return { user, v };
}

describe('POST ratings', () => {
  test('needs a session', async () => {
    const res = await t.call('POST', '/api/common/ratings/', {
      form: reviewForm({ variant: 1, rating: 5, review: 'x' }),
    });
    expect(res.status).toBe(401);
  });

  test('a shopper who paid for a variant reviews it: 201 in the list’s shape, then listed first', async () => {
    const { user, v } = await buyer(0);
    const other = await newUser(t);
    // `user` in the form is ignored: the session decides whose review it is.
    const text = 'Good <b>quality</b> & fast delivery — "worth it"';
    const res = await postReview(user.token, reviewForm({ variant: v.id, user: other.id, rating: 4, review: text }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const product = (await t.get(`/api/common/products/${v.product_id}/`)).body as { name: string };
    expect(res.body).toEqual({
      id: expect.any(Number),
      variant: v.id,
      variant_id: v.id,
      product: v.product_id,
      user: user.id,
      rating: 4,
      review: text,
      images: [],
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      user_first_name: user.first_name,
      user_last_name: user.last_name,
      product_name: product.name,
      verified_purchase: true,
      reply: null,
    });
    const listed = (await t.get(`/api/common/ratings/?variant_id=${v.id}`)).body as Review[];
    expect(listed[0]).toEqual(res.body);
    const mine = (await t.get(`/api/common/ratings/?user=${user.id}`)).body as Review[];
    expect(mine).toEqual([res.body]);
    expect((await t.get(`/api/common/ratings/?user=${other.id}`)).body).toEqual([]);
  });

  test('variant_id works in place of variant, and JSON bodies are accepted', async () => {
    const { user, v } = await buyer(1);
    const res = await postReview(user.token, reviewForm({ variant_id: v.id, rating: 5, review: 'Lovely' }));
    expect(res.status).toBe(201);
    const second = await buyer(2);
    const json = await t.call('POST', '/api/common/ratings/', {
      token: second.user.token,
      json: { variant: second.v.id, rating: 3, review: 'Fine' },
    });
    expect(json.status).toBe(201);
    expect(json.body).toMatchObject({ variant: second.v.id, rating: 3, review: 'Fine' });
  });

  test('a variant not bought, or in an order not paid, is 403 with detail', async () => {
    const user = await newUser(t);
    const [notBought, unpaid] = await someVariants(t, 2, 3);
    await placeOrder(t, user.token, [{ variant_id: unpaid.id }]);
    for (const v of [notBought, unpaid]) {
      const res = await postReview(user.token, reviewForm({ variant: v.id, rating: 5, review: 'Nice' }));
      expect(res.status).toBe(403);
      expect(res.body).toEqual(NOT_DELIVERED);
    }
    // Someone else having it delivered does not count.
    const { v } = await buyer(5);
    expect((await postReview(user.token, reviewForm({ variant: v.id, rating: 5, review: 'x' }))).status).toBe(403);
    expect(await ratingsOf(user.id)).toEqual([]);
  });

  test.each([
    ['paid, not yet packed', []],
    ['packed', ['packed']],
    ['shipped', ['packed', 'shipped']],
    ['cancelled after paying', ['cancelled']],
  ] as const)('an order %s gives no review: 403 with detail, nothing stored', async (_label, moves) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, 15);
    const order = await buy(t, user.token, [v.id]);
    for (const to of moves) await moveAsStaff(order.id, to);
    const res = await postReview(user.token, reviewForm({ variant: v.id, rating: 5, review: 'Too soon' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual(NOT_DELIVERED);
    expect(await ratingsOf(user.id)).toEqual([]);
    // Once the same variant comes in an order that is delivered, the review is taken.
    await deliver(t, (await buy(t, user.token, [v.id])).id);
    const later = await postReview(user.token, reviewForm({ variant: v.id, rating: 5, review: 'Arrived' }));
    expect(later.status, JSON.stringify(later.body)).toBe(201);
  });

  test("reviews stored before the rule (as the demo's were) are verified only when a delivered order backs them", async () => {
    const [v] = await someVariants(t, 1, 16);
    const stored = async (userId: number) => {
      await t.db
        .insertInto('ratings')
        .values({ user_id: userId, product_id: v.product_id, variant_id: v.id, rating: 3, review: 'From before' })
        .execute();
      return ((await t.get(`/api/common/ratings/?user=${userId}`)).body as Review[]).map((r) => r.verified_purchase);
    };
    // No order behind it; a paid order not yet delivered; a delivered order.
    expect(await stored((await newUser(t)).id)).toEqual([false]);
    const paid = await newUser(t);
    await buy(t, paid.token, [v.id]);
    expect(await stored(paid.id)).toEqual([false]);
    const received = await newUser(t);
    await buyDelivered(t, received.token, [v.id]);
    expect(await stored(received.id)).toEqual([true]);
  });

  test('one review per shopper and variant: the second is 409 with detail', async () => {
    const { user, v } = await buyer(6);
    expect((await postReview(user.token, reviewForm({ variant: v.id, rating: 5, review: 'First' }))).status).toBe(201);
    const before = uploads();
    const res = await postReview(
      user.token,
      reviewForm({ variant: v.id, rating: 1, review: 'Second' }, [{ bytes: await png() }]),
    );
    expect(res.status).toBe(409);
    expect(res.body).toEqual(ALREADY);
    expect(uploads()).toEqual(before);
    expect((await ratingsOf(user.id)).map((r) => r.review)).toEqual(['First']);
  });

  test('two reviews of one variant at once store one', async () => {
    const { user, v } = await buyer(7);
    const answers = await Promise.all(
      [1, 2, 3].map((n) => postReview(user.token, reviewForm({ variant: v.id, rating: n, review: `Take ${n}` }))),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    expect(await ratingsOf(user.id)).toHaveLength(1);
  });

  test.each([
    ['no variant', { rating: 5, review: 'Nice' }],
    ['an empty variant', { variant: '', rating: 5, review: 'Nice' }],
    ['no rating', { variant: 'V', review: 'Nice' }],
    ['rating 0', { variant: 'V', rating: 0, review: 'Nice' }],
    ['no review', { variant: 'V', rating: 5 }],
    ['an empty review', { variant: 'V', rating: 5, review: '' }],
    ['a blank review', { variant: 'V', rating: 5, review: '   \n ' }],
  ])('%s is the Missing Data message', async (_name, fields) => {
    const { user, v } = await buyer(8);
    const form = reviewForm(
      Object.fromEntries(Object.entries(fields).map(([k, value]) => [k, value === 'V' ? v.id : value])),
    );
    const res = await postReview(user.token, form);
    expect(res.status).toBe(400);
    expect(res.body).toEqual(MISSING);
    expect(await ratingsOf(user.id)).toEqual([]);
  });

  test.each([
    ['rating 6', { rating: 6 }, 'rating'],
    ['rating -1', { rating: -1 }, 'rating'],
    ['rating 2.5', { rating: 2.5 }, 'rating'],
    ['rating in words', { rating: 'five' }, 'rating'],
    ['a text variant', { variant: 'abc' }, 'variant'],
    ['a review over 2000 characters', { review: 'x'.repeat(2001) }, 'review'],
  ])('%s is a 400 naming the field', async (_name, change, field) => {
    const { user, v } = await buyer(9);
    const res = await postReview(user.token, reviewForm({ variant: v.id, rating: 4, review: 'Good', ...change }));
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors).toHaveProperty(field);
    expect(await ratingsOf(user.id)).toEqual([]);
  });

  test('a review of exactly 2000 characters is accepted', async () => {
    const { user, v } = await buyer(10);
    const res = await postReview(user.token, reviewForm({ variant: v.id, rating: 4, review: 'y'.repeat(2000) }));
    expect(res.status).toBe(201);
  });

  test('an unknown variant is 404', async () => {
    const user = await newUser(t);
    const res = await postReview(user.token, reviewForm({ variant: 9_999_999, rating: 4, review: 'Good' }));
    expect(res.status).toBe(404);
  });

  test('a body that is neither a form nor JSON is refused', async () => {
    const user = await newUser(t);
    const res = await t.call('POST', '/api/common/ratings/', {
      token: user.token,
      body: 'rating=5',
      headers: { 'content-type': 'text/plain' },
    });
    expect(res.status).toBe(415);
  });
});

describe('review pictures', () => {
  test('up to three pictures are re-encoded without metadata, stored with their widths and listed', async () => {
    const { user, v } = await buyer(11);
    const jpeg = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#fa0' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TestCam', Model: 'Spy 1' } })
      .toBuffer();
    const res = await postReview(
      user.token,
      reviewForm({ variant: v.id, rating: 5, review: 'See for yourself' }, [
        { bytes: await png() },
        // Declared type and name do not matter: the content decides.
        { bytes: jpeg, name: 'notes.txt', type: 'text/plain' },
        {
          bytes: await sharp(await png())
            .webp()
            .toBuffer(),
          name: 'c.webp',
          type: 'image/webp',
        },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const images = (res.body as Review).images;
    expect(images).toHaveLength(3);
    const formats = ['png', 'jpeg', 'webp'];
    for (const [i, { image }] of images.entries()) {
      expect(image).toMatch(/^\/media\/images\/[0-9a-f]{16}-\d+x\d+-[0-9a-f]{6}\.(png|jpg|webp)$/);
      const file = path.join(t.mediaDir, 'images', path.basename(image));
      const meta = await sharp(file).metadata();
      expect(meta.format).toBe(formats[i]);
      expect(meta.exif).toBeUndefined();
      expect(fs.readFileSync(file).includes(Buffer.from('TestCam'))).toBe(false);
      expect((await t.app.request(image)).status).toBe(200);
    }
    const big = await sharp(
      path.join(t.mediaDir, 'images', path.basename(itemAt(images, 1, "the review's pictures").image)),
    ).metadata();
    expect(Math.max(big.width!, big.height!)).toBeLessThanOrEqual(1200);
    const listed = (await t.get(`/api/common/ratings/?variant=${v.id}`)).body as Review[];
    expect(listed.find((r) => r.id === (res.body as Review).id)!.images).toEqual(images);
  });

  test('an empty file part counts as no picture', async () => {
    const { user, v } = await buyer(12);
    const form = reviewForm({ variant: v.id, rating: 5, review: 'No picture' });
    form.append('images', new Blob([]), '');
    const res = await postReview(user.token, form);
    expect(res.status).toBe(201);
    expect((res.body as Review).images).toEqual([]);
  });

  const refusals: [string, () => Promise<Picture[]>, number][] = [
    ['four pictures', async () => Promise.all([1, 2, 3, 4].map(async () => ({ bytes: await png() }))), 400],
    ['a text file named .png', async () => [{ bytes: Buffer.from('hello, not a picture'), name: 'a.png' }], 415],
    [
      'a GIF',
      async () => [
        {
          bytes: await sharp(await png())
            .gif()
            .toBuffer(),
          name: 'a.gif',
          type: 'image/gif',
        },
      ],
      415,
    ],
    [
      'a good picture then a bad one',
      async () => [{ bytes: await png() }, { bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
      415,
    ],
    [
      'a picture over 5 MB',
      async () => [
        {
          bytes: await noisePng(1400),
        },
      ],
      413,
    ],
  ];

  test.each(refusals)('%s: refused, and neither the review nor any picture is stored', async (_name, make, status) => {
    const { user, v } = await buyer(13);
    const before = uploads();
    const res = await postReview(
      user.token,
      reviewForm({ variant: v.id, rating: 4, review: 'Pictures' }, await make()),
    );
    expect(res.status).toBe(status);
    expect(uploads()).toEqual(before);
    expect(await ratingsOf(user.id)).toEqual([]);
    // Nothing was used up: the same review without pictures goes through.
    expect((await postReview(user.token, reviewForm({ variant: v.id, rating: 4, review: 'Pictures' }))).status).toBe(
      201,
    );
  });

  test('three pictures of nearly 5 MB each fit in one review', async () => {
    const { user, v } = await buyer(14);
    const noisy = await noisePng(1250);
    expect(noisy.byteLength).toBeGreaterThan(4.4 * 1024 * 1024);
    expect(noisy.byteLength).toBeLessThan(5 * 1024 * 1024);
    const res = await postReview(
      user.token,
      reviewForm({ variant: v.id, rating: 5, review: 'Big pictures' }, [
        { bytes: noisy },
        { bytes: noisy },
        { bytes: noisy },
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect((res.body as Review).images).toHaveLength(3);
  });
});
