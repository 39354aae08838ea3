import { Hono, type Context } from 'hono';
import type { ResponseCache } from '../http/response-cache';
import { z } from 'zod';
import type { Review } from '../../contract/types';
import { cleanText, NOT_ALLOWED, onlyInvisible } from '../../contract/schemas/common';
import type { Db } from '../db';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, echoedError, notFound } from '../http/errors';
import { isJsonRequest, parseQuery, parseValue, readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { deleteUploadedImage, REVIEW_IMAGE, storeUploadedImage } from '../services/images/uploads';

// Plain decimal digits only: '0x10' or '1e2' would otherwise name another id.
const id = z
  .string()
  .regex(/^[1-9]\d{0,14}$/, 'Must be a positive whole number (digits only).')
  .transform(Number);
const query = z.object({
  product: id.optional(),
  variant: id.optional(),
  variant_id: id.optional(),
  user: id.optional(),
});
const MAX_REVIEWS = 500;

/** Longest review text, and most pictures on one review. */
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REVIEW_IMAGES = 3;

const MISSING_DATA = 'Missing Data: Please fill in all fields before submitting.';
const FORM_TYPE = /^(multipart\/form-data|application\/x-www-form-urlencoded)\s*(;|$)/i;

const reviewSchema = z.object({
  variant: z
    .string()
    .regex(/^[1-9]\d{0,14}$/, 'Choose a product variant.')
    .transform(Number),
  rating: z
    .string()
    .regex(/^[1-5]$/, 'Rating must be a whole number from 1 to 5.')
    .transform(Number),
  // Line breaks are fine in a review; control and text-direction characters, or text that shows
  // nothing at all, are not.
  review: z
    .string()
    .max(MAX_REVIEW_LENGTH, `A review can be at most ${MAX_REVIEW_LENGTH} characters.`)
    .refine(cleanText, NOT_ALLOWED)
    .refine((v) => !onlyInvisible(v), MISSING_DATA),
});

/** What narrows a review list. */
interface ReviewFilter {
  id?: number;
  product?: number;
  variant?: number;
  user?: number;
}

/** Reviews in the API's shape, newest first. */
async function findReviews(db: Db, filter: ReviewFilter): Promise<Review[]> {
  let rows = db
    .selectFrom('ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .select([
      'r.id',
      'r.variant_id',
      'r.product_id',
      'r.user_id',
      'r.rating',
      'r.review',
      'r.created_at',
      'u.first_name',
      'u.last_name',
      'p.name as product_name',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(MAX_REVIEWS);
  if (filter.id !== undefined) rows = rows.where('r.id', '=', filter.id);
  if (filter.product !== undefined) rows = rows.where('r.product_id', '=', filter.product);
  if (filter.variant !== undefined) rows = rows.where('r.variant_id', '=', filter.variant);
  if (filter.user !== undefined) rows = rows.where('r.user_id', '=', filter.user);
  const list = await rows.execute();
  const images = list.length
    ? await db
        .selectFrom('rating_images')
        .select(['id', 'rating_id', 'image'])
        .where(
          'rating_id',
          'in',
          list.map((r) => r.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return list.map((r) => ({
    id: r.id,
    variant: r.variant_id,
    variant_id: r.variant_id,
    product: r.product_id,
    user: r.user_id,
    rating: r.rating,
    review: r.review,
    images: images.filter((i) => i.rating_id === r.id).map((i) => ({ id: i.id, image: i.image })),
    created_at: r.created_at,
    user_first_name: r.first_name,
    user_last_name: r.last_name,
    product_name: r.product_name,
  }));
}

/** A field's text: the first value when repeated, numbers as text; files and absence are undefined. */
function text(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one === 'number' && Number.isFinite(one)) return String(one);
  return typeof one === 'string' ? one : undefined;
}

/** The fields and picture files of a review form (multipart) or JSON body (no pictures). */
async function readReviewBody(c: Context): Promise<{ fields: Record<string, unknown>; files: File[] }> {
  if (isJsonRequest(c)) {
    const body = await readJson(c);
    return { fields: typeof body === 'object' && body !== null && !Array.isArray(body) ? { ...body } : {}, files: [] };
  }
  if (!FORM_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new ApiError(415, 'Send the review as multipart/form-data.');
  }
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw new ApiError(400, 'The form data could not be read.');
  }
  const { images, ...fields } = form;
  const files: File[] = [];
  for (const part of Array.isArray(images) ? images : images === undefined ? [] : [images]) {
    // A form without a chosen file still sends an empty part (or an empty string).
    if (part instanceof File) {
      if (part.size > 0) files.push(part);
    } else if (part.trim() !== '') {
      throw new ApiError(400, 'images: Attach pictures as files.', { images: ['Attach pictures as files.'] });
    }
  }
  return { fields, files };
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Reviews: readable by anyone, filtered by product, variant and/or author; written by shoppers who bought. */
export function ratingRoutes(accounts: Accounts, cache: ResponseCache): Hono<SessionEnv> {
  const { db, mediaDir } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const alreadyReviewed = () => echoedError(409, "You've already reviewed this product.", 'detail');

  app.get('/ratings', async (c) => {
    const q = parseQuery(c, query);
    const filter = { product: q.product, variant: q.variant ?? q.variant_id, user: q.user };
    return cache.json(c, () => findReviews(db, filter), filter);
  });

  app.post('/ratings', requireSession(accounts), async (c) => {
    const user = c.get('session').user;
    const { fields, files } = await readReviewBody(c);
    // `user` may be sent too (SPEC.md §7), but the session alone decides whose review it is.
    const raw = {
      variant: text(fields.variant) ?? text(fields.variant_id),
      rating: text(fields.rating),
      review: text(fields.review),
    };
    if (!raw.variant?.trim() || !raw.rating?.trim() || Number(raw.rating) === 0 || !raw.review?.trim()) {
      throw new ApiError(400, MISSING_DATA);
    }
    const input = parseValue(reviewSchema, { ...raw, variant: raw.variant.trim(), rating: raw.rating.trim() });
    if (files.length > MAX_REVIEW_IMAGES) {
      throw new ApiError(400, `images: At most ${MAX_REVIEW_IMAGES} pictures.`, {
        images: [`At most ${MAX_REVIEW_IMAGES} pictures.`],
      });
    }

    const variant = await db
      .selectFrom('variants')
      .select(['id', 'product_id'])
      .where('id', '=', input.variant)
      .executeTakeFirst();
    if (!variant) throw notFound('Product not found.');
    const bought = await db
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select('i.id')
      .where('o.user_id', '=', user.id)
      .where('o.status', '=', 'paid')
      .where('i.variant_id', '=', variant.id)
      .executeTakeFirst();
    if (!bought) throw echoedError(403, 'You can only review products you have bought.', 'detail');
    const reviewed = await db
      .selectFrom('ratings')
      .select('id')
      .where('user_id', '=', user.id)
      .where('variant_id', '=', variant.id)
      .executeTakeFirst();
    if (reviewed) throw alreadyReviewed();

    // Every picture is checked and stored before the review is written; if any is refused, or
    // the write fails, the pictures already stored are removed again: a refusal stores nothing.
    const stored: string[] = [];
    let ratingId: number;
    try {
      for (const file of files) stored.push(await storeUploadedImage(file, mediaDir, REVIEW_IMAGE));
      ratingId = await db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('ratings')
          .values({
            user_id: user.id,
            product_id: variant.product_id,
            variant_id: variant.id,
            rating: input.rating,
            review: input.review,
            created_at: new Date(accounts.now()).toISOString(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (stored.length) {
          await trx
            .insertInto('rating_images')
            .values(stored.map((image) => ({ rating_id: row.id, image })))
            .execute();
        }
        return row.id;
      });
    } catch (error) {
      await Promise.all(stored.map((image) => deleteUploadedImage(image, mediaDir).catch(() => undefined)));
      // Two submissions at once: the (user, variant) pair is unique, the second is told why.
      if (isUniqueViolation(error)) throw alreadyReviewed();
      throw error;
    }
    const [review] = await findReviews(db, { id: ratingId });
    cache.invalidate();
    return c.json(review, 201);
  });

  return app;
}
