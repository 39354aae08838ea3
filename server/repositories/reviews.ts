import type { Review } from '../../contract/types';
import type { Db } from '../db';
import { inTransaction } from './helpers';

/** Reviews (the `ratings` table) and their pictures; one review per (shopper, variant), enforced by the database. */

/** Most reviews one list answers. */
const MAX_REVIEWS = 500;

/** What narrows a review list. */
export interface ReviewFilter {
  id?: number;
  product?: number;
  variant?: number;
  user?: number;
}

/** Reviews in the API's shape, newest first. */
export async function findReviews(db: Db, filter: ReviewFilter): Promise<Review[]> {
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

/** True when the shopper has reviewed this variant. */
export async function hasReviewed(db: Db, userId: number, variantId: number): Promise<boolean> {
  const row = await db
    .selectFrom('ratings')
    .select('id')
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a review and its pictures in one transaction; answers its id. Throws a unique
 * violation when the shopper reviewed this variant a moment ago.
 */
export function insertReview(
  db: Db,
  review: {
    userId: number;
    productId: number;
    variantId: number;
    rating: number;
    text: string;
    createdAt: string;
    images: readonly string[];
  },
): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('ratings')
      .values({
        user_id: review.userId,
        product_id: review.productId,
        variant_id: review.variantId,
        rating: review.rating,
        review: review.text,
        created_at: review.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (review.images.length) {
      await trx
        .insertInto('rating_images')
        .values(review.images.map((image) => ({ rating_id: row.id, image })))
        .execute();
    }
    return row.id;
  });
}
