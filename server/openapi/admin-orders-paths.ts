/**
 * The back office's orders, customers and reviews (/api/admin), for the OpenAPI document: their
 * operations, their tags, and a function registering both on the document's registry.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { CustomerPageSchema, CustomerProfileSchema } from '../../contract/api/admin-customers';
import { OrderBoardPageSchema, StaffOrderSchema } from '../../contract/api/admin-orders';
import { ModeratedReviewPageSchema, ModeratedReviewSchema } from '../../contract/api/admin-reviews';
import { CustomerQuery } from '../../contract/schemas/admin-customers';
import { OrderBoardQuery, OrderMoveBody } from '../../contract/schemas/admin-orders';
import { HideReviewBody, ReviewModerationQuery } from '../../contract/schemas/admin-reviews';
import { IdParams } from '../../contract/schemas/common';
import { ROLE_CANNOT, ROLE_PERMISSIONS, STAFF_ROLES, type Permission } from '../../contract/staff';
import { errors, json, jsonBody, operationId, STAFF_BEARER, type Operation } from './paths';

export const ADMIN_DESK_TAGS = [
  {
    name: 'Back office: orders',
    description: 'The orders board, one order in full, moving orders along, invoices and packing slips.',
  },
  { name: 'Back office: customers', description: "Customers' accounts, their orders and addresses, for support." },
  { name: 'Back office: reviews', description: 'Every review, shown or hidden; hiding one takes it off the shop.' },
] as const;

type DeskOperation = Omit<Operation, 'tag' | 'staff' | 'session'> & {
  tag: (typeof ADMIN_DESK_TAGS)[number]['name'];
};

const admin = (path: string) => `/api/admin${path}`;

/** Who may call: the roles whose permissions include `permission`. */
function whoMay(permission: Permission): string {
  const roles = STAFF_ROLES.filter((role) => ROLE_PERMISSIONS[role].includes(permission));
  return `Needs \`${permission}\` (${roles.join(', ')}); other roles are answered 403 and the refusal is logged.`;
}

const unauthenticated: [401, string] = [
  401,
  'No staff token, or one that has ended or is not a staff token (a shopper\u2019s): `WWW-Authenticate: Bearer`.',
];
const forbidden: [403, string] = [403, `The role may not do this: \`${ROLE_CANNOT}\` (logged).`];
const pdf = (description: string) => ({
  description,
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
});

export function adminDeskOperations(): DeskOperation[] {
  return [
    {
      method: 'get',
      path: admin('/orders'),
      tag: 'Back office: orders',
      summary: 'The orders board',
      description:
        `${whoMay('orders.read')} Orders of goods of every shopper, filtered by state(s), payment method, ` +
        'pincode, the days they were placed (India time) and a search, sorted and in pages; `counts` gives ' +
        'the orders in each state under every filter but the state, for the board\u2019s tabs.',
      request: { query: OrderBoardQuery },
      responses: {
        200: json(OrderBoardPageSchema, 'One page of orders.'),
        ...errors(400, unauthenticated, forbidden),
      },
    },
    {
      method: 'get',
      path: admin('/orders/{id}'),
      tag: 'Back office: orders',
      summary: 'One order in full',
      description:
        `${whoMay('orders.read')} The customer, address, lines, payment, every change of state with who made ` +
        'it and the note, the refund, the invoice number, and each move staff make with whether the lifecycle ' +
        'allows it now (and why not).',
      request: { params: IdParams },
      responses: {
        200: json(StaffOrderSchema, 'The order.'),
        ...errors(unauthenticated, forbidden, [404, 'No such order.']),
      },
    },
    {
      method: 'post',
      path: admin('/orders/{id}/move'),
      tag: 'Back office: orders',
      summary: 'Move an order along (packed, shipped, delivered, cancelled)',
      description:
        `${whoMay('orders.write')} Through the order lifecycle: shipping needs the tracking note (shown on ` +
        'the tracking page and in the e-mail); delivering a cash-on-delivery order records its payment and ' +
        'issues its tax invoice; cancelling gives the stock back and refunds a paid order in full. Each move ' +
        'is written to the audit log with the order\u2019s state before and after.',
      request: { params: IdParams, body: jsonBody(OrderMoveBody) },
      responses: {
        200: json(StaffOrderSchema, 'The order as moved.'),
        ...errors(
          400,
          unauthenticated,
          forbidden,
          [404, 'No such order.'],
          [409, 'The lifecycle does not allow the move from the order\u2019s state (the message says why).'],
          413,
          415,
        ),
      },
    },
    {
      method: 'get',
      path: admin('/orders/{id}/invoice'),
      tag: 'Back office: orders',
      summary: "An order's GST tax invoice",
      description: `${whoMay('orders.read')} The same PDF the shopper downloads.`,
      request: { params: IdParams },
      responses: {
        200: pdf('The invoice.'),
        ...errors(unauthenticated, forbidden, [404, 'No such order, or it is not paid yet (no invoice).']),
      },
    },
    {
      method: 'get',
      path: admin('/orders/{id}/packing-slip'),
      tag: 'Back office: orders',
      summary: "An order's packing slip",
      description:
        `${whoMay('orders.read')} A PDF for the parcel: the shop, the order number and date, the ship-to ` +
        'address and phone, and each line with its variant, SKU, size, colour and quantity. No prices.',
      request: { params: IdParams },
      responses: {
        200: pdf('The packing slip.'),
        ...errors(unauthenticated, forbidden, [404, 'No such order.']),
      },
    },
    {
      method: 'get',
      path: admin('/customers'),
      tag: 'Back office: customers',
      summary: 'Find customers',
      description:
        `${whoMay('customers.read')} By part of the name, e-mail or phone number; newest accounts first, in ` +
        'pages. Never a password hash, token, reset PIN or device cookie.',
      request: { query: CustomerQuery },
      responses: {
        200: json(CustomerPageSchema, 'One page of customers.'),
        ...errors(400, unauthenticated, forbidden),
      },
    },
    {
      method: 'get',
      path: admin('/customers/{id}'),
      tag: 'Back office: customers',
      summary: 'One customer',
      description: `${whoMay('customers.read')} The profile, their newest orders and their saved addresses.`,
      request: { params: IdParams },
      responses: {
        200: json(CustomerProfileSchema, 'The customer.'),
        ...errors(unauthenticated, forbidden, [404, 'No such customer.']),
      },
    },
    {
      method: 'get',
      path: admin('/reviews'),
      tag: 'Back office: reviews',
      summary: 'Reviews for moderation',
      description:
        `${whoMay('reviews.moderate')} Shown and hidden reviews, newest first, filtered by product, rating, ` +
        'whether hidden, and a search of the text, product and author; each with who hid it and why.',
      request: { query: ReviewModerationQuery },
      responses: {
        200: json(ModeratedReviewPageSchema, 'One page of reviews.'),
        ...errors(400, unauthenticated, forbidden),
      },
    },
    {
      method: 'post',
      path: admin('/reviews/{id}/hide'),
      tag: 'Back office: reviews',
      summary: 'Hide a review',
      description:
        `${whoMay('reviews.moderate')} With the reason (kept with the review and in the audit log). A hidden ` +
        'review leaves every public list and its product\u2019s average and count; the product\u2019s pages are ' +
        'rendered again. Its author cannot write another review of the variant.',
      request: { params: IdParams, body: jsonBody(HideReviewBody) },
      responses: {
        200: json(ModeratedReviewSchema, 'The review, hidden.'),
        ...errors(400, unauthenticated, forbidden, [404, 'No such review.'], [409, 'Hidden already.'], 413, 415),
      },
    },
    {
      method: 'post',
      path: admin('/reviews/{id}/unhide'),
      tag: 'Back office: reviews',
      summary: 'Show a hidden review again',
      description: `${whoMay('reviews.moderate')} It is back in the public lists and averages; logged.`,
      request: { params: IdParams },
      responses: {
        200: json(ModeratedReviewSchema, 'The review, shown.'),
        ...errors(unauthenticated, forbidden, [404, 'No such review.'], [409, 'It is not hidden.'], 413),
      },
    },
  ];
}

/** Registers the operations above on the document's registry, each needing a staff token. */
export function registerAdminDeskOperations(spec: OpenAPIHono): void {
  for (const op of adminDeskOperations()) {
    spec.openAPIRegistry.registerPath({
      method: op.method,
      path: op.path,
      tags: [op.tag],
      summary: op.summary,
      description: op.description,
      operationId: operationId(op.method, op.path),
      security: [{ [STAFF_BEARER]: [] }],
      request: op.request,
      responses: op.responses,
    });
  }
}
