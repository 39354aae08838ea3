import { useState } from 'react';
import type { ModeratedReview, ModeratedReviewPage } from '../../../../contract/api/admin-reviews';
import { FilterForm } from '../../../ui/FilterForm';
import { Field, SelectField } from '../../../ui/form';
import { Pager } from '../../../ui/Pager';
import { pageCount } from '../../../ui/pagination';
import { AdminShell } from '../AdminShell';
import * as adminRoutes from '../admin-routes';
import { getModeratedReviews } from '../desk-api';
import { matchText } from '../desk-format';
import { emptyFilters, filterErrors, REVIEW_LIST, searchOf, type ReviewFilters } from '../desk-query';
import { LoadFailed } from '../desk-ui';
import { ReviewCard } from './ReviewCard';
import { useDeskList } from '../use-desk-list';

const RATING_OPTIONS = [
  ['', 'Any'],
  ...[5, 4, 3, 2, 1].map((n) => [String(n), `${n} star${n === 1 ? '' : 's'}`] as const),
] as const;
const STATUS_OPTIONS = [
  ['', 'Shown and hidden'],
  ['shown', 'Shown'],
  ['hidden', 'Hidden'],
] as const;

function ReviewFilterForm({ filters, onApply }: { filters: ReviewFilters; onApply: (next: ReviewFilters) => void }) {
  return (
    <FilterForm
      label="Filter reviews"
      filters={filters}
      check={(next) => filterErrors(REVIEW_LIST, next)}
      cleared={() => emptyFilters(REVIEW_LIST)}
      onApply={onApply}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4"
      actionsClassName="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4"
    >
      {({ bind }) => (
        <>
          <Field label="Text, product or author" type="search" {...bind('q')} />
          <Field label="Product id" inputMode="numeric" autoComplete="off" {...bind('product')} />
          <SelectField label="Rating" options={RATING_OPTIONS} {...bind('rating')} />
          <SelectField label="Status" options={STATUS_OPTIONS} {...bind('status')} />
        </>
      )}
    </FilterForm>
  );
}

function ReviewList({ search }: { search: string }) {
  const { filters, go, answer, error, loading, retry } = useDeskList(
    REVIEW_LIST,
    adminRoutes.adminReviews,
    search,
    getModeratedReviews,
    'The reviews could not be loaded.',
  );
  // A review hidden or shown here is replaced in place; the list is asked again when the filters change.
  const [changed, setChanged] = useState<{ of: ModeratedReviewPage | null; byId: Record<number, ModeratedReview> }>({
    of: null,
    byId: {},
  });
  const shown = (page: ModeratedReviewPage) =>
    page.results.map((r) => (changed.of === page ? changed.byId[r.id] : undefined) ?? r);
  const pages = answer ? pageCount(answer.count, answer.page_size) : 1;
  return (
    <div className="space-y-4">
      <ReviewFilterForm key={searchOf(REVIEW_LIST, { ...filters, page: 1 })} filters={filters} onApply={go} />
      <p role="status" className="text-sm text-muted">
        {loading ? 'Loading reviews…' : answer && `${matchText(answer.count, 'review')} Newest first; times are IST.`}
      </p>
      {error && <LoadFailed message={error} onRetry={retry} />}
      {answer && !error && answer.results.length === 0 && (
        <p className="rounded-lg bg-white p-4">No reviews match these filters.</p>
      )}
      {answer && !error && answer.results.length > 0 && (
        <ul
          aria-label="Reviews"
          aria-busy={loading}
          className={`grid gap-3 lg:grid-cols-2 ${loading ? 'opacity-60' : ''}`}
        >
          {shown(answer).map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              onChanged={(r) =>
                setChanged((all) => ({ of: answer, byId: { ...(all.of === answer ? all.byId : {}), [r.id]: r } }))
              }
            />
          ))}
        </ul>
      )}
      {answer && pages > 1 && (
        <Pager page={answer.page} pages={pages} onPage={(page) => go({ ...filters, page })} label="Review pages" />
      )}
    </div>
  );
}

/** /admin/reviews: moderate reviews, hide with a reason or show again (reviews.moderate: owner, manager). */
export function ReviewsPage({ search }: { search: string }) {
  return (
    <AdminShell section="reviews" permission="reviews.moderate" title="Reviews">
      {() => <ReviewList search={search} />}
    </AdminShell>
  );
}
