import { sql, type SqlBool } from 'kysely';
import type { ReviewVisibility } from '../../contract/schemas/admin-reviews';
import type { Review } from '../../contract/types';
import type { Db } from '../db';
import { inListSlices } from './dialect';
import { containsPattern } from './helpers';

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

/** Reviews in the API's shape, newest first; a review staff hid is in no public list. */
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
      'r.reply',
      'r.replied_at',
      // A verified purchase: the reviewer has this variant in a delivered order. New reviews need
      // one; reviews from before that rule (the demo's) are marked only when an order backs them.
      // Read from the orders rather than copied, so the mark can never disagree with them.
      (eb) =>
        eb
          .exists(
            eb
              .selectFrom('order_items as oi')
              .innerJoin('orders as o', 'o.id', 'oi.order_id')
              .select('oi.id')
              .whereRef('o.user_id', '=', 'r.user_id')
              .whereRef('oi.variant_id', '=', 'r.variant_id')
              .where('o.state', '=', 'delivered'),
          )
          .as('verified'),
    ])
    .where('r.hidden_at', 'is', null)
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
    // SQLite answers EXISTS with 0 or 1, PostgreSQL with a boolean.
    verified_purchase: Boolean(r.verified),
    reply: r.reply === null ? null : { text: r.reply, at: r.replied_at ?? r.created_at },
  }));
}

/** The shopper's review of this variant (shown or hidden by staff), or undefined. */
export function ownReview(
  db: Db,
  userId: number,
  variantId: number,
): Promise<{ id: number; hidden_at: string | null } | undefined> {
  return db
    .selectFrom('ratings')
    .select(['id', 'hidden_at'])
    .where('user_id', '=', userId)
    .where('variant_id', '=', variantId)
    .executeTakeFirst();
}

/**
 * Stores a review and its pictures (call it in a transaction: pass the transaction as `db`);
 * answers its id. Throws a unique violation when the shopper reviewed this variant a moment ago.
 * The product's rating figures follow by trigger (migration 0022).
 */
export async function insertReview(
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
  const row = await db
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
    await db
      .insertInto('rating_images')
      .values(review.images.map((image) => ({ rating_id: row.id, image })))
      .execute();
  }
  return row.id;
}

// ---- Moderation (the back office) ----

/** What narrows the moderators' list. */
export interface ModerationFilter {
  id?: number;
  product?: number;
  rating?: number;
  visibility?: ReviewVisibility;
  /** Part of the review's text, its product's name or its author's name. */
  search?: string;
}

function moderationQuery(db: Db, filter: ModerationFilter) {
  let query = db
    .selectFrom('ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('products as p', 'p.id', 'r.product_id')
    .innerJoin('variants as v', 'v.id', 'r.variant_id');
  if (filter.id !== undefined) query = query.where('r.id', '=', filter.id);
  if (filter.product !== undefined) query = query.where('r.product_id', '=', filter.product);
  if (filter.rating !== undefined) query = query.where('r.rating', '=', filter.rating);
  if (filter.visibility === 'hidden') query = query.where('r.hidden_at', 'is not', null);
  if (filter.visibility === 'shown') query = query.where('r.hidden_at', 'is', null);
  const search = filter.search?.trim();
  if (search) {
    const like = containsPattern(search);
    query = query.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(r.review) LIKE ${like} ESCAPE '\\'`,
        sql<SqlBool>`lower(p.name) LIKE ${like} ESCAPE '\\'`,
        sql<SqlBool>`lower(u.first_name || ' ' || u.last_name) LIKE ${like} ESCAPE '\\'`,
      ]),
    );
  }
  return query;
}

/** `limit` reviews from `offset`, newest first, shown and hidden alike, with who hid them. */
export function moderationPage(db: Db, filter: ModerationFilter, offset: number, limit: number) {
  return moderationQuery(db, filter)
    .leftJoin('staff as s', 's.id', 'r.hidden_by')
    .leftJoin('staff as rs', 'rs.id', 'r.replied_by')
    .select([
      'r.id',
      'r.rating',
      'r.review',
      'r.created_at',
      'r.hidden_at',
      'r.hidden_reason',
      'r.hidden_by',
      'p.id as product_id',
      'p.name as product_name',
      'v.id as variant_id',
      'v.name as variant_name',
      'v.size',
      'v.color',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      's.name as hidden_by_name',
      's.email as hidden_by_email',
      'r.reply',
      'r.replied_at',
      'r.replied_by',
      'rs.name as replied_by_name',
      'rs.email as replied_by_email',
    ])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many reviews match `filter`. */
export async function countModeration(db: Db, filter: ModerationFilter): Promise<number> {
  const row = await moderationQuery(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The pictures of these reviews, in the order they were stored. */
export async function imagesOfReviews(db: Db, ids: readonly number[]) {
  const rows: { id: number; rating_id: number; image: string }[] = [];
  for (const slice of inListSlices(ids)) {
    rows.push(
      ...(await db
        .selectFrom('rating_images')
        .select(['id', 'rating_id', 'image'])
        .where('rating_id', 'in', slice)
        .orderBy('id')
        .execute()),
    );
  }
  return rows;
}

/** A review's product, whether it is hidden, and the shop's reply; or undefined. */
export function reviewVisibility(db: Db, id: number) {
  return db
    .selectFrom('ratings')
    .select(['id', 'product_id', 'hidden_at', 'hidden_reason', 'hidden_by', 'reply', 'replied_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/**
 * Hides a shown review (`hidden` given) or shows a hidden one again (null), only from the state
 * the caller read: false when another request changed it first.
 */
export async function setReviewHidden(
  trx: Db,
  id: number,
  hidden: { at: string; reason: string; by: number } | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('ratings')
    .set(
      hidden
        ? { hidden_at: hidden.at, hidden_reason: hidden.reason, hidden_by: hidden.by }
        : { hidden_at: null, hidden_reason: null, hidden_by: null },
    )
    .where('id', '=', id)
    .where('hidden_at', hidden ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Writes the shop's reply to a review (`reply` given) or removes it (null), only when the stored
 * reply is still `expected` (what the caller read): false when another request changed it first.
 */
export async function setReviewReply(
  trx: Db,
  id: number,
  expected: string | null,
  reply: { text: string; at: string; by: number } | null,
): Promise<boolean> {
  const result = await trx
    .updateTable('ratings')
    .set(
      reply
        ? { reply: reply.text, replied_at: reply.at, replied_by: reply.by }
        : { reply: null, replied_at: null, replied_by: null },
    )
    .where('id', '=', id)
    .where('reply', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
