import { OpenAPIHono } from '@hono/zod-openapi';
import { SHOP_NAME } from '../../contract/shop';
import { registerOperations, TAGS } from './paths';
import { ADMIN_DESK_TAGS, registerAdminDeskOperations } from './admin-orders-paths';

/** The OpenAPI document's type, as the generator answers it. */
export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const DESCRIPTION = `The API behind the ${SHOP_NAME} storefront. Generated from the zod schemas the storefront and the
server share (contract/); docs/api.md is the same contract in prose.

Paths may end with a slash or not. Bodies are JSON unless a call says otherwise. Every error answers
with one shape, \`ApiErrorBody\`. Calls marked with a lock need the session token of login, sent as
\`Authorization: Bearer <token>\`. Prices in answers are rupees; the one amount in paise is the
\`amount\` create_order answers, as the payment checkout wants it.`;

let built: OpenApiDocument | null = null;

/** The API's OpenAPI 3.1 document: built on first use, then the same object. */
export function openApiDocument(): OpenApiDocument {
  if (built) return built;
  // OpenAPIHono holds the registry and generates with OpenApiGeneratorV31; no route is served through it.
  const spec = new OpenAPIHono();
  registerOperations(spec);
  registerAdminDeskOperations(spec);
  built = spec.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: `${SHOP_NAME} API`, version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'The shop itself (the API lives under /api/).' }],
    tags: [...TAGS, ...ADMIN_DESK_TAGS].map((t) => ({ ...t })),
  });
  return built;
}
