import { ESLint } from 'eslint';
import { beforeAll, describe, expect, test } from 'vitest';

/**
 * The storefront (src/) and the API (server/) share things only through contract/; the linter
 * refuses any other import between them, and any import of the demo catalogue (server/demo/) by
 * the running API. These cases lint text as if it were in each folder.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function restrictedIn(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
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
      'server/runtime.ts',
      "import { seedCatalogue } from './demo/seed';\nexport const a = seedCatalogue;\n",
      /server\/demo/,
    ],
    [
      'server/routes/x.ts',
      "import type { IllustrationKind } from '../demo/generate';\nexport type A = IllustrationKind;\n",
      /server\/demo/,
    ],
    ['server/services/images/x.ts', "export { renderIllustration } from '../../demo/illustrations';\n", /server\/demo/],
    ['server/demo/x.ts', "import { x } from '../../src/lib/constants';\nexport const a = x;\n", /never from src/],
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
  ])('%s: %s is allowed', async (file, code) => {
    expect(await restrictedIn(file, code)).toEqual([]);
  });
});
