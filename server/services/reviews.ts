import type { Review } from '../../contract/types';
import type { Db } from '../db';
import { Conflict, Forbidden, NotFound } from './errors';
import { findVariant } from '../repositories/catalogue';
import { isUniqueViolation } from '../repositories/dialect';
import { deliveredLine } from '../repositories/orders';
import { inTransaction } from '../repositories/helpers';
import { findReviews, insertReview, ownReview, type ReviewFilter } from '../repositories/reviews';
import { recordSiteChange } from './site/changes';
import { deleteUploadedImage, REVIEW_IMAGE, storeUploadedImage } from './images/uploads';

/** Reviews: one per shopper and variant, only of a variant delivered to the shopper. */

const alreadyReviewed = () => new Conflict("You've already reviewed this product.", { echo: 'detail' });
/**
 * A shopper's review that staff hid leaves every public list, their own too (the lists are
 * public, by product or by author), so the product looks unreviewed to them: this says why a
 * second review is refused.
 */
const reviewTakenDown = () =>
  new Conflict('Your review of this product was taken down by our moderators, so it cannot be reviewed again.', {
    echo: 'detail',
  });

/** A review as written: the variant, 1 to 5 stars and the text. */
export interface ReviewInput {
  variant: number;
  rating: number;
  review: string;
}

/**
 * Stores the shopper's review of a variant delivered to them, with its pictures; answers it as
 * listed. The review and its product's pages to render again (their stars, and the cards' in the
 * listings) are one transaction: call `siteChanged` after, as a staff change to the catalogue does.
 */
export async function createReview(
  db: Db,
  mediaDir: string,
  userId: number,
  input: ReviewInput,
  pictures: readonly File[],
  at: string,
): Promise<Review> {
  const variant = await findVariant(db, input.variant);
  if (!variant) throw new NotFound('Product not found.');
  // A review speaks for goods in the shopper's hands: an order not yet paid, still on its way or
  // cancelled gives no right to one, whatever the page offers.
  const line = await deliveredLine(db, userId, variant.id);
  if (line === undefined) {
    throw new Forbidden('You can review a product once it has been delivered to you.', { echo: 'detail' });
  }
  const own = await ownReview(db, userId, variant.id);
  if (own) throw own.hidden_at === null ? alreadyReviewed() : reviewTakenDown();

  // Every picture is checked and stored before the review is written; if any is refused, or
  // the write fails, the pictures already stored are removed again: a refusal stores nothing.
  const stored: string[] = [];
  let reviewId: number;
  try {
    for (const file of pictures) stored.push(await storeUploadedImage(file, mediaDir, REVIEW_IMAGE, db));
    reviewId = await inTransaction(db, async (trx) => {
      const id = await insertReview(trx, {
        userId,
        productId: variant.product_id,
        variantId: variant.id,
        rating: input.rating,
        text: input.review,
        createdAt: at,
        images: stored,
      });
      await recordSiteChange(trx, { products: [variant.product_id] }, Date.parse(at));
      return id;
    });
  } catch (error) {
    await Promise.all(stored.map((image) => deleteUploadedImage(image, mediaDir, db).catch(() => undefined)));
    // Two submissions at once: the (user, variant) pair is unique, the second is told why.
    if (isUniqueViolation(error)) throw alreadyReviewed();
    throw error;
  }
  const [review] = await findReviews(db, { id: reviewId });
  if (!review) throw new Error(`Review ${reviewId} was stored but cannot be read back.`);
  return review;
}

/** Published reviews by product, variant and/or author, newest first (hidden ones are in no list). */
export function reviewsOf(db: Db, filter: ReviewFilter): Promise<Review[]> {
  return findReviews(db, filter);
}
