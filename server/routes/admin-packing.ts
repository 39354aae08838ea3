import { createRoute } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { CourierSchema, PackingQueueSchema, PackResultsSchema } from '../../contract/api/admin-orders';
import { indiaDay } from '../../contract/format';
import { IdParams } from '../../contract/schemas/common';
import { CourierBody, PackBody, PackingDocumentsQuery } from '../../contract/schemas/admin-orders';
import { ApiRoutes, errors, json, jsonBody, onInvalid, pdf, pdfDownload } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv, staffActor } from '../http/staff-auth';
import type { StaffContext } from '../services/staff/context';
import {
  addCourier,
  changeCourier,
  COURIER_NOT_FOUND,
  couriers,
  packingDocuments,
  packingQueue,
  packOrders,
} from '../services/staff/packing';

/**
 * The packing queue under /api/admin/packing (what to pack, its papers as one PDF, marking a batch
 * packed) and the couriers orders ship with, under /api/admin/couriers.
 */
export function adminPackingRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const actorOf = (c: Context<StaffEnv>) => staffActor(c, staff);
  const tags = ['Back office: packing and couriers'];

  const queue = createRoute({
    method: 'get',
    path: '/packing',
    tags,
    summary: 'The orders to pack',
    description:
      `${whoMay('orders.read')} Paid online and confirmed cash-on-delivery orders together, the oldest first, ` +
      'each with the delivery date promised to the shopper and its invoice number (at most 200; `count` is all).',
    ...staffOnly(staff, 'orders.read'),
    responses: { 200: json(PackingQueueSchema, 'The queue.'), ...errors(NO_STAFF_TOKEN, ROLE_REFUSED) },
  });
  app.openapi(queue, async (c) => c.json(await packingQueue(staff.db, staff.delivery), 200));

  const documents = createRoute({
    method: 'get',
    path: '/packing/documents',
    tags,
    summary: 'Packing slips and invoices of some orders, as one PDF',
    description:
      `${whoMay('orders.read')} For each order (1 to 50, oldest first): its packing slip, then its tax invoice ` +
      'when it has one (an unpaid cash-on-delivery order has none yet).',
    ...staffOnly(staff, 'orders.read'),
    request: { query: PackingDocumentsQuery },
    responses: {
      200: pdf('The slips and invoices.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'One of the orders is not there (the message names it).']),
    },
  });
  app.openapi(documents, async (c) =>
    pdfDownload(c, await packingDocuments(staff, c.req.valid('query').ids, indiaDay(staff.now()))),
  );

  const pack = createRoute({
    method: 'post',
    path: '/packing/pack',
    tags,
    summary: 'Mark orders packed',
    description:
      `${whoMay('orders.write')} Each order (1 to 50) is moved on its own, as the order page does it: one ` +
      'cancelled or packed meanwhile is refused with the reason, and the others are packed. Each move is ' +
      'written to the audit log.',
    ...staffOnly(staff, 'orders.write'),
    request: { body: jsonBody(PackBody) },
    responses: {
      200: json(PackResultsSchema, 'What happened to each order.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, 413, 415),
    },
  });
  app.openapi(pack, async (c) => c.json(await packOrders(staff, actorOf(c), c.req.valid('json').ids), 200));

  const list = createRoute({
    method: 'get',
    path: '/couriers',
    tags,
    summary: 'The couriers',
    description: `${whoMay('orders.read')} By name, with each one\u2019s tracking address; inactive ones too.`,
    ...staffOnly(staff, 'orders.read'),
    responses: { 200: json(z.array(CourierSchema), 'The couriers.'), ...errors(NO_STAFF_TOKEN, ROLE_REFUSED) },
  });
  app.openapi(list, async (c) => c.json(await couriers(staff.db), 200));

  const add = createRoute({
    method: 'post',
    path: '/couriers',
    tags,
    summary: 'Add a courier',
    description:
      `${whoMay('staff.manage')} Its name and tracking address (https, \`{awb}\` where the number goes); ` +
      'written to the audit log.',
    ...staffOnly(staff, 'staff.manage'),
    request: { body: jsonBody(CourierBody) },
    responses: {
      201: json(CourierSchema, 'The courier.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED, [409, 'A courier of this name is on the list.'], 413, 415),
    },
  });
  app.openapi(add, async (c) => c.json(await addCourier(staff.db, actorOf(c), staff.now(), c.req.valid('json')), 201));

  const change = createRoute({
    method: 'put',
    path: '/couriers/{id}',
    tags,
    summary: 'Change a courier',
    description:
      `${whoMay('staff.manage')} Its name, tracking address and whether it is offered; orders shipped with it ` +
      'keep the link they were sent. Written to the audit log.',
    ...staffOnly(staff, 'staff.manage'),
    request: { params: IdParams, body: jsonBody(CourierBody) },
    responses: {
      200: json(CourierSchema, 'The courier as changed.'),
      ...errors(
        400,
        NO_STAFF_TOKEN,
        ROLE_REFUSED,
        [404, 'No such courier.'],
        [409, 'Another courier has this name.'],
        413,
        415,
      ),
    },
  });
  app.openapi(
    change,
    async (c) =>
      c.json(await changeCourier(staff.db, actorOf(c), staff.now(), c.req.valid('param').id, c.req.valid('json')), 200),
    onInvalid({ param: () => notFound(COURIER_NOT_FOUND) }),
  );

  return app;
}
