import { Hono } from 'hono';
import type { Address } from '../../contract/types';
import { addressSchema } from '../../contract/schemas/address';
import type { AddressRow } from '../db/schema';
import { requireSession, type SessionEnv } from '../http/auth';
import { ApiError, notFound } from '../http/errors';
import { parseJson } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';

/** Addresses one shopper may keep: plenty for a household, and a bound on what one account can store. */
export const MAX_ADDRESSES = 50;

/** An address as the API shows it: `user` is the owner's id. */
function addressOf(row: AddressRow): Address {
  return {
    id: row.id,
    name: row.name,
    phone_number: row.phone_number,
    alternate_phone_number: row.alternate_phone_number,
    pincode: row.pincode,
    locality: row.locality,
    area: row.area,
    city: row.city,
    state: row.state,
    landmark: row.landmark,
    address_type: row.address_type,
    user: row.user_id,
  };
}

/** The id in the path, or null when it cannot be an address id (which then answers 404 too). */
function addressId(raw: string): number | null {
  return /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
}

/** The signed-in shopper's delivery addresses. Another shopper's address is indistinguishable from a missing one. */
export function addressRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);
  const missing = () => notFound('Address not found.');

  app.get('/addresses', auth, async (c) => {
    const rows = await db
      .selectFrom('addresses')
      .selectAll()
      .where('user_id', '=', c.get('session').user.id)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return c.json(rows.map(addressOf));
  });

  app.post('/addresses', auth, async (c) => {
    const userId = c.get('session').user.id;
    const input = await parseJson(c, addressSchema);
    const { count } = await db
      .selectFrom('addresses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (Number(count) >= MAX_ADDRESSES) {
      throw new ApiError(400, `You can keep at most ${MAX_ADDRESSES} addresses; delete one first.`);
    }
    const row = await db
      .insertInto('addresses')
      .values({ ...input, user_id: userId, created_at: new Date(accounts.now()).toISOString() })
      .returningAll()
      .executeTakeFirstOrThrow();
    return c.json(addressOf(row), 201);
  });

  app.get('/addresses/:id', auth, async (c) => {
    const id = addressId(c.req.param('id'));
    if (id === null) throw missing();
    const row = await db
      .selectFrom('addresses')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', c.get('session').user.id)
      .executeTakeFirst();
    if (!row) throw missing();
    return c.json(addressOf(row));
  });

  app.delete('/addresses/:id', auth, async (c) => {
    const id = addressId(c.req.param('id'));
    if (id === null) throw missing();
    const result = await db
      .deleteFrom('addresses')
      .where('id', '=', id)
      .where('user_id', '=', c.get('session').user.id)
      .executeTakeFirst();
    if (!result.numDeletedRows) throw missing();
    return c.json({ message: 'Address deleted successfully.' });
  });

  return app;
}
