/** Rules and messages of the back office's review moderation, shared by the /admin pages and the server. */
import { z } from 'zod';
import { RATING } from '../shop';
import { digitsId, multilineText } from './common';
import { pageField, pageSizeField, searchField } from './admin-orders';

/** Reviews on one page unless the caller asks for another size. */
export const REVIEW_PAGE_SIZE = 25;
/** Longest search text. */
export const MAX_REVIEW_SEARCH = 200;
/** Longest reason for hiding a review. */
export const MAX_HIDE_REASON = 500;
/** Longest reply to a review: a few short paragraphs, as shoppers read it under the review. */
export const MAX_REPLY_LENGTH = 1000;

export const REVIEW_VISIBILITIES = ['hidden', 'shown'] as const;
export type ReviewVisibility = (typeof REVIEW_VISIBILITIES)[number];

export const RATING_FILTER_INVALID = `Rating must be a whole number from ${RATING.min} to ${RATING.max}.`;
export const VISIBILITY_UNKNOWN = 'Status must be hidden or shown.';
export const HIDE_REASON_REQUIRED = 'Give the reason for hiding this review.';
export const REPLY_REQUIRED = 'Write the reply.';
export const REPLY_TOO_LONG = `A reply can be at most ${MAX_REPLY_LENGTH} characters.`;

/** GET /api/admin/reviews: filters and page. */
export const ReviewModerationQuery = z.object({
  product: digitsId.optional().meta({ description: 'Reviews of this product.' }),
  rating: z
    .string()
    .regex(new RegExp(`^[${RATING.min}-${RATING.max}]$`), RATING_FILTER_INVALID)
    .transform(Number)
    .optional()
    .meta({ description: `Only reviews with this many stars (${RATING.min} to ${RATING.max}).` }),
  status: z
    .enum(REVIEW_VISIBILITIES, { error: VISIBILITY_UNKNOWN })
    .optional()
    .meta({ description: 'Only hidden, or only shown, reviews (default both).' }),
  q: searchField(MAX_REVIEW_SEARCH, "Part of the review's text, its product's name or its author's name."),
  page: pageField,
  page_size: pageSizeField(REVIEW_PAGE_SIZE),
});
export type ReviewModerationFilters = z.output<typeof ReviewModerationQuery>;

/** POST /api/admin/reviews/{id}/hide: why it is taken down (kept with the review and in the audit log). */
export const HideReviewBody = z.object({
  reason: multilineText(HIDE_REASON_REQUIRED, MAX_HIDE_REASON),
});
export type HideReviewInput = z.input<typeof HideReviewBody>;

/**
 * PUT /api/admin/reviews/{id}/reply: the shop's reply, shown under the review as plain text (line
 * breaks kept; control and text-direction characters refused).
 */
export const ReviewReplyBody = z.object({
  reply: multilineText(REPLY_REQUIRED, MAX_REPLY_LENGTH, 1, undefined, REPLY_TOO_LONG),
});
export type ReviewReplyInput = z.input<typeof ReviewReplyBody>;
