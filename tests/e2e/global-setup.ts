import type { FullConfig } from '@playwright/test';
import { pinnedNode } from '../node-version';
import { until } from '../wait';

/** How long the shop may take to draw and encode the demo's photos after its first build. */
const PICTURES_TIMEOUT_MS = 600_000;

/**
 * Runs once the test shop answers (after Playwright's webServer): checks that it runs on the pinned Node's major
 * (`/api/health`'s `node`: the browser tests exercise the shop on the Node it runs on in production), then waits
 * until the first build is served and every photo of the demo seed is drawn and encoded (`pictures`). The shop
 * encodes them beside its first build. A picture asked for before its turn would be made then (images.spec.ts shows
 * it), but making the photos of twenty new product pages one page at a time made the tests that open many pages
 * run past their time on a busy machine; encoded first, no test pays for a picture.
 */
export default async function waitForPictures(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  const major = pinnedNode(process.cwd()).major;
  let last = '';
  await until(
    async () => {
      const res = await fetch(new URL('/api/health', baseURL));
      const health = (await res.json()) as { build: unknown; pictures: { waiting: number } | null; node: number };
      if (health.node !== major) throw new Error(`The test shop runs on Node ${health.node}, not the pinned ${major}`);
      last = JSON.stringify({ build: health.build !== null, pictures: health.pictures });
      return health.build !== null && health.pictures?.waiting === 0;
    },
    { timeoutMs: PICTURES_TIMEOUT_MS, everyMs: 500, what: 'The test shop’s first build and pictures' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${last}`);
  });
}
