/**
 * The OpenAPI 3.1 document, generated from the routes themselves: each route declares its path,
 * parameters, body and answers with `createRoute` beside its handler (server/routes/), and the
 * API's root (server/routes/api.ts) holds them all in its registry. This adds what belongs to the
 * whole document: its description, servers, tags in the order the reference shows them, and an
 * operation id for each route from its method and path.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { SHOP_NAME } from '../../contract/shop';

/** The OpenAPI document's type, as the generator answers it. */
export type OpenApiDocument = ReturnType<OpenAPIHono['getOpenAPI31Document']>;

const DESCRIPTION = `The API behind the ${SHOP_NAME} storefront. Generated from the zod schemas the storefront and the
server share (contract/); docs/api.md is the same contract in prose.

Paths may end with a slash or not. Bodies are JSON unless a call says otherwise. Every error answers
with one shape, \`ApiErrorBody\`. Calls marked with a lock need the session token of login, sent as
\`Authorization: Bearer <token>\`. Prices in answers are rupees; the one amount in paise is the
\`amount\` create_order answers, as the payment checkout wants it.`;

/** The document's tags, in the order the reference lists them; every route names one of these. */
export const TAGS = [
  { name: 'Catalogue', description: 'Categories, banners, products and search: public, and cached.' },
  { name: 'Delivery', description: 'Where and how soon the shop delivers, by pincode: public, and cached.' },
  { name: 'Accounts', description: 'Sign-up, login, logout and password reset by an e-mailed PIN.' },
  { name: 'Profile', description: "The signed-in shopper's profile and delivery addresses." },
  { name: 'Cart', description: "The signed-in shopper's cart and wishlist." },
  { name: 'Orders', description: 'Placing orders (priced by the server), paying for them, order history.' },
  { name: 'Reviews', description: 'Reviews: readable by anyone, written by shoppers who bought the variant.' },
  { name: 'Contact', description: 'The Contact Us form.' },
  { name: 'Payments', description: "The payment provider's webhook, the payment mode, the local test checkout." },
  {
    name: 'Staff',
    description:
      'The back office: staff login with a second factor, staff sessions, invitations, roles and the audit log.',
  },
  { name: 'Back office', description: 'The catalogue as staff edit it: products, variants, stock, pictures, banners.' },
  { name: 'Reference', description: 'This description of the API.' },
  { name: 'Operations', description: 'For load balancers and monitoring.' },
  {
    name: 'Back office: orders',
    description: 'The orders board, one order in full, moving orders along, invoices and packing slips.',
  },
  {
    name: 'Back office: packing and couriers',
    description:
      'The orders to pack, their slips and invoices as one PDF, a batch marked packed; the couriers and their tracking links.',
  },
  { name: 'Back office: customers', description: "Customers' accounts, their orders and addresses, for support." },
  { name: 'Back office: reviews', description: 'Every review, shown or hidden; hiding one takes it off the shop.' },
  {
    name: 'Back office: search synonyms',
    description: 'Words search treats as the same (haldi ↔ turmeric): listed, added and removed, in search at once.',
  },
  {
    name: 'Media',
    description:
      'Pictures and uploaded files under /media/: the image pipeline’s originals and widths, the stored catalogue drawings, older uploads.',
  },
];

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** `get /api/common/products/{id}` → `getCommonProductsId`. */
export function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\//, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method + words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
}

/** What the document is generated from: the registry of the API's root. */
type Described = Pick<OpenAPIHono, 'getOpenAPI31Document'>;

const generated = new WeakMap<Described, OpenApiDocument>();

/** The OpenAPI document of the routes `api` holds: generated on first use, then the same object. */
export function openApiDocument(api: Described): OpenApiDocument {
  const known = generated.get(api);
  if (known) return known;
  const doc = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: { title: `${SHOP_NAME} API`, version: '1.0.0', description: DESCRIPTION },
    servers: [{ url: '/', description: 'The shop itself (the API lives under /api/, its pictures under /media/).' }],
    tags: TAGS.map((t) => ({ ...t })),
  });
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item[method];
      if (operation) operation.operationId ??= operationId(method, path);
    }
  }
  generated.set(api, doc);
  return doc;
}
