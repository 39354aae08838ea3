import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The storefront (src/) and the API (server/) share things only through contract/; the linter
 * refuses any other import between them. On the server, services import nothing of HTTP
 * (server/http/), routes no repositories, and only start-up's composition (server/runtime.ts) and
 * the demo itself reach the demo catalogue (server/demo/). Each is refused in static imports,
 * `export … from` and `import()` alike. These cases lint text as if it were in each folder.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  // The first lint loads the whole configuration (TypeScript, Astro and React plugins): seconds
  // on a busy machine, so it is done once here rather than inside the first case's time limit.
  beforeAll(() => restrictedIn('server/x.ts', 'export {};\n'), 120_000);

  test.each([
    [
      'server/routes/x.ts',
      "import { SHOP_NAME } from '../../src/lib/constants';\nexport const a = SHOP_NAME;\n",
      /never from src/,
    ],
    ['server/x.ts', "export { Pager } from '../src/ui/Pager';\n", /never from src/],
    ['src/lib/x.ts', "import type { Db } from '../../server/db';\nexport type A = Db;\n", /never from server/],
    ['src/features/cart/x.tsx', "import { x } from '../../../server/app';\nexport const a = x;\n", /never from server/],
    ['contract/x.ts', "import { x } from '../src/lib/routes';\nexport const a = x;\n", /neither side/],
    ['contract/x.ts', "import { x } from '../server/env';\nexport const a = x;\n", /neither side/],
    [
      'server/routes/x.ts',
      "import type { IllustrationKind } from '../demo/generate';\nexport type A = IllustrationKind;\n",
      /server\/demo/,
    ],
    ['server/services/images/x.ts', "export { renderIllustration } from '../../demo/illustrations';\n", /server\/demo/],
    ['server/demo/x.ts', "import { x } from '../../src/lib/constants';\nexport const a = x;\n", /never from src/],
    ['src/lib/x.ts', "export const load = () => import('../../server/app');\n", /never from server/],
    // The demo: not from a service or route, nor from an entry script, statically or dynamically.
    [
      'server/services/images/encoder.ts',
      "export const draw = async () => (await import('../../demo/photo-recipes')).drawPhotoRecipeOffThread;\n",
      /server\/demo/,
    ],
    ['server/routes/x.ts', 'export const load = (name: string) => import(`../demo/${name}`);\n', /server\/demo/],
    ['server/index.ts', "export const load = () => import('./demo/seed');\n", /server\/demo/],
    ['server/cli.ts', "import { prepareDemo } from './demo/seed';\nexport const a = prepareDemo;\n", /server\/demo/],
    [
      'server/services/x.ts',
      "import { drawDemoPhoto } from '../runtime';\nexport const a = drawDemoPhoto;\n",
      /server\/runtime/,
    ],
    ['server/http/x.ts', "export const load = () => import('../runtime');\n", /server\/runtime/],
    // Services know no HTTP.
    [
      'server/services/cart.ts',
      "import { ApiError } from '../http/errors';\nexport const a = new ApiError(404, 'x');\n",
      /Services know nothing of HTTP/,
    ],
    ['server/services/staff/x.ts', "export { notFound } from '../../http/errors';\n", /Services know nothing of HTTP/],
    [
      'server/services/orders/x.ts',
      "export const load = () => import('../../http/errors');\n",
      /Services know nothing of HTTP/,
    ],
    // Routes call services, not repositories.
    [
      'server/routes/x.ts',
      "import { findUserByEmail } from '../repositories/users';\nexport const a = findUserByEmail;\n",
      /never server\/repositories/,
    ],
    [
      'server/routes/x.ts',
      "import type { ProductFilter } from '../repositories/catalogue';\nexport type A = ProductFilter;\n",
      /never server\/repositories/,
    ],
    [
      'server/routes/x.ts',
      "export const load = () => import('../repositories/stock');\n",
      /never server\/repositories/,
    ],
  ])('%s: %s is refused', async (file, code, message) => {
    const messages = await restrictedIn(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(message);
  });

  test.each([
    ['server/routes/x.ts', "import { SHOP_NAME } from '../../contract/shop';\nexport const a = SHOP_NAME;\n"],
    ['src/lib/x.ts', "import { SHOP_NAME } from '../../contract/shop';\nexport const a = SHOP_NAME;\n"],
    ['src/lib/x.ts', "import { renderToString } from 'react-dom/server';\nexport const a = renderToString;\n"],
    ['server/x.ts', "import { serve } from '@hono/node-server';\nexport const a = serve;\n"],
    [
      'server/demo/seed.ts',
      "import { illustrationPath } from '../services/images/catalogue-images';\nexport const a = illustrationPath;\n",
    ],
    ['server/demo/cli.ts', "import { seedCatalogue } from './seed';\nexport const a = seedCatalogue;\n"],
    ['server/db/x.ts', "import { x } from './demographics';\nexport const a = x;\n"],
    // Start-up's composition seeds an empty shop and hands the demo's photo renderer in.
    ['server/runtime.ts', "import { seedCatalogue } from './demo/seed';\nexport const a = seedCatalogue;\n"],
    ['server/runtime.ts', "export const load = () => import('./demo/photo-recipes');\n"],
    ['server/services/images/x.ts', "import { Invalid } from '../errors';\nexport const a = Invalid;\n"],
    ['server/services/x.ts', "import { x } from './https-agent';\nexport const a = x;\n"],
    ['server/http/x.ts', "import { NotFound } from '../services/errors';\nexport const a = NotFound;\n"],
    [
      'server/routes/x.ts',
      "import { product } from '../services/catalogue/public-catalogue';\nexport const a = product;\n",
    ],
    ['server/x.ts', 'export const load = (entry: string) => import(entry);\n'],
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restrictedIn(file, code)).toEqual([]);
  });
});
