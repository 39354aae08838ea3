import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import { AddressSchema } from '../../contract/api/accounts';
import { MessageAnswerSchema } from '../../contract/api/messages';
import { addressSchema } from '../../contract/schemas/address';
import { IdParams } from '../../contract/schemas/common';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import type { Accounts } from '../services/auth/accounts';
import { addAddress, addressesOf, addressNotFound, addressOfShopper, removeAddress } from '../services/addresses';

/** The signed-in shopper's delivery addresses. Another shopper's address is indistinguishable from a missing one. */
export function addressRoutes(accounts: Accounts): ApiRoutes<SessionEnv> {
  const { db } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const signedIn = shopperSession(accounts);
  const noAddress = onInvalid({ param: addressNotFound });

  const list = createRoute({
    method: 'get',
    path: '/addresses',
    tags: ['Profile'],
    summary: 'List the saved addresses',
    ...signedIn,
    responses: { 200: json(z.array(AddressSchema), 'The addresses, newest first.'), ...errors(401) },
  });
  app.openapi(list, async (c) => c.json(await addressesOf(db, c.get('session').user.id), 200));

  const add = createRoute({
    method: 'post',
    path: '/addresses',
    tags: ['Profile'],
    summary: 'Save a delivery address',
    ...signedIn,
    request: { body: jsonBody(addressSchema) },
    responses: {
      201: json(AddressSchema, 'The saved address.'),
      ...errors([400, 'The request is not valid, or 50 addresses are saved already.'], 401, 413, 415),
    },
  });
  app.openapi(add, async (c) => {
    const at = new Date(accounts.now()).toISOString();
    return c.json(await addAddress(db, c.get('session').user.id, c.req.valid('json'), at), 201);
  });

  const getOne = createRoute({
    method: 'get',
    path: '/addresses/{id}',
    tags: ['Profile'],
    summary: 'Get one saved address',
    ...signedIn,
    request: { params: IdParams },
    responses: { 200: json(AddressSchema, 'The address.'), ...errors(401, [404, 'No such address of this shopper.']) },
  });
  app.openapi(
    getOne,
    async (c) => c.json(await addressOfShopper(db, c.get('session').user.id, c.req.valid('param').id), 200),
    noAddress,
  );

  const remove = createRoute({
    method: 'delete',
    path: '/addresses/{id}',
    tags: ['Profile'],
    summary: 'Delete a saved address',
    ...signedIn,
    request: { params: IdParams },
    responses: {
      200: json(MessageAnswerSchema, 'The address was deleted.'),
      ...errors(401, [404, 'No such address of this shopper.'], 413),
    },
  });
  app.openapi(
    remove,
    async (c) => {
      await removeAddress(db, c.get('session').user.id, c.req.valid('param').id);
      return c.json({ message: 'Address deleted successfully.' }, 200);
    },
    noAddress,
  );

  return app;
}
