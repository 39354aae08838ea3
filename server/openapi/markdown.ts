/**
 * docs/api.md, rendered from the OpenAPI document: the API contract in prose and tables. A test
 * fails when the file in the repository differs from what this renders (`npm run docs:api`).
 */
import type { OpenApiDocument } from './document';
import { SHOPPER_SCHEME as BEARER, STAFF_SCHEME as STAFF_BEARER } from '../http/api-routes';

type Schema = {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  required?: string[];
  description?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  default?: unknown;
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema?: Schema };
type Media = Record<string, { schema?: Schema }>;
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content?: Media; description?: string };
  responses?: Record<string, { description?: string; content?: Media }>;
};

const METHODS = ['get', 'post', 'patch', 'put', 'delete'] as const;
const SCHEMA_REF = '#/components/schemas/';

/** A table cell: pipes escaped, lines joined. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
const anchor = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9 _-]/g, '')
    .replace(/ /g, '-');
const schemaLink = (name: string) => `[${name}](#${anchor(name)})`;

/** A schema's type in a few words: `Product[]`, `string \| null`, `'home' \| 'work'`. */
function typeOf(s: Schema | undefined): string {
  if (!s) return 'any';
  if (s.$ref) return schemaLink(s.$ref.slice(SCHEMA_REF.length));
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
  const union = s.anyOf ?? s.oneOf;
  if (union) return union.map(typeOf).join(' | ');
  if (s.allOf) return s.allOf.map(typeOf).join(' & ');
  const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return (
    types
      .map((t) => {
        if (t === 'array') return `${typeOf(s.items)}[]`;
        if (t === 'object' && s.additionalProperties && typeof s.additionalProperties === 'object') {
          return `{ [key]: ${typeOf(s.additionalProperties)} }`;
        }
        if (t === 'string' && s.format === 'binary') return 'file';
        return t;
      })
      .join(' | ') || 'any'
  );
}

/** The limits a schema sets, in words. */
function limits(s: Schema): string[] {
  const out: string[] = [];
  if (s.minimum !== undefined) out.push(`≥ ${s.minimum}`);
  if (s.exclusiveMinimum !== undefined) out.push(`> ${s.exclusiveMinimum}`);
  if (s.maximum !== undefined) out.push(`≤ ${s.maximum}`);
  if (s.minLength !== undefined) out.push(`${s.minLength}+ characters`);
  if (s.maxLength !== undefined) out.push(`at most ${s.maxLength} characters`);
  if (s.minItems !== undefined) out.push(`${s.minItems}+ items`);
  if (s.maxItems !== undefined) out.push(`at most ${s.maxItems} items`);
  if (s.pattern !== undefined) out.push(`matches \`${s.pattern}\``);
  if (s.default !== undefined) out.push(`default ${JSON.stringify(s.default)}`);
  return out;
}

/** A schema's description, then its limits in brackets. */
function notes(s: Schema, description = s.description): string {
  const bounds = limits(s).join(', ');
  return [description, bounds && (description ? `(${bounds})` : bounds)].filter(Boolean).join(' ');
}

/** Rows for the fields of an object schema; inline objects (and arrays of them) add their own fields below. */
function fieldRows(s: Schema, prefix = ''): string[] {
  return (s.allOf ?? [s]).flatMap((part) =>
    Object.entries(part.properties ?? {}).flatMap(([name, field]) => {
      const key = `${prefix}${name}`;
      const required = part.required?.includes(name) ? 'yes' : 'no';
      const items = field.items && !field.items.$ref ? field.items : undefined;
      const described = [notes(field), items && !isObject(items) ? notes(items) : ''].filter(Boolean).join(' ');
      const row = `| \`${key}\` | ${cell(typeOf(field))} | ${required} | ${cell(described)} |`;
      if (isObject(field)) return [row, ...fieldRows(field, `${key}.`)];
      if (items && isObject(items)) return [row, ...fieldRows(items, `${key}[].`)];
      return [row];
    }),
  );
}

/** The fields of an object schema as a table (an `allOf` of objects counts as one). */
function fieldTable(s: Schema): string[] {
  const rows = fieldRows(s);
  if (rows.length === 0) return [];
  return ['| Field | Type | Required | Notes |', '| --- | --- | --- | --- |', ...rows];
}

function isObject(s: Schema | undefined): s is Schema {
  return !!s && !s.$ref && (s.type === 'object' || !!s.allOf) && (!!s.properties || !!s.allOf);
}

function operationSection(method: string, path: string, op: Operation): string[] {
  const out = [`### ${method.toUpperCase()} ${path}`, '', `${op.summary ?? ''}.`];
  if (op.description) out.push('', op.description);
  const session = op.security?.some((s) => BEARER in s);
  const staff = op.security?.some((s) => STAFF_BEARER in s);
  out.push('', staff ? 'Needs a staff token.' : session ? 'Needs the session token.' : 'No session needed.');
  const params = op.parameters ?? [];
  if (params.length) {
    out.push('', '| Parameter | In | Type | Required | Notes |', '| --- | --- | --- | --- | --- |');
    for (const p of params) {
      const note = p.schema ? notes(p.schema, p.description ?? p.schema.description) : (p.description ?? '');
      out.push(
        `| \`${p.name}\` | ${p.in} | ${cell(typeOf(p.schema))} | ${p.required ? 'yes' : 'no'} | ${cell(note)} |`,
      );
    }
  }
  for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) {
    out.push('', `Body (\`${type}\`)${op.requestBody?.description ? `: ${op.requestBody.description}` : ''}:`);
    if (isObject(media.schema)) out.push('', ...fieldTable(media.schema));
    else out.push('', typeOf(media.schema));
  }
  out.push('', '| Answer | Body | Meaning |', '| --- | --- | --- |');
  for (const [status, answer] of Object.entries(op.responses ?? {})) {
    const bodies = Object.entries(answer.content ?? {}).map(([type, media]) =>
      type === 'application/json' ? typeOf(media.schema) : `\`${type}\``,
    );
    out.push(`| ${status} | ${cell(bodies.join(', ') || '—')} | ${cell(answer.description ?? '')} |`);
  }
  return out;
}

const PROSE = `## Conventions

- **Base path.** Every call lives under \`/api/\`: the shop's calls under \`/api/common/\`, payments
  under \`/api/payments/\`, the back office's under \`/api/admin/\`. A path may end with a slash or
  not (\`/api/common/cart\` and \`/api/common/cart/\` are the same call). Unknown paths under \`/api/\`
  answer 404 in the error shape. The pictures and files the answers name are served under \`/media/\`
  (see Media).
- **Bodies.** Request bodies are JSON (\`Content-Type: application/json\`) unless a call lists a form;
  another type answers 415, a body that is not JSON 400. Fields a call does not know are ignored.
  Bodies are limited to 8 MB (a review: 16 MB, room for three 5 MB pictures); more answers 413.
- **Ids.** An id in a path or a query is plain decimal digits (\`12\`, never \`012\`, \`1e1\` or \`0x0c\`).
  A path id that cannot be an id answers 404, as a missing record does.

## Authentication

Log in with \`POST /api/common/userlogin\`; the answer's \`data.tokens.access\` is the session token.
Send it as \`Authorization: Bearer <token>\` on every call marked "Needs the session token" below.
Without it, or with a token that has ended (logout, a password reset, expiry after
\`TOKEN_TTL_HOURS\`), such a call answers 401 with \`WWW-Authenticate: Bearer\`. Answers about one
shopper carry \`Cache-Control: no-store\`. Another shopper's address, cart line or order is answered
404, exactly as a missing one. Login, sign-up, the password reset and the contact form are
throttled per client address (and per account); a throttled call answers 429 with \`Retry-After\`.

Staff sign in apart, with \`POST /api/admin/login\` (e-mail, password and a code of their authenticator
app or a recovery code); its \`token\` is sent the same way to the calls marked "Needs a staff token".
Staff tokens carry the audience \`staff\` and last \`STAFF_TOKEN_TTL_HOURS\` (8 by default): a
shopper's token is refused (401) by every staff call, and a staff token by every shopper call. Each
staff call checks the role on the server (owner, manager, support; see its description); a role
that may not make it is answered 403 \`Your role cannot do this.\`, and the refusal is logged.

## Errors

Every error answers with one JSON shape, [ApiErrorBody](#apierrorbody): \`message\` is the sentence to
show a shopper; a request that was not valid adds \`errors\`, the messages of each field
(\`{"phone_number": ["Phone number must be exactly 10 digits."]}\`). Two callers read the same text
under another key, and get it there too: checkout's create_order and verify_payment answers repeat
it as \`error\`, posting a review (403, 409) as \`detail\`. The statuses: 400 not valid, 401 no session, 403 not
allowed, 404 not found, 409 conflict, 413 too large, 415 wrong content type, 429 throttled, 500 the
server failed (\`Something went wrong.\`).

## Paging

\`GET /api/common/products\` answers every matching product as a list, unless \`page\` or
\`page_size\` is given: then it answers one page, [ProductPage](#productpage): \`count\` (the matching
products on all pages), \`page\`, \`page_size\` (default 50, at most 100) and \`results\`. The other
lists are short and answered whole (reviews: the newest 500; search: the best 100).

## Money

Prices in answers are rupees as numbers (\`final_price: 249.5\` is ₹249.50): products, cart lines,
the cart's \`total_price\`, the wishlist, orders and their items. The shop stores paise and converts.
One amount is in paise, because the payment checkout wants minor units: the \`amount\` that
\`create_order\` (and \`test_payment_order\`) answers, with \`currency: "INR"\`; the test payment's
request \`amount\` is paise too. Orders are priced by the server from the catalogue's prices at the
time: a price or amount sent with \`create_order\` is ignored.`;

/** The routes table's Session column: 'yes' for the shopper's session, 'staff' for a staff token. */
function sessionKind(op: Operation): string {
  if (op.security?.some((s) => STAFF_BEARER in s)) return 'staff';
  return op.security?.length ? 'yes' : '';
}

/** docs/api.md for `doc`. */
export function renderApiMarkdown(doc: OpenApiDocument): string {
  const paths = (doc.paths ?? {}) as Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => (item[method] ? [{ method, path, op: item[method]! }] : [])),
  );
  const out = [
    `# ${doc.info.title}`,
    '',
    '<!-- Generated from the OpenAPI document by `npm run docs:api` (server/openapi/): do not edit by hand. -->',
    '',
    'The contract between the storefront and the API. The machine-readable form is served at',
    '`/api/openapi.json` (OpenAPI 3.1), and can be browsed at `/api/docs`. Both, and this page, are',
    'generated from the routes (`server/routes/`, each declared with its zod schemas from `contract/`);',
    'the API tests check every answer they receive against them.',
    '',
    PROSE,
    '',
    '## Routes',
    '',
    '| Method | Path | Session | Summary |',
    '| --- | --- | --- | --- |',
    ...operations.map(
      ({ method, path, op }) =>
        `| ${method.toUpperCase()} | [\`${path}\`](#${anchor(`${method} ${path}`)}) | ${sessionKind(op)} | ${cell(op.summary ?? '')} |`,
    ),
  ];
  for (const tag of doc.tags ?? []) {
    const mine = operations.filter(({ op }) => op.tags?.includes(tag.name));
    if (mine.length === 0) continue;
    out.push('', `## ${tag.name}`, '', tag.description ?? '');
    for (const { method, path, op } of mine) out.push('', ...operationSection(method, path, op));
  }
  out.push(
    '',
    '## Schemas',
    '',
    'The shapes of the answers. Fields marked required are always present (possibly `null`).',
  );
  out.push('Answer objects have no other fields.');
  for (const [name, schema] of Object.entries((doc.components?.schemas ?? {}) as Record<string, Schema>)) {
    out.push('', `### ${name}`);
    if (schema.description) out.push('', schema.description);
    out.push('', ...(isObject(schema) ? fieldTable(schema) : [typeOf(schema)]));
  }
  return `${out.join('\n')}\n`;
}
