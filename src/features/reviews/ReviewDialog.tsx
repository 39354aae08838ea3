import { useEffect, useRef, useState, type FormEvent } from 'react';
import { submitReview } from '../../lib/api/reviews';
import { shopperMessage } from '../../lib/api/error-message';
import type { OrderItem } from '../../../contract/types';
import { RATING } from '../../../contract/shop';
import { keepFocusInside } from '../../lib/focus-trap';
import { $session } from '../../lib/stores/session';
import { showDialog } from '../../lib/stores/ui';
import { IMAGE_TYPES, imageProblem } from '../../../contract/uploads';
import { Button } from '../../ui/Button';
import { FieldShell } from '../../ui/field-shell';

/** Rate and Review: 1–5 stars, text, an optional picture; Save or Close. */
export function ReviewDialog({ item, onDone }: { item: OrderItem | null; onDone: (submitted: boolean) => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [rating, setRating] = useState(0);
  const [text, setText] = useState('');
  const [image, setImage] = useState<File | null>(null);
  const [error, setError] = useState('');
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (item && !dialog.open) {
      setRating(0);
      setText('');
      setImage(null);
      setError('');
      dialog.showModal();
    }
    if (!item && dialog.open) dialog.close();
  }, [item]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const { token, userId } = $session.get();
    if (!item || !token || !userId || !item.variant || rating < RATING.min || !text.trim()) {
      setError('Missing Data: Please fill in all fields before submitting.');
      return;
    }
    const form = new FormData();
    form.set('variant', String(item.variant));
    form.set('user', String(userId));
    form.set('rating', String(rating));
    form.set('review', text.trim());
    if (image) form.set('images', image);
    setPending(true);
    try {
      await submitReview(form);
      showDialog({ title: 'Thank you!', text: 'Review submitted successfully.', icon: 'success' });
      onDone(true);
    } catch (e) {
      setError(
        shopperMessage(e, { refused: "You've already reviewed this product.", noAnswer: 'Failed to submit review.' }),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby="review-title"
      className="m-auto w-[min(30rem,calc(100vw-2rem))] rounded-2xl p-6 shadow-2xl"
      onClose={() => onDone(false)}
      onKeyDown={(event) => ref.current && keepFocusInside(event.nativeEvent, ref.current)}
    >
      {item && (
        <form noValidate onSubmit={save} className="flex flex-col gap-4">
          <h2 id="review-title" className="text-xl font-bold">
            Rate and Review
          </h2>
          <p className="text-sm text-muted">{item.product_name}</p>
          <fieldset>
            <legend className="mb-1 text-sm font-semibold">Rating</legend>
            <div className="flex gap-1">
              {Array.from({ length: RATING.max }, (_, i) => i + 1).map((star) => (
                <button
                  key={star}
                  type="button"
                  className={`text-3xl leading-none ${star <= rating ? 'text-amber-500' : 'text-slate-300'}`}
                  aria-label={`${star} star${star > 1 ? 's' : ''}`}
                  aria-pressed={star === rating}
                  onClick={() => setRating(star)}
                >
                  ★
                </button>
              ))}
            </div>
          </fieldset>
          <FieldShell label="Review">
            {(control) => (
              <textarea
                {...control}
                rows={4}
                maxLength={2000}
                value={text}
                onChange={(e) => setText(e.target.value)}
                className="w-full rounded-lg border border-slate-400 px-3 py-2"
              />
            )}
          </FieldShell>
          <FieldShell label="Photo (optional)">
            {(control) => (
              <input
                {...control}
                type="file"
                accept={IMAGE_TYPES.join(',')}
                className="text-sm"
                onChange={(e) => {
                  const file = e.target.files?.[0] ?? null;
                  const problem = file && imageProblem(file);
                  setError(problem ?? '');
                  setImage(file && !problem ? file : null);
                }}
              />
            )}
          </FieldShell>
          <p
            role="status"
            aria-live="polite"
            className={error ? 'rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800' : 'sr-only'}
          >
            {error}
          </p>
          <div className="flex gap-3">
            <Button type="submit" size="wide" disabled={pending}>
              Save
            </Button>
            <Button variant="secondary" size="wide" onClick={() => onDone(false)}>
              Close
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}
