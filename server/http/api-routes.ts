/**
 * Every route of the API is declared once, with @hono/zod-openapi: `createRoute` names its method,
 * path, parameters, body and answers with their schemas, and `app.openapi(route, handler)` serves it
 * and registers it for the OpenAPI document (server/openapi/document.ts), /api/docs and docs/api.md.
 *
 * `ApiRoutes` is OpenAPIHono with the shop's own reading of a request (http/validate.ts) in place of
 * the library's validators, which answer differently: another 415 and 400 wording for a body that is
 * not JSON or does not parse, a JSON check on an empty body without a Content-Type, repeated query
 * keys read as arrays, and zod's own messages where the shop words each field. Before the handler,
 * in this order, it parses the path's parameters, the query and a body whose one content type is
 * JSON (415 unless declared JSON, 400 unless it parses), each with the zod schema its route
 * declares; the handler reads them with `c.req.valid('param' | 'query' | 'json')`. A part that fails
 * goes to the route's hook (`onInvalid`: a path id that names nothing is that route's 404), else to
 * the default hook: 400 naming each field. Headers, forms, files, CSV and signed webhook bodies are
 * declared for the document and read by their handlers, which know their formats.
 */
import { OpenAPIHono, type OpenAPIHonoOptions, type RouteConfig } from '@hono/zod-openapi';
import type { Context, Env, Handler, MiddlewareHandler, TypedResponse } from 'hono';
import { z } from 'zod';
import { ApiErrorBodySchema } from '../../contract/api/messages';
import { checkValue, readJson, validationError } from './validate';

/** The request parts the shop parses before the handler, in the order it parses them. */
type Target = 'param' | 'query' | 'json';
type Parsed = { target: Target } & ({ success: true; data: unknown } | { success: false; error: z.ZodError });
type RouteHook = (result: Parsed, c: Context) => unknown;

/** The default hook: a part its schema refuses is a 400 naming each field, in the shop's words. */
const refuseInvalid: RouteHook = (result) => {
  if (!result.success) throw validationError(result.error);
};

/**
 * A route's own answers to a part its schema refuses, by part: `onInvalid({ param: () =>
 * notFound('No such order.') })`. A part it does not name is refused as the default hook refuses it.
 */
export function onInvalid(answers: Partial<Record<Target, (error: z.ZodError) => Error>>): InvalidHook {
  return (result) => {
    const parsed = result as Parsed;
    const answer = parsed.success ? undefined : answers[parsed.target];
    if (answer && !parsed.success) throw answer(parsed.error);
    return undefined;
  };
}

/**
 * A route's hook as `onInvalid` makes it. Its argument is `unknown` to the type checker on purpose:
 * a hook typed with the route's input would have TypeScript infer the handler's input from the hook
 * (as `any`) instead of from the route.
 */
export type InvalidHook = (result: unknown, c: unknown) => undefined;

/** The body's schema when its one content type is JSON and zod describes it; null for any other body. */
function jsonSchemaOf(body: NonNullable<RouteConfig['request']>['body']): z.ZodType | null {
  const types = Object.keys(body?.content ?? {});
  const media = types.length === 1 && types[0] === 'application/json' ? body?.content[types[0]] : undefined;
  const schema = media && 'schema' in media ? media.schema : undefined;
  return typeof (schema as z.ZodType | undefined)?.safeParse === 'function' ? (schema as z.ZodType) : null;
}

/** The middleware parsing what `request` declares (see above), or null when it declares nothing to parse. */
function parseRequest(request: RouteConfig['request'], hooks: RouteHook[]): MiddlewareHandler | null {
  const parts: [Target, z.ZodType, (c: Context) => unknown][] = [];
  if (request?.params) parts.push(['param', request.params, (c) => c.req.param()]);
  if (request?.query) parts.push(['query', request.query, (c) => c.req.query()]);
  const json = jsonSchemaOf(request?.body);
  if (json) parts.push(['json', json, readJson]);
  if (parts.length === 0) return null;
  return async (c, next) => {
    for (const [target, schema, read] of parts) {
      const result = checkValue(schema, await read(c));
      for (const hook of hooks) {
        const answer = await hook({ target, ...result }, c);
        if (answer instanceof Response) return answer;
      }
      if (!result.success) throw validationError(result.error);
      c.req.addValidatedData(target, result.data as object);
    }
    await next();
  };
}

/** A group of the API's routes: OpenAPIHono that reads requests the shop's way (see above); paths take a trailing slash or none. */
export class ApiRoutes<E extends Env = Env> extends OpenAPIHono<E> {
  constructor() {
    super({ strict: false, defaultHook: refuseInvalid as NonNullable<OpenAPIHonoOptions<E>['defaultHook']> });
    // The library's openapi(): registers a route for the document (unless hidden) and serves it
    // after its middleware and validators. Here it registers the route as declared and serves it
    // without a request to validate: the shop's parsing runs as the route's last middleware.
    const serve = this.openapi;
    this.openapi = ((route: RouteConfig, handler: Handler, hook?: RouteHook) => {
      const { middleware, hide, ...declared } = route;
      if (!hide) this.openAPIRegistry.registerPath(declared);
      const before = middleware === undefined ? [] : Array.isArray(middleware) ? middleware : [middleware];
      const defaults = this.defaultHook as RouteHook;
      const parse = parseRequest(declared.request, hook ? [hook, defaults] : [defaults]);
      return serve(
        { ...declared, request: undefined, hide: true, middleware: parse ? [...before, parse] : before },
        handler,
      );
    }) as this['openapi'];
  }
}

// ---- What routes declare ----

/** The bearer scheme of shoppers' sessions (the `access` token login answers). */
export const SHOPPER_SCHEME = 'bearerAuth';
/** The bearer scheme of staff sessions (audience `staff`): the /api/admin calls take these and no other. */
export const STAFF_SCHEME = 'staffBearerAuth';
/** The back office's session cookie (services/staff/session-cookie.ts): the same staff token, HttpOnly. */
export const STAFF_COOKIE_SCHEME = 'staffCookieAuth';

/** Registers the security schemes (two bearer tokens, the staff cookie) on the document's registry (the API's root). */
export function declareSecuritySchemes(api: Pick<OpenAPIHono, 'openAPIRegistry'>): void {
  api.openAPIRegistry.registerComponent('securitySchemes', SHOPPER_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `access` token login answers. Sessions last TOKEN_TTL_HOURS (48 by default); logout and a password reset end them.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', STAFF_SCHEME, {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The `token` staff login answers (audience `staff`; a shopper\u2019s token is refused, and a staff token is refused by shopper calls). ' +
      'Sessions last STAFF_TOKEN_TTL_HOURS (8 by default); logout and disabling the account end them.',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', STAFF_COOKIE_SCHEME, {
    type: 'apiKey',
    in: 'cookie',
    name: 'gb_staff_session',
    description:
      'The back office\u2019s session: staff login with `x-gharbazaar-staff: 1` sets it instead of answering the token ' +
      '(HttpOnly, SameSite=Strict, Path=/api/admin/, as long as the token lasts); logout clears it. With it, calls ' +
      'that change something need `x-gharbazaar-staff: 1` too (403 without).',
  });
}

/** An answer with a JSON body. */
export const json = <S extends z.ZodType>(schema: S, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body (a zod schema, or JSON Schema for what zod-to-openapi cannot describe). */
export const jsonBody = <S extends z.ZodType | JsonSchema>(schema: S, description?: string) => ({
  required: true,
  description,
  content: { 'application/json': { schema } },
});

/** A request body the handler reads itself: forms with files, or one call taking a form or JSON. */
export const readByHandler = <C extends Record<string, { schema: z.ZodType }>>(content: C) => ({
  required: true,
  content,
});

type MediaSchema = NonNullable<NonNullable<RouteConfig['request']>['body']>['content'][string];
/** A schema already in JSON Schema (OpenAPI 3.1's dialect), as the document generator takes it. */
export type JsonSchema = Exclude<
  NonNullable<Exclude<NonNullable<MediaSchema>, { $ref: string }>['schema']>,
  z.ZodType | { $ref: string }
>;

/** A file's bytes in a multipart form or an answer. */
export const binary = (description?: string) =>
  z.string().meta(description === undefined ? { format: 'binary' } : { format: 'binary', description });

/** An answer of another content type than JSON, with the schema of its body. */
export const file = <T extends string>(type: T, description: string, schema: z.ZodType = binary()) => ({
  description,
  content: { [type]: { schema } } as Record<T, { schema: z.ZodType }>,
});

/** A PDF download. */
export const pdf = (description: string) => file('application/pdf', description);

/** A PDF answered as a download that no cache keeps (invoices and slips name a customer and their address). */
export function pdfDownload(c: Context, file: { fileName: string; pdf: Buffer | Uint8Array }): Response {
  c.header('content-type', 'application/pdf');
  c.header('content-disposition', `attachment; filename="${file.fileName}"`);
  c.header('cache-control', 'private, no-store');
  return c.body(new Uint8Array(file.pdf));
}

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 503;
type ErrorEntry = ErrorStatus | readonly [ErrorStatus, string];
type StatusOf<T> = T extends readonly [infer S, string] ? S : T;
type ErrorAnswer = ReturnType<typeof json<typeof ApiErrorBodySchema>> & {
  headers?: { 'Retry-After': { description: string; schema: { type: 'integer' } } };
};

const ERROR_TEXT: Record<ErrorStatus, string> = {
  400: 'The request is not valid: `message` says why, `errors` names each field.',
  401: 'No session token, or one that has ended (`WWW-Authenticate: Bearer`).',
  403: 'Not allowed for this shopper.',
  404: 'No such record (or not one of the shopper\u2019s own).',
  409: 'In conflict with what is stored.',
  413: 'The request body is too large.',
  415: 'The body is not of a content type this call reads.',
  429: 'Too many attempts: wait the seconds the Retry-After header gives.',
  503: 'Attempts cannot be counted now (the shared throttle store is away): wait the seconds the Retry-After header gives.',
};

/** Error answers: the one error shape, with the given or the usual description, and `default` (a 500). */
export function errors<const T extends readonly ErrorEntry[]>(
  ...statuses: T
): Record<StatusOf<T[number]> | 'default', ErrorAnswer> {
  const out: Record<string, ErrorAnswer> = {};
  for (const entry of statuses) {
    const [status, description] = typeof entry === 'number' ? [entry, ERROR_TEXT[entry]] : entry;
    out[status] = {
      ...json(ApiErrorBodySchema, description),
      ...(status === 429 || status === 503
        ? { headers: { 'Retry-After': { description: 'Seconds to wait.', schema: { type: 'integer' as const } } } }
        : {}),
    };
  }
  out.default = json(ApiErrorBodySchema, 'Any other failure (500: something went wrong on the server).');
  return out as Record<StatusOf<T[number]> | 'default', ErrorAnswer>;
}

/** A 304 of the catalogue's cached answers, and the type the response cache gives its handlers. */
export const notModified = { description: 'Not modified: the `ETag` sent in `If-None-Match` is still current.' };
export type CachedJson<T> = Response &
  (TypedResponse<T, 200, 'json'> | TypedResponse<Record<never, never>, 304, string>);
