import { sql, type SqlBool } from 'kysely';
import type { OrderState, PaymentMethod } from '../../contract/order-lifecycle';
import type { OrderSort } from '../../contract/schemas/admin-orders';
import type { Db } from '../db';
import { containsPattern } from './helpers';

/** Orders as the back office finds them: every shopper's, filtered, sorted and counted. */

/** What narrows the board. Times are ISO (UTC). */
export interface OrderBoardFilter {
  states?: readonly OrderState[];
  paymentMethod?: PaymentMethod;
  pincode?: string;
  /** Placed at or after. */
  placedFrom?: string;
  /** Placed before. */
  placedBefore?: string;
  /** An order number, a provider order id, or part of the customer's e-mail or phone. */
  search?: string;
}

/** A phone number as typed ('+91 98765-43210'): at least 5 digits, with nothing but separators around them. */
const PHONE_LIKE = /^\+?[\d\s-]{5,}$/;

/** Goods orders (never the test page's payments) with their shopper, narrowed by `filter`; `states` only when asked. */
function matching(db: Db, filter: OrderBoardFilter, withStates: boolean) {
  let query = db.selectFrom('orders as o').innerJoin('users as u', 'u.id', 'o.user_id').where('o.kind', '=', 'goods');
  if (withStates && filter.states?.length) query = query.where('o.state', 'in', filter.states);
  if (filter.paymentMethod) query = query.where('o.payment_method', '=', filter.paymentMethod);
  if (filter.pincode) query = query.where('o.delivery_pincode', '=', filter.pincode);
  if (filter.placedFrom) query = query.where('o.created_at', '>=', filter.placedFrom);
  if (filter.placedBefore) query = query.where('o.created_at', '<', filter.placedBefore);
  const search = filter.search?.trim().replace(/^#/, '');
  if (search) {
    query = query.where((eb) => {
      const any = [
        eb('o.provider_order_id', '=', search),
        sql<SqlBool>`lower(u.email) LIKE ${containsPattern(search)} ESCAPE '\\'`,
      ];
      if (/^\d{1,15}$/.test(search)) any.push(eb('o.id', '=', Number(search)));
      if (PHONE_LIKE.test(search)) {
        // The last ten digits: '+91 98765 43210' finds 9876543210, as stored.
        const digits = containsPattern(search.replace(/\D/g, '').slice(-10));
        any.push(sql<SqlBool>`u.phone_number LIKE ${digits} ESCAPE '\\'`);
        any.push(sql<SqlBool>`replace(o.address, ' ', '') LIKE ${digits} ESCAPE '\\'`);
      }
      return eb.or(any);
    });
  }
  return query;
}

/** One row of the board: the order, its shopper and the pieces it holds. */
export interface OrderBoardRecord {
  id: number;
  created_at: string;
  state: OrderState;
  payment_method: PaymentMethod;
  amount_paise: number;
  paid_at: string | null;
  provider_order_id: string | null;
  delivery_pincode: string | null;
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string | null;
  pieces: number | string | null;
}

/** The board's columns of the orders matching `filter`: the order, its shopper and how many pieces. */
function boardRows(db: Db, filter: OrderBoardFilter) {
  return matching(db, filter, true).select((eb) => [
    'o.id',
    'o.created_at',
    'o.state',
    'o.payment_method',
    'o.amount_paise',
    'o.paid_at',
    'o.provider_order_id',
    'o.delivery_pincode',
    'o.user_id',
    'u.first_name',
    'u.last_name',
    'u.email',
    'u.phone_number',
    eb
      .selectFrom('order_items as i')
      .select((sub) => sub.fn.sum<number>('i.quantity').as('n'))
      .whereRef('i.order_id', '=', 'o.id')
      .as('pieces'),
  ]);
}

/** `limit` orders from `offset`, in `sort` order (ties broken by number, so pages never overlap). */
export function orderBoardPage(
  db: Db,
  filter: OrderBoardFilter,
  sort: OrderSort,
  offset: number,
  limit: number,
): Promise<OrderBoardRecord[]> {
  let query = boardRows(db, filter);
  switch (sort) {
    case 'oldest':
      query = query.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc');
      break;
    case 'amount_high':
      query = query.orderBy('o.amount_paise', 'desc').orderBy('o.id', 'desc');
      break;
    case 'amount_low':
      query = query.orderBy('o.amount_paise', 'asc').orderBy('o.id', 'asc');
      break;
    default:
      query = query.orderBy('o.created_at', 'desc').orderBy('o.id', 'desc');
  }
  return query.limit(limit).offset(offset).execute();
}

/** An order as the export writes it: the board's columns and the address, invoice and refunds. */
export interface OrderExportRecord extends OrderBoardRecord {
  address: string;
  delivery_state: string | null;
  invoice_number: string | null;
  refunded_paise: number | string | null;
}

/** At most `limit` orders matching `filter`, oldest first, for the CSV export. */
export function ordersForExport(db: Db, filter: OrderBoardFilter, limit: number): Promise<OrderExportRecord[]> {
  return boardRows(db, filter)
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .select((eb) => [
      'o.delivery_state',
      'o.address',
      'inv.number as invoice_number',
      eb
        .selectFrom('refunds as r')
        .select((sub) => sub.fn.sum<number>('r.amount_paise').as('n'))
        .whereRef('r.order_id', '=', 'o.id')
        .as('refunded_paise'),
    ])
    .orderBy('o.created_at', 'asc')
    .orderBy('o.id', 'asc')
    .limit(limit)
    .execute();
}

/** The states of an order waiting to be packed: paid online, or confirmed to be paid in cash at the door. */
export const TO_PACK: readonly OrderState[] = ['paid', 'placed'];

/** An order waiting to be packed: the board's columns and its invoice's number. */
export type PackingRecord = OrderBoardRecord & { invoice_number: string | null };

/** At most `limit` orders waiting to be packed (or just those of `ids`), oldest first. */
export function ordersToPack(db: Db, limit: number, ids?: readonly number[]): Promise<PackingRecord[]> {
  let query = boardRows(db, { states: TO_PACK })
    .leftJoin('invoices as inv', 'inv.order_id', 'o.id')
    .select('inv.number as invoice_number');
  if (ids) query = query.where('o.id', 'in', ids);
  return query.orderBy('o.created_at', 'asc').orderBy('o.id', 'asc').limit(limit).execute();
}

/** How many orders match `filter`. */
export async function countOrderBoard(db: Db, filter: OrderBoardFilter): Promise<number> {
  const row = await matching(db, filter, true)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** How many orders are in each state under every filter but the states (the board's tabs). */
export async function countOrdersByState(db: Db, filter: OrderBoardFilter): Promise<Map<OrderState, number>> {
  const rows = await matching(db, filter, false)
    .select((eb) => ['o.state', eb.fn.countAll<number>().as('n')])
    .groupBy('o.state')
    .execute();
  return new Map(rows.map((r) => [r.state, Number(r.n)]));
}

/** An order with its shopper's name and contact, for the order's page. */
export function orderWithCustomer(db: Db, id: number) {
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .selectAll('o')
    .select(['u.first_name', 'u.last_name', 'u.email', 'u.phone_number'])
    .where('o.id', '=', id)
    .where('o.kind', '=', 'goods')
    .executeTakeFirst();
}

/** An order's lines with each variant's SKU and name (null when the variant is gone from the catalogue). */
export function orderLinesWithSku(db: Db, orderId: number) {
  return db
    .selectFrom('order_items as i')
    .leftJoin('variants as v', 'v.id', 'i.variant_id')
    .select([
      'i.variant_id',
      'i.product_id',
      'i.product_name',
      'i.product_image',
      'i.size',
      'i.color',
      'i.quantity',
      'i.unit_price_paise',
      'v.sku',
      'v.name as variant_name',
    ])
    .where('i.order_id', '=', orderId)
    .orderBy('i.id')
    .execute();
}
