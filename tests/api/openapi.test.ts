import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { apiDocument } from '../../server/routes/api';
import { renderApiMarkdown } from '../../server/openapi/markdown';
import { API_REFERENCE_CSP } from '../../server/http/security-headers';
import { addComponents, answerChecker, checkedAnswers, schemaValidator, withSchemaRefs } from './answer-contract';
import { makeTestApp, newUser, type TestApp } from './helpers';

const doc = apiDocument();
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Json = Record<string, unknown>;

/** Every operation of the document: `GET /api/common/products/{id}` and the operation object. */
const operations = Object.entries(doc.paths as Record<string, Record<string, Json>>).flatMap(([p, item]) =>
  METHODS.filter((m) => item[m]).map((m) => ({ method: m.toUpperCase(), path: p, op: item[m] as Json })),
);
const documented = new Set(operations.map((o) => `${o.method} ${o.path}`));

/** Every `$ref` below `value`, with where it was found. */
function refsIn(value: unknown, at = '#'): { ref: string; at: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refsIn(v, `${at}/${i}`));
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ ref: v, at }] : refsIn(v, `${at}/${k}`),
  );
}

function resolvePointer(ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined), doc);
}

/** Every schema the operations use: parameters, request bodies and answers, with where. */
function operationSchemas(): { at: string; schema: object }[] {
  return operations.flatMap(({ method, path: p, op }) => {
    const where = `${method} ${p}`;
    const params = ((op.parameters ?? []) as Json[]).map((prm) => ({
      at: `${where} parameter ${String(prm.name)}`,
      schema: prm.schema as object,
    }));
    const media = (content: unknown, label: string) =>
      Object.entries((content ?? {}) as Record<string, { schema: object }>).map(([type, m]) => ({
        at: `${where} ${label} ${type}`,
        schema: m.schema,
      }));
    const body = media((op.requestBody as Json | undefined)?.content, 'body');
    const answers = Object.entries(op.responses as Record<string, Json>).flatMap(([status, r]) =>
      media(r.content, `answer ${status}`),
    );
    return [...params, ...body, ...answers];
  });
}

describe('the OpenAPI document', () => {
  test('is OpenAPI 3.1 with a title, a version, tags and the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('GharBazaar API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.components?.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const tags = new Set(doc.tags?.map((t) => t.name));
    for (const { method, path: p, op } of operations) {
      expect(
        (op.tags as string[]).every((t) => tags.has(t)),
        `${method} ${p} has a declared tag`,
      ).toBe(true);
    }
  });

  test('every $ref resolves', () => {
    const refs = refsIn(doc);
    expect(refs.length).toBeGreaterThan(50);
    const broken = refs.filter(({ ref }) => !ref.startsWith('#/') || resolvePointer(ref) === undefined);
    expect(broken).toEqual([]);
  });

  test('every schema compiles as JSON Schema 2020-12 (ajv, strict)', () => {
    const ajv = schemaValidator();
    addComponents(ajv, doc);
    const schemas = [
      ...Object.entries(doc.components?.schemas ?? {}).map(([name, schema]) => ({
        at: name,
        schema: schema as object,
      })),
      ...operationSchemas(),
    ];
    expect(schemas.length).toBeGreaterThan(100);
    for (const { at, schema } of schemas) {
      expect(() => ajv.compile(withSchemaRefs(schema)), at).not.toThrow();
    }
  });

  test('operation ids are unique; every path parameter is declared, and nothing else is', () => {
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { method, path: p, op } of operations) {
      const inPath = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = ((op.parameters ?? []) as Json[])
        .filter((prm) => prm.in === 'path')
        .map((prm) => prm.name)
        .sort();
      expect(declared, `${method} ${p}`).toEqual(inPath);
    }
  });

  test('every operation has a success answer, and its errors use the one error shape', () => {
    for (const { method, path: p, op } of operations) {
      const responses = op.responses as Record<string, Json>;
      expect(
        Object.keys(responses).some((s) => /^[23]\d\d$/.test(s)),
        `${method} ${p}`,
      ).toBe(true);
      for (const [status, r] of Object.entries(responses)) {
        const schema = (r.content as Record<string, Json> | undefined)?.['application/json']?.schema;
        // Login's refusal has its own shape; health's 503 is the health report, for load balancers; a
        // catalogue import refused for its rows, or for a check the shop has moved from, answers the import
        // report, every row's problems in it.
        const ownShape =
          (p === '/api/common/userlogin' && status === '401') ||
          (p === '/api/health' && status === '503') ||
          (p === '/api/admin/catalogue/import' && (status === '422' || status === '412'));
        if (/^[45]\d\d$|^default$/.test(status) && !ownShape) {
          expect(schema, `${method} ${p} ${status}`).toEqual({ $ref: '#/components/schemas/ApiErrorBody' });
        }
      }
    }
  });
});

describe('the document and the app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(6);
  });
  afterAll(() => t.close());

  test('every route the app serves under /api/ and /media/ is declared in the document, and every declared route is served', () => {
    // `/media/*` takes the rest of the path at any depth; OpenAPI templates it as one parameter.
    const declaredAs = (p: string) =>
      p
        .replace(/:(\w+)/g, '{$1}')
        .replace(/\/\*$/, '/{path}')
        .replace(/\/$/, '');
    const served = new Set(
      t.app.routes
        .filter((r) => /^\/(api|media)\//.test(r.path) && r.method !== 'ALL')
        .map((r) => `${r.method} ${declaredAs(r.path)}`),
    );
    expect(served.size).toBeGreaterThan(90);
    expect([...served].filter((route) => !documented.has(route)).sort()).toEqual([]);
    expect([...documented].filter((route) => !served.has(route)).sort()).toEqual([]);
  });

  test('routes marked with the bearer scheme answer 401 without a token; the others do not', async () => {
    for (const { method, path: p, op } of operations) {
      const url = p.replace('{file}', 'start.js').replace(/\{\w+\}/g, '1');
      const res = await t.call(method, url, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
      const session = Array.isArray(op.security) && op.security.length > 0;
      if (session) {
        expect(res.status, `${method} ${p}`).toBe(401);
        expect(res.headers.get('www-authenticate'), `${method} ${p}`).toMatch(/^Bearer/);
      } else if (p !== '/api/common/userlogin') {
        expect(res.status, `${method} ${p}`).not.toBe(401);
      }
    }
  });

  test('GET /api/openapi.json serves the document, the same bytes every time', async () => {
    const first = await t.app.request('/api/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    const text = await first.text();
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(doc)));
    expect(await (await t.app.request('/api/openapi.json/')).text()).toBe(text);
  });

  test('GET /api/docs is a Swagger UI page of its own, with its own policy, kept out of search engines', async () => {
    const page = await t.app.request('/api/docs');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(page.headers.get('content-security-policy')).toContain(API_REFERENCE_CSP);
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(assets).toEqual([
      '/favicon.svg',
      '/api/docs/assets/swagger-ui.css',
      '/api/docs/assets/swagger-ui-bundle.js',
      '/api/docs/assets/start.js',
    ]);
    // The icon is the storefront's own; the rest are the reference's.
    for (const asset of assets.filter((a) => a.startsWith('/api/'))) {
      const res = await t.app.request(asset);
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-type'), asset).toMatch(
        asset.endsWith('.css') ? /^text\/css/ : /^text\/javascript/,
      );
    }
    expect((await t.app.request('/api/docs/assets/package.json')).status).toBe(404);
    expect((await t.app.request('/api/docs/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });
});

describe('the storefront’s calls', () => {
  /**
   * What the storefront requests, method and path below the API base: the call modules of
   * src/lib/api/ for the shop (catalogue.ts, cart.ts, …), and the back office's call modules (every src/features/admin/…-api.ts) through its
   * `call` and `callFile`.
   */
  const CALLS: [string, string][] = [
    ['GET', 'common/product_categories/'],
    ['GET', 'common/subcategories/'],
    ['GET', 'common/banners_api/'],
    ['GET', 'common/home_offers/'],
    ['GET', 'common/home_popup/'],
    ['GET', 'common/products/'],
    ['GET', 'common/product_ids/'],
    ['GET', 'common/products/{id}/'],
    ['GET', 'common/featured_products/'],
    ['GET', 'common/products_search/'],
    ['GET', 'common/search_suggestions'],
    ['GET', 'common/delivery/{id}/'],
    ['GET', 'common/pincodes/{id}/'],
    ['GET', 'common/ratings/'],
    ['POST', 'common/userlogin'],
    ['POST', 'common/signup'],
    ['POST', 'common/logout/'],
    ['POST', 'common/request_reset_otp'],
    ['POST', 'common/verify_reset_otp'],
    ['POST', 'common/reset_password'],
    ['GET', 'common/profile/'],
    ['PATCH', 'common/profile/'],
    ['GET', 'common/addresses/'],
    ['POST', 'common/addresses/'],
    ['DELETE', 'common/addresses/{id}/'],
    ['GET', 'common/wishlist'],
    ['POST', 'common/wishlist_toggle/{id}/'],
    ['GET', 'common/cart/'],
    ['POST', 'common/cart/add/'],
    ['PATCH', 'common/cart/{id}/'],
    ['DELETE', 'common/cart_delete/{id}/'],
    ['POST', 'common/create_order/'],
    ['POST', 'common/test_payment_order/'],
    ['POST', 'common/verify_payment/'],
    ['GET', 'common/orders_history/'],
    ['GET', 'common/orders/{id}/'],
    ['POST', 'common/orders/{id}/pay/'],
    ['POST', 'common/orders/{id}/cancel/'],
    ['GET', 'common/stock/'],
    ['POST', 'common/ratings/'],
    ['POST', 'common/contact'],
    ['GET', 'payments/config/'],
    ['POST', 'admin/login'],
    ['POST', 'admin/logout'],
    ['GET', 'admin/me'],
    ['POST', 'admin/invites/accept'],
    ['GET', 'admin/staff'],
    ['POST', 'admin/staff/invites'],
    ['PATCH', 'admin/staff/{id}'],
    ['GET', 'admin/audit'],
    ['GET', 'common/orders/{id}/invoice/'],
    ['GET', 'admin/orders'],
    ['GET', 'admin/orders/{id}'],
    ['POST', 'admin/orders/{id}/move'],
    ['GET', 'admin/orders/{id}/invoice'],
    ['GET', 'admin/orders/{id}/packing-slip'],
    ['POST', 'admin/orders/{id}/notes'],
    ['GET', 'admin/orders/export'],
    ['GET', 'admin/refund-requests'],
    ['POST', 'admin/refund-requests/{id}/approve'],
    ['POST', 'admin/refund-requests/{id}/reject'],
    ['GET', 'admin/refund-limits'],
    ['PUT', 'admin/refund-limits'],
    ['GET', 'admin/synonyms'],
    ['POST', 'admin/synonyms'],
    ['DELETE', 'admin/synonyms'],
    ['GET', 'admin/packing'],
    ['GET', 'admin/packing/documents'],
    ['POST', 'admin/packing/pack'],
    ['GET', 'admin/couriers'],
    ['POST', 'admin/couriers'],
    ['PUT', 'admin/couriers/{id}'],
    ['GET', 'admin/me/alerts'],
    ['PUT', 'admin/me/alerts'],
    ['GET', 'admin/customers'],
    ['GET', 'admin/customers/{id}'],
    ['GET', 'admin/reviews'],
    ['POST', 'admin/reviews/{id}/hide'],
    ['POST', 'admin/reviews/{id}/unhide'],
    ['PUT', 'admin/reviews/{id}/reply'],
    ['DELETE', 'admin/reviews/{id}/reply'],
    ['GET', 'admin/catalogue/categories'],
    ['POST', 'admin/catalogue/categories'],
    ['PATCH', 'admin/catalogue/categories/{id}'],
    ['POST', 'admin/catalogue/subcategories'],
    ['PATCH', 'admin/catalogue/subcategories/{id}'],
    ['GET', 'admin/catalogue/products'],
    ['POST', 'admin/catalogue/products'],
    ['GET', 'admin/catalogue/products/{id}'],
    ['PUT', 'admin/catalogue/products/{id}/all'],
    ['POST', 'admin/catalogue/products/{id}/variants'],
    ['DELETE', 'admin/catalogue/variants/{id}'],
    ['POST', 'admin/catalogue/variants/{id}/images'],
    ['PATCH', 'admin/catalogue/images/{id}'],
    ['DELETE', 'admin/catalogue/images/{id}'],
    ['GET', 'admin/catalogue/banners'],
    ['POST', 'admin/catalogue/banners'],
    ['PATCH', 'admin/catalogue/banners/{id}'],
    ['DELETE', 'admin/catalogue/banners/{id}'],
    ['POST', 'admin/catalogue/banners/{id}/image'],
    ['GET', 'admin/catalogue/offers'],
    ['POST', 'admin/catalogue/offers'],
    ['PATCH', 'admin/catalogue/offers/{id}'],
    ['DELETE', 'admin/catalogue/offers/{id}'],
    ['POST', 'admin/catalogue/offers/{id}/image'],
    ['GET', 'admin/catalogue/home-popup'],
    ['PUT', 'admin/catalogue/home-popup'],
    ['GET', 'admin/catalogue/export.csv'],
    ['POST', 'admin/catalogue/import'],
  ];
  const ROOT = path.resolve(__dirname, '../..');
  const ADMIN_FEATURES = 'src/features/admin';
  const SHOP_API = 'src/lib/api';

  /** The back office's call modules: every `…-api.ts` below src/features/admin, found anew each run. */
  /** The shop's call modules: every module of src/lib/api/ but the tests. */
  function shopClientModules(): string[] {
    return fs
      .readdirSync(path.join(ROOT, SHOP_API))
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map((file) => path.posix.join(SHOP_API, file))
      .sort();
  }

  function adminClientModules(): string[] {
    return (fs.readdirSync(path.join(ROOT, ADMIN_FEATURES), { recursive: true, encoding: 'utf8' }) as string[])
      .filter((file) => /(^|[\\/])[\w-]+-api\.ts$/.test(file))
      .map((file) => path.posix.join(ADMIN_FEATURES, file.split(path.sep).join('/')))
      .sort();
  }

  /** The calls one module makes: `[method, path]`, with `{id}` for each interpolated part. */
  function callsIn(file: string): string[][] {
    const source = fs.readFileSync(path.resolve(ROOT, file), 'utf8');
    const calls = [...source.matchAll(/\bcall(?:File)?\(\s*(['`])(.+?)\1/g)];
    return calls.map((match, i) => {
      // The call's options run to the next call (each function makes one).
      const options = source.slice(match.index, calls[i + 1]?.index ?? source.length);
      const method = /\bmethod:\s*'(\w+)'/.exec(options.slice(0, options.indexOf('\n}')))?.[1] ?? 'GET';
      return [method, (match[2] ?? '').replace(/\$\{[^}]+\}/g, '{id}')];
    });
  }

  test('the back office’s call modules are all found, the desk’s among them', () => {
    expect(adminClientModules()).toEqual(
      expect.arrayContaining(['src/features/admin/admin-api.ts', 'src/features/admin/desk-api.ts']),
    );
  });

  test('the shop’s call modules are all found', () => {
    expect(shopClientModules()).toEqual(
      expect.arrayContaining(['src/lib/api/catalogue.ts', 'src/lib/api/cart.ts', 'src/lib/api/orders.ts']),
    );
  });

  test('the table holds every call the clients make, with its method', () => {
    const shop = shopClientModules().flatMap(callsIn);
    const admin = adminClientModules().flatMap(callsIn);
    expect(shop.length).toBeGreaterThan(30);
    expect(admin.length).toBeGreaterThan(17);
    const found = [...shop, ...admin];
    const key = ([m, p]: string[]) => `${m} ${p}`;
    expect([...new Set(found.map(key))].sort()).toEqual(CALLS.map(key).sort());
  });

  test.each(CALLS)('%s %s is in the document', (method, call) => {
    const wanted = `/api/${call}`.replace(/\/$/, '');
    const match = operations.find(
      (o) => o.method === method && new RegExp(`^${o.path.replace(/\{\w+\}/g, '\\{\\w+\\}')}$`).test(wanted),
    );
    expect(match, `${method} ${wanted}`).toBeDefined();
  });
});

describe('answers are checked against the document', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await makeTestApp(6);
    token = (await newUser(t)).token;
  });
  afterAll(() => t.close());
  const checker = answerChecker();
  const json = new Headers({ 'content-type': 'application/json' });

  test('the test helpers check each JSON answer of a documented route', async () => {
    const before = checkedAnswers.count;
    await t.get('/api/common/products/1/');
    await t.call('GET', '/api/common/cart', { token });
    await t.get('/api/common/no-such-call');
    expect(checkedAnswers.count - before).toBe(2);
  });

  test('a real answer passes', async () => {
    const res = await t.get('/api/common/products/1');
    expect(checker.check('GET', '/api/common/products/1', res)).toBe(true);
  });

  test.each<[string, (body: Json) => void, RegExp]>([
    [
      'a missing field',
      (b) => delete (b.variants as [Json])[0].final_price,
      /must have required property 'final_price'/,
    ],
    ['a field the document does not know', (b) => (b.stock = 3), /must NOT have additional properties/],
    ['a price as text', (b) => ((b.variants as [Json])[0].price = '249.00'), /\/variants\/0\/price must be number/],
    ['null where a value is required', (b) => (b.name = null), /\/name must be string/],
  ])('%s fails the test', async (_, spoil, message) => {
    const res = await t.get('/api/common/products/1');
    const body = structuredClone(res.body) as Json;
    spoil(body);
    expect(() => checker.check('GET', '/api/common/products/1', { ...res, body })).toThrow(message);
  });

  test('an order status the contract does not name fails', async () => {
    const order = {
      id: 1,
      razorpay_order_id: 'order_1',
      amount: 10,
      status: 'refunded',
      delivery_status: 'not shipped',
      state: 'cancelled',
      payment_method: 'online',
      created_at: '2026-01-01T00:00:00.000Z',
      paid_at: null,
      expires_at: null,
      expected_delivery: null,
      address: 'x',
      items: [],
      timeline: [],
      refund: null,
      shipment: null,
    };
    const answer = { status: 200, headers: json, body: [order] };
    expect(() => checker.check('GET', '/api/common/orders_history', answer)).toThrow(/status must be equal to one/);
    expect(
      checker.check('GET', '/api/common/orders_history', { ...answer, body: [{ ...order, status: 'paid' }] }),
    ).toBe(true);
  });

  test('a success status the document does not list fails, and so does a JSON answer where it lists none', () => {
    expect(() => checker.check('GET', '/api/common/cart', { status: 202, headers: json, body: {} })).toThrow(
      /body does not match/,
    );
    expect(() => checker.check('POST', '/api/common/contact', { status: 303, headers: json, body: {} })).toThrow(
      /no JSON body/,
    );
  });

  test('an error answer must have the one error shape', () => {
    const answer = (body: unknown) => ({ status: 404, headers: json, body });
    expect(checker.check('GET', '/api/common/orders/5', answer({ message: 'Order not found.' }))).toBe(true);
    expect(() => checker.check('GET', '/api/common/orders/5', answer({ error: 'Order not found.' }))).toThrow(
      /required property 'message'/,
    );
  });
  test('an answer of a content type its route does not declare fails, and so does a body where it declares none', () => {
    const as = (type: string, body: unknown, status = 200) => ({
      status,
      headers: new Headers({ 'content-type': type }),
      body,
    });
    const invoice = '/api/common/orders/5/invoice';
    expect(checker.check('GET', invoice, as('application/pdf', '%PDF-1.7'))).toBe(false);
    expect(() => checker.check('GET', invoice, as('text/html; charset=utf-8', '<p>Invoice</p>'))).toThrow(
      /no body of type text\/html/,
    );
    expect(checker.check('GET', '/api/admin/catalogue/export.csv', as('text/csv; charset=utf-8', 'sku\n'))).toBe(false);
    expect(checker.check('GET', '/media/images/x.webp', as('image/webp', 'RIFF'))).toBe(false);
    // A 304 has no body; one with a body is not what the document says.
    expect(checker.check('GET', '/api/common/products', as('application/json', '', 304))).toBe(false);
    expect(() => checker.check('GET', '/api/common/products', as('application/json', [], 304))).toThrow(/no JSON body/);
  });

  test('non-JSON answers of real calls are checked too: a 304, the reference’s page and files, a picture', async () => {
    const first = await t.get('/api/common/products/1');
    const before = checkedAnswers.count;
    const again = await t.get('/api/common/products/1', { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
    for (const asset of ['/api/docs', '/api/docs/assets/start.js', '/api/docs/assets/swagger-ui.css']) {
      const res = await t.get(asset);
      expect(res.status, asset).toBe(200);
      expect(checker.check('GET', asset, res), asset).toBe(false);
    }
    // A pipeline picture: the file once encoded (an image type), or the JSON 404 before; checked either way.
    const picture = (first.body as { variants: { images: { image: string }[] }[] }).variants[0]!.images[0]!.image;
    const res = await t.get(picture);
    expect(res.headers.get('content-type')).toMatch(
      res.status === 200 ? /^image\/(jpeg|png|webp|avif)$/ : /^application\/json/,
    );
    // Only the picture's 404, if it was one, had a JSON body to validate; each went through t.get's check.
    expect(checkedAnswers.count - before).toBe(res.status === 200 ? 0 : 1);
  });
});

describe('docs/api.md', () => {
  test('is what npm run docs:api renders from the document', () => {
    const file = path.resolve(__dirname, '../../docs/api.md');
    expect(fs.readFileSync(file, 'utf8'), 'docs/api.md is out of date: run npm run docs:api').toBe(
      renderApiMarkdown(doc),
    );
  });
});
