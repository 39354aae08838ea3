import { useEffect, useState } from 'react';
import { getProductReviews } from '../../lib/api/reviews';
import type { Review } from '../../../contract/types';
import { formatCounted, formatDate, formatRating, readInstant } from '../../../contract/format';
import { SHOP_NAME } from '../../../contract/shop';
import { ratingBars, starFill } from '../catalogue/rating';
import { Picture } from '../../ui/Picture';
import { PICTURE_SIZES } from '../../ui/picture-sizes';

function Stars({ value }: { value: number }) {
  return (
    <span className="relative inline-block leading-none text-slate-300" aria-hidden="true">
      ★★★★★
      <span
        className="absolute inset-0 overflow-hidden whitespace-nowrap text-amber-500"
        style={{ width: `${starFill(value)}%` }}
      >
        ★★★★★
      </span>
    </span>
  );
}

/** The product's live reviews, loaded once the page is interactive; null until they arrive. */
export function useProductReviews(productId: number | null): { list: Review[] | null; failed: boolean } {
  const [list, setList] = useState<Review[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (productId === null) return;
    const controller = new AbortController();
    getProductReviews(productId, controller.signal)
      .then(setList)
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [productId]);
  return { list, failed };
}

/** The shop's reply under a review: plain text (React escapes it), its line breaks kept, with its date. */
function ShopReply({ reply }: { reply: NonNullable<Review['reply']> }) {
  return (
    <div className="mt-3 ml-4 border-l-4 border-brand-500 bg-brand-50 px-3 py-2">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm font-semibold text-brand-800">
        Reply from {SHOP_NAME}
        {readInstant(reply.at) && (
          <time dateTime={reply.at} className="font-normal text-muted">
            {formatDate(reply.at)}
          </time>
        )}
      </p>
      <p className="mt-1 text-sm whitespace-pre-line">{reply.text}</p>
    </div>
  );
}

/** The Review tab: bars from the real rating counts, then each review as plain text, with the shop's reply. */
export function ProductReviews({ reviews, failed }: { reviews: Review[] | null; failed: boolean }) {
  if (failed) return <p role="status">Reviews could not be loaded. Please try again later.</p>;
  if (!reviews) return <p role="status">Loading reviews...</p>;
  if (reviews.length === 0) return <p>No reviews available for this product.</p>;

  const average = reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length;
  return (
    <div className="grid gap-8 md:grid-cols-[16rem_1fr]">
      <div>
        <p className="text-3xl font-bold">{formatRating(average)}</p>
        <p className="flex items-center gap-2">
          <Stars value={average} />{' '}
          <span className="text-sm text-muted">{formatCounted(reviews.length, 'review')}</span>
        </p>
        <ul className="mt-4 space-y-2" aria-label="Ratings by stars">
          {ratingBars(reviews.map((r) => r.rating)).map((bar) => (
            <li key={bar.stars} className="flex items-center gap-2 text-sm">
              <span className="w-12">{bar.stars} star</span>
              <span className="h-2 flex-1 overflow-hidden rounded bg-slate-200">
                <span className="block h-full bg-amber-500" style={{ width: `${bar.percent}%` }} />
              </span>
              <span className="w-10 text-right">{bar.percent}%</span>
            </li>
          ))}
        </ul>
      </div>
      <ul className="space-y-5">
        {reviews.map((r) => (
          <li key={r.id} className="border-b border-slate-200 pb-4">
            <p className="flex flex-wrap items-baseline gap-x-2 font-semibold">
              <span>
                {r.user_first_name} {r.user_last_name}
              </span>
              {r.verified_purchase && (
                <span className="text-xs font-semibold text-brand-800" data-testid="verified-purchase">
                  ✓ Verified purchase
                </span>
              )}
            </p>
            <p className="flex items-center gap-2 text-sm">
              <Stars value={r.rating} />
              <span className="sr-only">Rated {r.rating} out of 5</span>
              {readInstant(r.created_at) && (
                <time dateTime={r.created_at} className="text-muted">
                  {formatDate(r.created_at)}
                </time>
              )}
            </p>
            <p className="mt-1 whitespace-pre-line">{r.review}</p>
            {r.reply && <ShopReply reply={r.reply} />}
            {r.images.length > 0 && (
              <div className="mt-2 flex gap-2">
                {r.images.map((img) => (
                  <Picture
                    key={img.id}
                    url={img.image}
                    alt={`Photo from ${r.user_first_name}'s review`}
                    sizes={PICTURE_SIZES.reviewPhoto}
                    width={80}
                    height={80}
                    loading="lazy"
                    class="h-20 w-20 rounded object-cover"
                  />
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
