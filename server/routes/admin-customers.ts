import { Hono } from 'hono';
import { CustomerQuery } from '../../contract/schemas/admin-customers';
import { IdParams } from '../../contract/schemas/common';
import { notFound } from '../http/errors';
import { requireStaff, type StaffEnv } from '../http/staff-auth';
import { parseParams, parseQuery } from '../http/validate';
import type { StaffContext } from '../services/staff/context';
import { CUSTOMER_NOT_FOUND, readCustomer, readCustomerPage } from '../services/staff/customers';

/** Customers' accounts under /api/admin/customers, for the roles that help customers (`customers.read`). */
export function adminCustomerRoutes(staff: StaffContext): Hono<StaffEnv> {
  const app = new Hono<StaffEnv>({ strict: false });

  app.get('/customers', requireStaff(staff, 'customers.read'), async (c) =>
    c.json(await readCustomerPage(staff.db, parseQuery(c, CustomerQuery))),
  );

  app.get('/customers/:id', requireStaff(staff, 'customers.read'), async (c) => {
    const { id } = parseParams(c, IdParams, () => notFound(CUSTOMER_NOT_FOUND));
    return c.json(await readCustomer(staff.db, id));
  });

  return app;
}
