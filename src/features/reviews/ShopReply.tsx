import type { Review } from '../../../contract/types';
import { formatDate, readInstant } from '../../../contract/format';
import { SHOP_NAME } from '../../../contract/shop';

/** The shop's reply under a review: plain text (React escapes it), its line breaks kept, with its date. */
export function ShopReply({ reply }: { reply: NonNullable<Review['reply']> }) {
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
