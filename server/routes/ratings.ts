import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { ReviewSchema } from '../../contract/api/buying';
import {
  CreateReviewBody,
  MAX_REVIEW_IMAGES,
  MISSING_REVIEW_DATA,
  ReviewFieldsGiven,
  ReviewsQuery,
} from '../../contract/schemas/reviews';
import type { ResponseCache } from '../http/response-cache';
import { ApiRoutes, binary, errors, json, notModified, readByHandler } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { ApiError } from '../http/errors';
import { isFormRequest, isJsonRequest, parseValue, readJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { createReview, reviewsOf } from '../services/reviews';

/** A JSON review's fields; a body that is no object has none (and is answered as missing data). */
const JsonFields = z.record(z.string(), z.unknown()).catch({});

/** A field's text: the first value when repeated, numbers as text; files and absence are undefined. */
function text(value: unknown): string | undefined {
  const one = Array.isArray(value) ? value[0] : value;
  if (typeof one === 'number' && Number.isFinite(one)) return String(one);
  return typeof one === 'string' ? one : undefined;
}

/** The fields and picture files of a review form (multipart) or JSON body (no pictures). */
async function readReviewBody(c: Context): Promise<{ fields: Record<string, unknown>; files: File[] }> {
  if (isJsonRequest(c)) {
    return { fields: parseValue(JsonFields, await readJson(c)), files: [] };
  }
  if (!isFormRequest(c)) throw new ApiError(415, 'Send the review as multipart/form-data.');
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

/** A review's pictures, as files beside its fields. */
const reviewImagesField = z
  .array(binary())
  .max(MAX_REVIEW_IMAGES)
  .optional()
  .meta({ description: `Up to ${MAX_REVIEW_IMAGES} pictures (JPEG, PNG or WebP).` });

/**
 * Reviews: readable by anyone, filtered by product, variant and/or author; written by shoppers who
 * bought. `catalogueChanged` (as the back office's) empties every process's public answers and
 * wakes the static pages' refresher: a new review moves its product's stars there within seconds.
 */
export function ratingRoutes(
  accounts: Accounts,
  cache: ResponseCache,
  catalogueChanged: () => void,
): ApiRoutes<SessionEnv> {
  const { db, mediaDir } = accounts;
  const app = new ApiRoutes<SessionEnv>();

  const list = createRoute({
    method: 'get',
    path: '/ratings',
    tags: ['Reviews'],
    summary: 'List reviews',
    description: 'Newest first, at most 500; narrowed by product, variant and/or author.',
    request: { query: ReviewsQuery },
    responses: { 200: json(z.array(ReviewSchema), 'The reviews.'), 304: notModified, ...errors(400) },
  });
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const filter = { product: q.product, variant: q.variant ?? q.variant_id, user: q.user };
    return cache.json(c, () => reviewsOf(db, filter), filter);
  });

  const write = createRoute({
    method: 'post',
    path: '/ratings',
    tags: ['Reviews'],
    summary: 'Review a bought variant',
    description: 'A multipart form with up to three pictures (or JSON without pictures). One review per variant.',
    ...shopperSession(accounts),
    request: {
      body: readByHandler({
        'multipart/form-data': { schema: CreateReviewBody.extend({ images: reviewImagesField }) },
        'application/json': { schema: CreateReviewBody },
      }),
    },
    responses: {
      201: json(ReviewSchema, 'The review.'),
      ...errors(
        400,
        401,
        [403, 'The shopper has not bought this variant (`detail` repeats the message).'],
        [404, 'No such variant.'],
        [409, 'The shopper has reviewed this variant already (`detail` repeats the message).'],
        413,
        415,
      ),
    },
  });
  app.openapi(write, async (c) => {
    const { fields, files } = await readReviewBody(c);
    // `user` may be sent too, but the session alone decides whose review it is.
    const raw = {
      variant: text(fields.variant) ?? text(fields.variant_id),
      rating: text(fields.rating),
      review: text(fields.review),
    };
    parseValue(ReviewFieldsGiven, raw, () => new ApiError(400, MISSING_REVIEW_DATA));
    const input = parseValue(CreateReviewBody, raw);
    if (files.length > MAX_REVIEW_IMAGES) {
      throw new ApiError(400, `images: At most ${MAX_REVIEW_IMAGES} pictures.`, {
        images: [`At most ${MAX_REVIEW_IMAGES} pictures.`],
      });
    }
    const at = new Date(accounts.now()).toISOString();
    const review = await createReview(db, mediaDir, c.get('session').user.id, input, files, at);
    catalogueChanged();
    return c.json(review, 201);
  });

  return app;
}
