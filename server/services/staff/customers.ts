import { CUSTOMER_ORDERS_SHOWN, type CustomerPage, type CustomerProfile } from '../../../contract/api/admin-customers';
import { paiseToRupees } from '../../../contract/pricing';
import { CUSTOMER_PAGE_SIZE, type CustomerFilters } from '../../../contract/schemas/admin-customers';
import type { Db } from '../../db';
import { NotFound } from '../errors';
import {
  countCustomerOrders,
  countCustomers,
  customerOrders,
  customerPage,
  customerProfile,
} from '../../repositories/customers';
import { addressesOf } from '../addresses';

/** Customers' accounts as support reads them: search, and one customer with their orders and addresses. */

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** One page of customers matching the search, newest accounts first. */
export async function readCustomerPage(db: Db, query: CustomerFilters): Promise<CustomerPage> {
  const page = query.page ?? 1;
  const pageSize = query.page_size ?? CUSTOMER_PAGE_SIZE;
  const search = query.q || undefined;
  const [count, rows] = await Promise.all([
    countCustomers(db, search),
    customerPage(db, search, (page - 1) * pageSize, pageSize),
  ]);
  return {
    count,
    page,
    page_size: pageSize,
    results: rows.map((r) => ({
      id: r.id,
      first_name: r.first_name,
      last_name: r.last_name,
      email: r.email,
      phone_number: r.phone_number,
      joined: r.created_at,
      orders: Number(r.orders ?? 0),
    })),
  };
}

/** A customer's profile, their newest orders and their saved addresses; 404 for an unknown id. */
export async function readCustomer(db: Db, id: number): Promise<CustomerProfile> {
  const user = await customerProfile(db, id);
  if (!user) throw new NotFound(CUSTOMER_NOT_FOUND);
  const [orderCount, orders, addresses] = await Promise.all([
    countCustomerOrders(db, id),
    customerOrders(db, id, CUSTOMER_ORDERS_SHOWN),
    addressesOf(db, id),
  ]);
  return {
    id: user.id,
    first_name: user.first_name,
    last_name: user.last_name,
    email: user.email,
    phone_number: user.phone_number,
    joined: user.created_at,
    order_count: orderCount,
    orders: orders.map((o) => ({
      id: o.id,
      created_at: o.created_at,
      state: o.state,
      payment_method: o.payment_method,
      amount: paiseToRupees(o.amount_paise),
      items: Number(o.pieces ?? 0),
    })),
    addresses,
  };
}
