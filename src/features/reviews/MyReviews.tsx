import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { getUserReviews } from '../../lib/api/reviews';
import type { Review } from '../../../contract/types';
import { $session } from '../../lib/stores/session';
import * as routes from '../../lib/routes';

/** My Reviews & Ratings: what the shopper has written, as plain text. */
export function MyReviews() {
  const { userId } = useStore($session);
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    getUserReviews(userId, controller.signal)
      .then(setReviews)
      .catch((e: unknown) => {
        if ((e as Error).name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [userId]);

  if (failed) return <p role="status">Your reviews could not be loaded. Please try again later.</p>;
  if (!reviews) return <p role="status">Loading your reviews...</p>;
  if (reviews.length === 0) return <p>You have not reviewed any products yet. Rate what you bought from My Orders.</p>;
  return (
    <ul className="flex flex-col gap-4" aria-label="My reviews">
      {reviews.map((r) => (
        <li key={r.id} className="rounded-xl border border-slate-200 p-4 break-words">
          <p className="font-semibold">
            <a className="hover:text-brand-700" href={routes.product(r.product)}>
              {r.product_name}
            </a>
          </p>
          <p className="text-amber-600" aria-label={`Rated ${r.rating} out of 5`}>
            {'★'.repeat(r.rating)}
            <span className="text-slate-300">{'★'.repeat(5 - r.rating)}</span>
          </p>
          <p className="mt-1 whitespace-pre-line">{r.review}</p>
        </li>
      ))}
    </ul>
  );
}
