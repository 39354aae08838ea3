import { createRoute } from '@hono/zod-openapi';
import { OrderAlertsSchema } from '../../contract/api/admin-orders';
import { OrderAlertsBody } from '../../contract/schemas/admin-orders';
import { ApiRoutes, errors, json, jsonBody } from '../http/api-routes';
import { NO_STAFF_TOKEN, staffActor, staffOnly, type StaffEnv } from '../http/staff-auth';
import type { StaffContext } from '../services/staff/context';
import { readOrderAlerts, setOrderAlerts } from '../services/staff/order-alerts';

/** The e-mails of orders the signed-in staff member gets, under /api/admin/me/alerts. */
export function adminAlertRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const tags = ['Staff'];

  const read = createRoute({
    method: 'get',
    path: '/me/alerts',
    tags,
    summary: 'The e-mails of orders I get',
    description: 'Any role. The new-order e-mail and the morning summary, each on or off.',
    ...staffOnly(staff, null),
    responses: { 200: json(OrderAlertsSchema, 'The choices.'), ...errors(NO_STAFF_TOKEN) },
  });
  app.openapi(read, async (c) => c.json(await readOrderAlerts(staff.db, c.get('staffSession').staff.id), 200));

  const set = createRoute({
    method: 'put',
    path: '/me/alerts',
    tags,
    summary: 'Choose the e-mails of orders I get',
    description:
      'Any role. New orders come at most every 10 minutes, every order since the last in one e-mail; the ' +
      'summary of the day before comes each morning from 08:00 IST. Written to the audit log.',
    ...staffOnly(staff, null),
    request: { body: jsonBody(OrderAlertsBody) },
    responses: { 200: json(OrderAlertsSchema, 'The choices as set.'), ...errors(400, NO_STAFF_TOKEN, 413, 415) },
  });
  app.openapi(set, async (c) => {
    return c.json(await setOrderAlerts(staff.db, staffActor(c, staff), staff.now(), c.req.valid('json')), 200);
  });

  return app;
}
