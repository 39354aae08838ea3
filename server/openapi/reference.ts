import { createRoute } from '@hono/zod-openapi';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { TypedResponse } from 'hono';
import type { JSONValue } from 'hono/utils/types';
import { z } from 'zod';
import { SHOP_NAME } from '../../contract/shop';
import { ApiRoutes, errors, file } from '../http/api-routes';
import { notFound } from '../http/errors';
import { API_REFERENCE_CSP } from '../http/security-headers';
import { sendFile } from '../http/static-files';
import type { OpenApiDocument } from './document';

/** Swagger UI's files, served from the installed package: the machine and the page need no CDN. */
const SWAGGER_UI_DIR = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const SWAGGER_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'];

/** Starts Swagger UI on the page; a file of its own, as the page's policy allows no inline script. */
const START_SCRIPT = `window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  validatorUrl: null,
  defaultModelsExpandDepth: 0,
  docExpansion: 'list',
  tryItOutEnabled: false,
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${SHOP_NAME} API reference</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="/api/docs/assets/swagger-ui.css">
</head>
<body>
<main id="swagger-ui"></main>
<script src="/api/docs/assets/swagger-ui-bundle.js"></script>
<script src="/api/docs/assets/start.js"></script>
</body>
</html>
`;

/** Reference pages are for developers: kept out of search engines and every cache that is not the browser's. */
const NOINDEX = 'noindex, nofollow';

/**
 * The API's description: `/api/openapi.json` (OpenAPI 3.1, `document` is the routes' own) and
 * `/api/docs`, a Swagger UI page to browse it. Not part of the storefront: no page links here and
 * the sitemap leaves it out.
 */
export function referenceRoutes(document: () => OpenApiDocument): ApiRoutes {
  const app = new ApiRoutes();
  let documentJson: string | null = null;

  const openapi = createRoute({
    method: 'get',
    path: '/openapi.json',
    tags: ['Reference'],
    summary: 'This description, as OpenAPI 3.1',
    responses: {
      200: { description: 'The OpenAPI document.', content: { 'application/json': { schema: z.looseObject({}) } } },
    },
  });
  app.openapi(openapi, (c) => {
    documentJson ??= JSON.stringify(document());
    c.header('content-type', 'application/json; charset=utf-8');
    c.header('cache-control', 'no-cache');
    c.header('x-robots-tag', NOINDEX);
    // The JSON's bytes, made once: c.body() is typed as text, the route declares the JSON they are.
    return c.body(documentJson) as unknown as TypedResponse<{ [key: string]: JSONValue }, 200, 'json'>;
  });

  const page = createRoute({
    method: 'get',
    path: '/docs',
    tags: ['Reference'],
    summary: 'This description as a page to browse',
    responses: { 200: file('text/html', 'The page.', z.string()) },
  });
  app.openapi(page, (c) => {
    c.header('content-security-policy', API_REFERENCE_CSP);
    c.header('cache-control', 'no-cache');
    c.header('x-robots-tag', NOINDEX);
    return c.html(PAGE);
  });

  const asset = createRoute({
    method: 'get',
    path: '/docs/assets/{file}',
    tags: ['Reference'],
    summary: "The reference page's script and style",
    request: { params: z.object({ file: z.string() }) },
    responses: {
      200: {
        description: 'The file.',
        content: { 'text/javascript': { schema: z.string() }, 'text/css': { schema: z.string() } },
      },
      ...errors([404, 'No such file.']),
    },
  });
  app.openapi(asset, async (c) => {
    const name = c.req.valid('param').file;
    c.header('x-robots-tag', NOINDEX);
    if (name === 'start.js') {
      c.header('content-type', 'text/javascript; charset=utf-8');
      c.header('cache-control', 'no-cache');
      return c.body(START_SCRIPT);
    }
    if (!SWAGGER_FILES.includes(name)) throw notFound('No such file.');
    const res = await sendFile(c, path.join(SWAGGER_UI_DIR, name), { cacheControl: 'public, max-age=3600' });
    res.headers.set('x-robots-tag', NOINDEX);
    return res;
  });

  return app;
}
