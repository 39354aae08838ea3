import { sql, type SqlBool } from 'kysely';
import type { Db } from '../db';
import { containsPattern } from './helpers';

/**
 * Shoppers' accounts as support staff find them. Every query names its columns: a password
 * hash or token-validity time never leaves the database through here.
 */

/** Accounts whose name, e-mail or phone contains `search` (all of them without one). */
function matching(db: Db, search: string | undefined) {
  const query = db.selectFrom('users as u');
  const text = search?.trim();
  if (!text) return query;
  return query.where((eb) => {
    const like = containsPattern(text);
    const any = [
      sql<SqlBool>`lower(u.first_name || ' ' || u.last_name) LIKE ${like} ESCAPE '\\'`,
      sql<SqlBool>`lower(u.email) LIKE ${like} ESCAPE '\\'`,
    ];
    const digits = text.replace(/\D/g, '');
    // A phone as typed ('+91 98765 43210'): its last ten digits, as stored.
    if (digits.length >= 3 && /^\+?[\d\s-]+$/.test(text)) {
      any.push(sql<SqlBool>`u.phone_number LIKE ${containsPattern(digits.slice(-10))} ESCAPE '\\'`);
    }
    return eb.or(any);
  });
}

/** `limit` accounts from `offset`, newest first, each with how many orders of goods it placed. */
export function customerPage(db: Db, search: string | undefined, offset: number, limit: number) {
  return matching(db, search)
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      'u.email',
      'u.phone_number',
      'u.created_at',
      eb
        .selectFrom('orders as o')
        .select((sub) => sub.fn.countAll<number>().as('n'))
        .whereRef('o.user_id', '=', 'u.id')
        .where('o.kind', '=', 'goods')
        .as('orders'),
    ])
    .orderBy('u.created_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** How many accounts match `search`. */
export async function countCustomers(db: Db, search: string | undefined): Promise<number> {
  const row = await matching(db, search)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One account's profile: name, e-mail, phone and when it joined. */
export function customerProfile(db: Db, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email', 'phone_number', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The newest `limit` orders of goods of one account, with the pieces each holds. */
export function customerOrders(db: Db, userId: number, limit: number) {
  return db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.created_at',
      'o.state',
      'o.payment_method',
      'o.amount_paise',
      eb
        .selectFrom('order_items as i')
        .select((sub) => sub.fn.sum<number>('i.quantity').as('n'))
        .whereRef('i.order_id', '=', 'o.id')
        .as('pieces'),
    ])
    .where('o.user_id', '=', userId)
    .where('o.kind', '=', 'goods')
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many orders of goods one account placed. */
export async function countCustomerOrders(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'goods')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
