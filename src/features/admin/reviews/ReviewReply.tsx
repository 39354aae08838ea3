import { useState, type FormEvent } from 'react';
import type { ModeratedReview } from '../../../../contract/api/admin-reviews';
import { formatDateTime } from '../../../../contract/format';
import { MAX_REPLY_LENGTH, ReviewReplyBody } from '../../../../contract/schemas/admin-reviews';
import { validate } from '../../../../contract/schemas/common';
import { SHOP_NAME } from '../../../../contract/shop';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { TextAreaField } from '../../../ui/form';
import { removeReviewReply, replyToReview } from '../desk-api';

/**
 * The shop's reply to a review, as shoppers will read it under the review ('Reply from
 * GharBazaar'): written, edited or removed here. `change` runs a call and reports its failure on
 * the review's card; it answers whether it succeeded.
 */
export function ReviewReply({
  review,
  what,
  pending,
  change,
}: {
  review: ModeratedReview;
  /** The review in words, for the buttons' names: 'review 12 by Asha Verma'. */
  what: string;
  pending: boolean;
  change: (act: () => Promise<ModeratedReview>) => Promise<boolean>;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [removing, setRemoving] = useState(false);
  const reply = review.reply;

  const open = () => {
    setText(reply?.text ?? '');
    setError('');
    setEditing(true);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ReviewReplyBody, { reply: text });
    if (!checked.ok) return setError(checked.errors.reply ?? '');
    if (await change(() => replyToReview(review.id, checked.data.reply))) setEditing(false);
  };

  return (
    <div className="space-y-2 border-t border-slate-200 pt-2">
      {reply && (
        <div className="rounded-lg bg-slate-50 p-3 text-sm">
          <p className="font-semibold">Reply from {SHOP_NAME}</p>
          <p className="text-muted">
            {formatDateTime(reply.at)}
            {reply.by && ` by ${reply.by.name}`}
          </p>
          <p className="mt-1 break-words whitespace-pre-wrap" data-testid="reply-text">
            {reply.text}
          </p>
        </div>
      )}
      {editing ? (
        <form noValidate onSubmit={(e) => void save(e)} aria-label={`Reply to ${what}`} className="space-y-2">
          <TextAreaField
            label="Reply"
            value={text}
            error={error}
            maxLength={MAX_REPLY_LENGTH}
            autoFocus
            onValue={(value) => {
              setText(value);
              setError('');
            }}
          />
          <p className="text-sm text-muted">Shoppers see it under the review, as plain text, with today’s date.</p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={pending}>
              Save reply
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={open}>
            {reply ? 'Edit reply' : 'Reply'}
            <span className="sr-only"> to {what}</span>
          </Button>
          {reply && (
            <Button variant="secondary" size="sm" disabled={pending} onClick={() => setRemoving(true)}>
              Remove reply<span className="sr-only"> to {what}</span>
            </Button>
          )}
        </div>
      )}
      {removing && (
        <ConfirmDialog
          title="Remove the reply?"
          text="Shoppers will no longer see it under the review."
          action="Remove reply"
          keep="Keep the reply"
          onAnswer={(yes) => {
            setRemoving(false);
            if (yes) void change(() => removeReviewReply(review.id));
          }}
        />
      )}
    </div>
  );
}
