import { createRoute } from '@hono/zod-openapi';
import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ApiRoutes, errors, json, jsonBody, onInvalid } from '../../server/http/api-routes';
import { errorResponse, notFound } from '../../server/http/errors';

/**
 * `ApiRoutes` reads a request the shop's way (server/http/validate.ts), not as @hono/zod-openapi's
 * own validators would: these are the cases where the two answer differently, and what the shop
 * answers. One route declares a path id, a query and a JSON body; its hook makes a bad id a 404.
 */
function shop() {
  const routes = new ApiRoutes();
  const change = createRoute({
    method: 'patch',
    path: '/lines/{id}',
    request: {
      params: z.object({ id: z.string().regex(/^\d+$/).transform(Number) }),
      query: z.object({ page: z.coerce.number().int().positive().optional() }),
      body: jsonBody(z.object({ quantity: z.number().int().min(1) })),
    },
    responses: {
      200: json(z.object({ id: z.number(), quantity: z.number(), page: z.number() }), 'The line.'),
      ...errors(400),
    },
  });
  routes.openapi(
    change,
    (c) =>
      c.json(
        { id: c.req.valid('param').id, quantity: c.req.valid('json').quantity, page: c.req.valid('query').page ?? 1 },
        200,
      ),
    onInvalid({ param: () => notFound('No such line.') }),
  );
  const app = new Hono({ strict: false });
  app.route('/', routes);
  app.onError((error, c) => errorResponse(c, error) ?? c.json({ message: 'Something went wrong.' }, 500));
  return { app, routes };
}

const JSON_TYPE = { 'content-type': 'application/json' };

describe('ApiRoutes reads requests as the shop always has', () => {
  const { app, routes } = shop();
  const patch = (path: string, headers: Record<string, string>, body?: string) =>
    app.request(path, { method: 'PATCH', headers, body });

  test.each<[string, string, Record<string, string>, string | undefined, number, object]>([
    ['a good request', '/lines/7', JSON_TYPE, '{"quantity":2}', 200, { id: 7, quantity: 2, page: 1 }],
    ['a trailing slash', '/lines/7/', JSON_TYPE, '{"quantity":2}', 200, { id: 7, quantity: 2, page: 1 }],
    [
      'a space before the parameters of the type',
      '/lines/7',
      { 'content-type': 'application/json ; charset=utf-8' },
      '{"quantity":2}',
      200,
      { id: 7, quantity: 2, page: 1 },
    ],
    [
      'repeated query keys: the first counts',
      '/lines/7?page=2&page=x',
      JSON_TYPE,
      '{"quantity":2}',
      200,
      { id: 7, quantity: 2, page: 2 },
    ],
    [
      'a path id that names nothing, whatever the body: the route’s 404',
      '/lines/x',
      {},
      'not json',
      404,
      { message: 'No such line.' },
    ],
    [
      'no Content-Type and no body',
      '/lines/7',
      {},
      undefined,
      415,
      { message: 'Send the request body as JSON (Content-Type: application/json).' },
    ],
    [
      'a form where JSON is read',
      '/lines/7',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'quantity=2',
      415,
      { message: 'Send the request body as JSON (Content-Type: application/json).' },
    ],
    [
      'JSON that does not parse',
      '/lines/7',
      JSON_TYPE,
      '{"quantity":',
      400,
      { message: 'The request body is not valid JSON.' },
    ],
    [
      'a missing field, in the shop’s words',
      '/lines/7',
      JSON_TYPE,
      '{}',
      400,
      { message: 'Please give the quantity.', errors: { quantity: ['Please give the quantity.'] } },
    ],
    [
      'a bad query value',
      '/lines/7?page=0',
      JSON_TYPE,
      '{"quantity":2}',
      400,
      { message: 'The page is too short or too small.', errors: { page: ['The page is too short or too small.'] } },
    ],
  ])('%s', async (_, path, headers, body, status, answer) => {
    const res = await patch(path, headers, body);
    expect(await res.json()).toEqual(answer);
    expect(res.status).toBe(status);
  });

  test('the route is declared for the document as written, request and all', () => {
    const doc = routes.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 't', version: '1' } });
    const operation = doc.paths?.['/lines/{id}']?.patch;
    expect(operation?.parameters?.map((p) => ('name' in p ? `${p.in} ${p.name}` : ''))).toEqual([
      'path id',
      'query page',
    ]);
    expect(
      Object.keys(operation?.requestBody && 'content' in operation.requestBody ? operation.requestBody.content : {}),
    ).toEqual(['application/json']);
  });
});
