import { Hono } from 'hono';
import { addressSchema } from '../../contract/schemas/address';
import { IdParams } from '../../contract/schemas/common';
import { requireSession, type SessionEnv } from '../http/auth';
import { parseJson, parseParams } from '../http/validate';
import type { Accounts } from '../services/auth/accounts';
import { addAddress, addressesOf, addressNotFound, addressOfShopper, removeAddress } from '../services/addresses';

/** The signed-in shopper's delivery addresses. Another shopper's address is indistinguishable from a missing one. */
export function addressRoutes(accounts: Accounts): Hono<SessionEnv> {
  const { db } = accounts;
  const app = new Hono<SessionEnv>({ strict: false });
  const auth = requireSession(accounts);

  app.get('/addresses', auth, async (c) => c.json(await addressesOf(db, c.get('session').user.id)));

  app.post('/addresses', auth, async (c) => {
    const input = await parseJson(c, addressSchema);
    const at = new Date(accounts.now()).toISOString();
    return c.json(await addAddress(db, c.get('session').user.id, input, at), 201);
  });

  app.get('/addresses/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, addressNotFound);
    return c.json(await addressOfShopper(db, c.get('session').user.id, id));
  });

  app.delete('/addresses/:id', auth, async (c) => {
    const { id } = parseParams(c, IdParams, addressNotFound);
    await removeAddress(db, c.get('session').user.id, id);
    return c.json({ message: 'Address deleted successfully.' });
  });

  return app;
}
