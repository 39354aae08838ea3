import { useId, useState, type FormEvent } from 'react';
import type { ModeratedReview } from '../../../../contract/api/admin-reviews';
import { formatDateTime } from '../../../../contract/format';
import { HideReviewBody, MAX_HIDE_REASON } from '../../../../contract/schemas/admin-reviews';
import { validate } from '../../../../contract/schemas/common';
import { mediaOrigin } from '../../../lib/api/http';
import { resolveMedia } from '../../../lib/api/read';
import { Button } from '../../../ui/Button';
import { TextAreaField } from '../../../ui/form';
import { FormMessage } from '../../../ui/form-message';
import { adminMessage } from '../admin-messages';
import { hideReview, unhideReview } from '../desk-api';
import { Picture } from '../../../ui/Picture';
import { ReviewReply } from './ReviewReply';

/** One review as moderators see it, its text as text, with Hide (a reason required) or Unhide, and the shop's reply. */
export function ReviewCard({
  review,
  onChanged,
}: {
  review: ModeratedReview;
  onChanged: (r: ModeratedReview) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState('');
  const [hiding, setHiding] = useState(false);
  const formId = useId();
  const author = `${review.author.first_name} ${review.author.last_name}`.trim();
  const what = `review ${review.id} by ${author}`;

  const change = async (act: () => Promise<ModeratedReview>) => {
    setPending(true);
    setMessage('');
    try {
      onChanged(await act());
      setReason('');
      setHiding(false);
      return true;
    } catch (e) {
      setMessage(adminMessage(e, 'The review could not be changed. Please try again.'));
      return false;
    } finally {
      setPending(false);
    }
  };

  const hide = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(HideReviewBody, { reason });
    if (!checked.ok) return setError(checked.errors.reason ?? '');
    void change(() => hideReview(review.id, checked.data.reason));
  };

  return (
    <li aria-label={`Review ${review.id}`} className="space-y-2 rounded-lg border border-slate-300 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold break-words">
          {review.product.name} <span className="font-normal text-muted">(product {review.product.id})</span>
        </p>
        <p className="text-sm" data-testid="review-visibility">
          {review.hidden ? 'Hidden' : 'Shown'}
        </p>
      </div>
      <p className="text-sm text-muted">
        {review.variant.name} · by {author} · {formatDateTime(review.created_at)}
      </p>
      <p>
        <span aria-hidden="true" className="text-amber-700">
          {'★'.repeat(review.rating)}
          {'☆'.repeat(5 - review.rating)}
        </span>{' '}
        <span className="text-sm">{review.rating} of 5 stars</span>
      </p>
      <p className="break-words whitespace-pre-wrap" data-testid="review-text">
        {review.review}
      </p>
      {review.images.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {review.images.map((img, i) => (
            <li key={img.id}>
              <Picture
                url={resolveMedia(img.image, mediaOrigin()) ?? ''}
                alt={`Picture ${i + 1} of ${what}`}
                sizes="64px"
                width={64}
                height={64}
                class="h-16 w-16 rounded bg-slate-50 object-cover"
              />
            </li>
          ))}
        </ul>
      )}
      {review.hidden ? (
        <div className="space-y-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          <p>
            Hidden {formatDateTime(review.hidden.at)}
            {review.hidden.by && ` by ${review.hidden.by.name}`}.
          </p>
          <p className="break-words whitespace-pre-wrap">Reason: {review.hidden.reason}</p>
          <Button
            variant="secondary"
            size="sm"
            disabled={pending}
            onClick={() => void change(() => unhideReview(review.id))}
          >
            Unhide<span className="sr-only"> {what}</span>
          </Button>
        </div>
      ) : (
        <div className="space-y-2">
          <Button
            variant="danger"
            size="sm"
            aria-expanded={hiding}
            aria-controls={formId}
            onClick={() => setHiding((open) => !open)}
          >
            Hide review<span className="sr-only"> {review.id}</span>
          </Button>
          {hiding && (
            <form id={formId} noValidate onSubmit={hide} aria-label={`Hide ${what}`} className="space-y-2">
              <TextAreaField
                label="Reason for hiding"
                value={reason}
                error={error}
                maxLength={MAX_HIDE_REASON}
                autoFocus
                onValue={(value) => {
                  setReason(value);
                  setError('');
                }}
              />
              <p className="text-sm text-muted">
                A hidden review leaves the shop’s lists and the product’s rating; its author cannot review it again.
              </p>
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="danger" size="sm" disabled={pending}>
                  Hide this review
                </Button>
                <Button variant="secondary" size="sm" onClick={() => setHiding(false)}>
                  Keep it shown
                </Button>
              </div>
            </form>
          )}
        </div>
      )}
      <ReviewReply review={review} what={what} pending={pending} change={change} />
      <FormMessage message={message} kind="error" />
    </li>
  );
}
