import type { ModeratedReview, ModeratedReviewPage } from '../../../contract/api/admin-reviews';
import { REVIEW_PAGE_SIZE, type ReviewModerationFilters } from '../../../contract/schemas/admin-reviews';
import type { Db } from '../../db';
import { Conflict, NotFound } from '../errors';
import { inTransaction } from '../../repositories/helpers';
import {
  countModeration,
  imagesOfReviews,
  moderationPage,
  reviewVisibility,
  setReviewHidden,
  setReviewReply,
  type ModerationFilter,
} from '../../repositories/reviews';
import { recordSiteChange } from '../site/changes';
import { recordAudit, type Actor } from './audit';
import type { StaffContext } from './context';

/**
 * Review moderation: staff read every review, hide one with a reason, and show it again. A hidden
 * review leaves the public lists and the product's average and count; its product's pages are
 * rendered again.
 */

export const REVIEW_NOT_FOUND = 'Review not found.';
export const ALREADY_HIDDEN = 'This review is hidden already.';
export const NOT_HIDDEN = 'This review is not hidden.';
export const NO_REPLY = 'This review has no reply.';
const CHANGED_MEANWHILE = 'This review was changed meanwhile. Please reload the page and try again.';

async function reviewsOf(db: Db, filter: ModerationFilter, offset: number, limit: number): Promise<ModeratedReview[]> {
  const rows = await moderationPage(db, filter, offset, limit);
  const images = await imagesOfReviews(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    product: { id: r.product_id, name: r.product_name },
    variant: { id: r.variant_id, name: r.variant_name, size: r.size, color: r.color },
    author: { id: r.user_id, first_name: r.first_name, last_name: r.last_name },
    rating: r.rating,
    review: r.review,
    images: images.filter((i) => i.rating_id === r.id).map((i) => ({ id: i.id, image: i.image })),
    created_at: r.created_at,
    hidden:
      r.hidden_at === null
        ? null
        : {
            at: r.hidden_at,
            reason: r.hidden_reason ?? '',
            by:
              r.hidden_by === null
                ? null
                : { id: r.hidden_by, name: r.hidden_by_name ?? '', email: r.hidden_by_email ?? '' },
          },
    reply:
      r.reply === null
        ? null
        : {
            text: r.reply,
            at: r.replied_at ?? r.created_at,
            by:
              r.replied_by === null
                ? null
                : { id: r.replied_by, name: r.replied_by_name ?? '', email: r.replied_by_email ?? '' },
          },
  }));
}

/** One page of reviews for moderators, newest first. */
export async function readModerationPage(db: Db, query: ReviewModerationFilters): Promise<ModeratedReviewPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? REVIEW_PAGE_SIZE;
  const filter: ModerationFilter = {
    product: query.product,
    rating: query.rating,
    visibility: query.status,
    search: query.q || undefined,
  };
  const [count, results] = await Promise.all([
    countModeration(db, filter),
    reviewsOf(db, filter, (page - 1) * pageSize, pageSize),
  ]);
  return { count, page, page_size: pageSize, results };
}

/** One review as moderators see it; 404 for an unknown id. */
export async function readModeratedReview(db: Db, id: number): Promise<ModeratedReview> {
  const [review] = await reviewsOf(db, { id }, 0, 1);
  if (!review) throw new NotFound(REVIEW_NOT_FOUND);
  return review;
}

/** The staff member hiding a review: the back office's calls always have one. */
function hiddenBy(actor: Actor): number {
  if (actor.staffId === null) throw new Error('Hiding a review needs the staff member who hides it.');
  return actor.staffId;
}

/**
 * Hides a review (`reason` given) or shows it again (null). The change, its audit entry and its
 * product's pages to render again are one transaction; the caches are emptied after it commits.
 */
async function changeVisibility(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
  reason: string | null,
): Promise<ModeratedReview> {
  const hide = reason !== null;
  const at = staff.now();
  await inTransaction(staff.db, async (trx) => {
    const review = await reviewVisibility(trx, id);
    if (!review) throw new NotFound(REVIEW_NOT_FOUND);
    if (hide && review.hidden_at !== null) throw new Conflict(ALREADY_HIDDEN);
    if (!hide && review.hidden_at === null) throw new Conflict(NOT_HIDDEN);
    const change = reason === null ? null : { at: new Date(at).toISOString(), reason, by: hiddenBy(actor) };
    if (!(await setReviewHidden(trx, id, change))) throw new Conflict(CHANGED_MEANWHILE);
    await recordAudit(trx, actor, at, {
      action: hide ? 'review.hide' : 'review.unhide',
      entity: 'review',
      entityId: id,
      before: hide ? { hidden: false } : { hidden: true, reason: review.hidden_reason },
      after: hide ? { hidden: true, reason } : { hidden: false },
      note: reason,
    });
    await recordSiteChange(trx, { products: [review.product_id] }, at);
  });
  staff.catalogueChanged();
  return readModeratedReview(staff.db, id);
}

/** Takes a review down from the shop, with why. */
export function hideReview(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
  reason: string,
): Promise<ModeratedReview> {
  return changeVisibility(staff, actor, id, reason);
}

/** Shows a hidden review again. */
export function unhideReview(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
): Promise<ModeratedReview> {
  return changeVisibility(staff, actor, id, null);
}

/** The staff member replying: the back office's calls always have one. */
function repliedBy(actor: Actor): number {
  if (actor.staffId === null) throw new Error('A reply needs the staff member who writes it.');
  return actor.staffId;
}

/**
 * Writes the shop's reply to a review (`text`), replacing the one it has, or removes it (null).
 * The change and its audit entry are one transaction; the public answers are emptied after it
 * commits (the Review tab reads the reviews live, so no page needs rendering again). A hidden
 * review may be replied to: the reply shows when it is shown again.
 */
async function changeReply(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
  text: string | null,
): Promise<ModeratedReview> {
  const at = staff.now();
  const changed = await inTransaction(staff.db, async (trx) => {
    const review = await reviewVisibility(trx, id);
    if (!review) throw new NotFound(REVIEW_NOT_FOUND);
    if (text === null && review.reply === null) throw new Conflict(NO_REPLY);
    // The same words again change nothing, and log nothing.
    if (text !== null && text === review.reply) return false;
    const reply = text === null ? null : { text, at: new Date(at).toISOString(), by: repliedBy(actor) };
    if (!(await setReviewReply(trx, id, review.reply, reply))) throw new Conflict(CHANGED_MEANWHILE);
    await recordAudit(trx, actor, at, {
      action: text === null ? 'review.reply_delete' : review.reply === null ? 'review.reply' : 'review.reply_edit',
      entity: 'review',
      entityId: id,
      before: review.reply === null ? null : { reply: review.reply },
      after: text === null ? null : { reply: text },
    });
    return true;
  });
  if (changed) staff.catalogueChanged();
  return readModeratedReview(staff.db, id);
}

/** Writes or replaces the shop's reply to a review. */
export function replyToReview(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
  text: string,
): Promise<ModeratedReview> {
  return changeReply(staff, actor, id, text);
}

/** Removes the shop's reply to a review. */
export function removeReviewReply(
  staff: Pick<StaffContext, 'db' | 'now' | 'catalogueChanged'>,
  actor: Actor,
  id: number,
): Promise<ModeratedReview> {
  return changeReply(staff, actor, id, null);
}
