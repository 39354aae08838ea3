/** Reviews: a product's, a shopper's own, and writing one. */
import { asList } from './read';
import { normaliseReview } from './normalise';
import { call, mediaOrigin } from './http';
import type { Review } from '../../../contract/types';

/** Reviews of one product, newest first. */
export async function getProductReviews(productId: number, signal?: AbortSignal): Promise<Review[]> {
  const raw = await call('common/ratings/', { query: { product: productId }, signal });
  const origin = mediaOrigin();
  return asList(raw)
    .map((r) => normaliseReview(r, origin))
    .filter((r) => r.product === productId);
}

/** Reviews written by one shopper, newest first. */
export async function getUserReviews(userId: number, signal?: AbortSignal): Promise<Review[]> {
  const raw = await call('common/ratings/', { query: { user: userId }, signal });
  const origin = mediaOrigin();
  return asList(raw)
    .map((r) => normaliseReview(r, origin))
    .filter((r) => r.user === userId);
}

/** Posts a review (multipart: variant, user, rating, review, optional images). */
export async function submitReview(form: FormData): Promise<void> {
  await call('common/ratings/', { method: 'POST', form, fallback: 'Failed to submit review.' });
}
