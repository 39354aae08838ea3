import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ModeratedReviewPageSchema, ModeratedReviewSchema } from '../../contract/api/admin-reviews';
import {
  HideReviewBody,
  MAX_REPLY_LENGTH,
  ReviewModerationQuery,
  ReviewReplyBody,
} from '../../contract/schemas/admin-reviews';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv, staffActor } from '../http/staff-auth';
import type { StaffContext } from '../services/staff/context';
import {
  hideReview,
  readModerationPage,
  removeReviewReply,
  replyToReview,
  REVIEW_NOT_FOUND,
  unhideReview,
} from '../services/staff/review-moderation';

/** Review moderation under /api/admin/reviews (`reviews.moderate`): the list, hiding and showing again, the shop's replies. */
export function adminReviewRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);
  const moderator = staffOnly(staff, 'reviews.moderate');
  const noReview = onInvalid({ param: () => notFound(REVIEW_NOT_FOUND) });
  const tags = ['Back office: reviews'];

  const list = createRoute({
    method: 'get',
    path: '/reviews',
    tags,
    summary: 'Reviews for moderation',
    description:
      `${whoMay('reviews.moderate')} Shown and hidden reviews, newest first, filtered by product, rating, ` +
      'whether hidden, and a search of the text, product and author; each with who hid it and why.',
    ...moderator,
    request: { query: ReviewModerationQuery },
    responses: {
      200: json(ModeratedReviewPageSchema, 'One page of reviews.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(list, async (c) => c.json(await readModerationPage(staff.db, c.req.valid('query')), 200));

  const hide = createRoute({
    method: 'post',
    path: '/reviews/{id}/hide',
    tags,
    summary: 'Hide a review',
    description:
      `${whoMay('reviews.moderate')} With the reason (kept with the review and in the audit log). A hidden ` +
      'review leaves every public list and its product\u2019s average and count; the product\u2019s pages are ' +
      'rendered again. Its author cannot write another review of the variant.',
    ...moderator,
    request: { params: IdParams, body: jsonBody(HideReviewBody) },
    responses: {
      200: json(ModeratedReviewSchema, 'The review, hidden.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such review.'], [409, 'Hidden already.'], 413, 415),
    },
  });
  app.openapi(
    hide,
    async (c) => c.json(await hideReview(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json').reason), 200),
    noReview,
  );

  const unhide = createRoute({
    method: 'post',
    path: '/reviews/{id}/unhide',
    tags,
    summary: 'Show a hidden review again',
    description: `${whoMay('reviews.moderate')} It is back in the public lists and averages; logged.`,
    ...moderator,
    request: { params: IdParams },
    responses: {
      200: json(ModeratedReviewSchema, 'The review, shown.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such review.'], [409, 'It is not hidden.'], 413),
    },
  });
  app.openapi(
    unhide,
    async (c) => c.json(await unhideReview(staff, actorOf(c), c.req.valid('param').id), 200),
    noReview,
  );

  const reply = createRoute({
    method: 'put',
    path: '/reviews/{id}/reply',
    tags,
    summary: 'Reply to a review',
    description:
      `${whoMay('reviews.moderate')} Writes the shop\u2019s reply, or replaces the one it has (up to ` +
      `${MAX_REPLY_LENGTH} characters of plain text; line breaks kept). The product page shows it under the ` +
      'review as \u2018Reply from GharBazaar\u2019 with its date. Logged; the same text again changes nothing.',
    ...moderator,
    request: { params: IdParams, body: jsonBody(ReviewReplyBody) },
    responses: {
      200: json(ModeratedReviewSchema, 'The review with its reply.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such review.'],
        [409, 'Changed by someone else meanwhile.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    reply,
    async (c) =>
      c.json(await replyToReview(staff, actorOf(c), c.req.valid('param').id, c.req.valid('json').reply), 200),
    noReview,
  );

  const removeReply = createRoute({
    method: 'delete',
    path: '/reviews/{id}/reply',
    tags,
    summary: 'Remove the reply to a review',
    description: `${whoMay('reviews.moderate')} The review shows without it; logged.`,
    ...moderator,
    request: { params: IdParams },
    responses: {
      200: json(ModeratedReviewSchema, 'The review without a reply.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such review.'], [409, 'It has no reply.']),
    },
  });
  app.openapi(
    removeReply,
    async (c) => c.json(await removeReviewReply(staff, actorOf(c), c.req.valid('param').id), 200),
    noReview,
  );

  return app;
}
