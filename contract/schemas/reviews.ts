/** What the review calls accept: the list's filters and a new review's fields. */
import { z } from 'zod';
import { RATING } from '../shop';
import { cleanText, digitsId, NOT_ALLOWED, onlyInvisible } from './common';

/** Longest review text, and most pictures on one review. */
export const MAX_REVIEW_LENGTH = 2000;
export const MAX_REVIEW_IMAGES = 3;

export const MISSING_REVIEW_DATA = 'Missing Data: Please fill in all fields before submitting.';

/** GET /ratings: reviews narrowed by product, variant (`variant` or `variant_id`) and/or author. */
export const ReviewsQuery = z.object({
  product: digitsId.optional().meta({ description: 'Reviews of this product.' }),
  variant: digitsId.optional().meta({ description: 'Reviews of this variant.' }),
  variant_id: digitsId.optional().meta({ description: 'The same as `variant`.' }),
  user: digitsId.optional().meta({ description: 'Reviews written by this user.' }),
});

const given = z.string().refine((v) => v.trim() !== '');

/** A review form with every field filled in (a rating of 0 is none given); checked before `CreateReviewBody`. */
export const ReviewFieldsGiven = z.object({
  variant: given,
  rating: given.refine((v) => Number(v) !== 0),
  review: given,
});

/**
 * POST /ratings (a form, or JSON without pictures): the variant bought, 1 to 5 stars and the
 * text. Line breaks are fine in a review; control and text-direction characters, or text that
 * shows nothing at all, are not.
 */
export const CreateReviewBody = z.object({
  variant: z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,14}$/, 'Choose a product variant.')
    .transform(Number)
    .meta({ description: 'The bought variant (`variant_id` is read too).', example: '1' }),
  rating: z
    .string()
    .trim()
    .regex(
      new RegExp(`^[${RATING.min}-${RATING.max}]$`),
      `Rating must be a whole number from ${RATING.min} to ${RATING.max}.`,
    )
    .transform(Number),
  review: z
    .string()
    .max(MAX_REVIEW_LENGTH, `A review can be at most ${MAX_REVIEW_LENGTH} characters.`)
    .refine(cleanText, NOT_ALLOWED)
    .refine((v) => !onlyInvisible(v), MISSING_REVIEW_DATA),
});
