import { createRoute } from '@hono/zod-openapi';
import { CustomerPageSchema, CustomerProfileSchema } from '../../contract/api/admin-customers';
import { CustomerQuery } from '../../contract/schemas/admin-customers';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, onInvalid } from '../http/api-routes';
import { notFound } from '../http/errors';
import { NO_STAFF_TOKEN, ROLE_REFUSED, staffOnly, whoMay, type StaffEnv } from '../http/staff-auth';
import type { StaffContext } from '../services/staff/context';
import { CUSTOMER_NOT_FOUND, readCustomer, readCustomerPage } from '../services/staff/customers';

/** Customers' accounts under /api/admin/customers, for the roles that help customers (`customers.read`). */
export function adminCustomerRoutes(staff: StaffContext): ApiRoutes<StaffEnv> {
  const app = new ApiRoutes<StaffEnv>();
  const tags = ['Back office: customers'];

  const find = createRoute({
    method: 'get',
    path: '/customers',
    tags,
    summary: 'Find customers',
    description:
      `${whoMay('customers.read')} By part of the name, e-mail or phone number; newest accounts first, in ` +
      'pages. Never a password hash, token, reset PIN or device cookie.',
    ...staffOnly(staff, 'customers.read'),
    request: { query: CustomerQuery },
    responses: {
      200: json(CustomerPageSchema, 'One page of customers.'),
      ...errors(400, NO_STAFF_TOKEN, ROLE_REFUSED),
    },
  });
  app.openapi(find, async (c) => c.json(await readCustomerPage(staff.db, c.req.valid('query')), 200));

  const customer = createRoute({
    method: 'get',
    path: '/customers/{id}',
    tags,
    summary: 'One customer',
    description: `${whoMay('customers.read')} The profile, their newest orders and their saved addresses.`,
    ...staffOnly(staff, 'customers.read'),
    request: { params: IdParams },
    responses: {
      200: json(CustomerProfileSchema, 'The customer.'),
      ...errors(NO_STAFF_TOKEN, ROLE_REFUSED, [404, 'No such customer.']),
    },
  });
  app.openapi(
    customer,
    async (c) => c.json(await readCustomer(staff.db, c.req.valid('param').id), 200),
    onInvalid({ param: () => notFound(CUSTOMER_NOT_FOUND) }),
  );

  return app;
}
