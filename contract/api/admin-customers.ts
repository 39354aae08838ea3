/**
 * Shoppers' accounts as support staff read them. Only what helping a customer needs: never a
 * password hash, token, reset PIN or device cookie (these schemas are strict, so an answer with
 * anything else fails its own contract).
 */
import { z } from 'zod';
import { ORDER_STATES, PAYMENT_METHODS } from '../order-lifecycle';
import { AddressSchema } from './accounts';

const id = z.number().int().positive();
const count = z.number().int().min(0);
const isoTime = z.string().meta({ description: 'ISO 8601 time, UTC.' });

/** Who a customer is, as every desk view names them. */
const customer = {
  id,
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  joined: isoTime,
};

export const CustomerRowSchema = z
  .strictObject({ ...customer, orders: count.meta({ description: 'Orders placed (of goods).' }) })
  .meta({ id: 'CustomerRow' });
export type CustomerRow = z.infer<typeof CustomerRowSchema>;

export const CustomerPageSchema = z
  .strictObject({
    count: count.meta({ description: 'Customers matching, on all pages.' }),
    page: id,
    page_size: id,
    results: z.array(CustomerRowSchema),
  })
  .meta({ id: 'CustomerPage', description: 'One page of customers, newest accounts first.' });
export type CustomerPage = z.infer<typeof CustomerPageSchema>;

export const CustomerOrderSchema = z
  .strictObject({
    id,
    created_at: isoTime,
    state: z.enum(ORDER_STATES),
    payment_method: z.enum(PAYMENT_METHODS),
    amount: z.number().nonnegative().meta({ description: 'Total in rupees.' }),
    items: count.meta({ description: 'Pieces ordered.' }),
  })
  .meta({ id: 'CustomerOrder' });

/** Most orders a customer's profile lists (the newest); `order_count` says how many there are. */
export const CUSTOMER_ORDERS_SHOWN = 100;

export const CustomerProfileSchema = z
  .strictObject({
    ...customer,
    order_count: count,
    orders: z
      .array(CustomerOrderSchema)
      .meta({ description: `The newest ${CUSTOMER_ORDERS_SHOWN} orders, newest first.` }),
    addresses: z.array(AddressSchema).meta({ description: 'Saved delivery addresses.' }),
  })
  .meta({ id: 'CustomerProfile', description: 'A customer as support sees them.' });
export type CustomerProfile = z.infer<typeof CustomerProfileSchema>;
