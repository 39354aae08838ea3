import { Hono } from 'hono';
import { z } from 'zod';
import type { Review } from '../../src/lib/api/types';
import type { Db } from '../db';
import { parseQuery } from '../http/validate';

const id = z.coerce
  .number({ error: 'Must be a whole number.' })
  .int('Must be a whole number.')
  .positive('Must be a positive number.');
const query = z.object({
  product: id.optional(),
  variant: id.optional(),
  variant_id: id.optional(),
  user: id.optional(),
});
const MAX_REVIEWS = 500;

/** Reviews: readable by anyone, filtered by product, variant and/or author, newest first. */
export function ratingRoutes(db: Db): Hono {
  const app = new Hono({ strict: false });

  app.get('/ratings', async (c) => {
    const q = parseQuery(c, query);
    const variant = q.variant ?? q.variant_id;
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
    if (q.product !== undefined) rows = rows.where('r.product_id', '=', q.product);
    if (variant !== undefined) rows = rows.where('r.variant_id', '=', variant);
    if (q.user !== undefined) rows = rows.where('r.user_id', '=', q.user);
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
          .execute()
      : [];
    const reviews: Review[] = list.map((r) => ({
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
    return c.json(reviews);
  });

  return app;
}
