import { Hono, type Context } from 'hono';
import { HideReviewBody, ReviewModerationQuery } from '../../contract/schemas/admin-reviews';
import { IdParams } from '../../contract/schemas/common';
import { clientAddress } from '../http/client-address';
import { notFound } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { parseJson, parseParams, parseQuery } from '../http/validate';
import type { Actor } from '../services/staff/audit';
import type { StaffContext } from '../services/staff/context';
import { hideReview, readModerationPage, REVIEW_NOT_FOUND, unhideReview } from '../services/staff/review-moderation';

/** Review moderation under /api/admin/reviews (`reviews.moderate`): the list, hiding and showing again. */
export function adminReviewRoutes(staff: StaffContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>({ strict: false });
  const actorOf = (c: Context<StaffEnv>): Actor => ({
    staffId: c.get('staffSession').staff.id,
    ip: clientAddress(c, staff.trustProxy),
  });
  const reviewId = (c: Context) => parseParams(c, IdParams, () => notFound(REVIEW_NOT_FOUND)).id;

  app.get('/reviews', requireStaff(staff, 'reviews.moderate'), async (c) =>
    c.json(await readModerationPage(staff.db, parseQuery(c, ReviewModerationQuery))),
  );

  app.post('/reviews/:id/hide', requireStaff(staff, 'reviews.moderate'), async (c) => {
    const id = reviewId(c);
    const { reason } = await parseJson(c, HideReviewBody);
    return c.json(await hideReview(staff, actorOf(c), id, reason));
  });

  app.post('/reviews/:id/unhide', requireStaff(staff, 'reviews.moderate'), async (c) =>
    c.json(await unhideReview(staff, actorOf(c), reviewId(c))),
  );

  return app;
}
