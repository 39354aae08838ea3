import type { FullConfig } from '@playwright/test';
import { until } from '../wait';

/** How long the shop may take to draw and encode the demo's photos after its first build. */
const PICTURES_TIMEOUT_MS = 600_000;

/**
 * Runs once the test shop answers (after Playwright's webServer): waits until the first build is
 * served and every photo of the demo seed is drawn and encoded (`/api/health`'s `pictures`), so
 * that no test sees a picture still on its way. The shop encodes them beside its first build.
 */
export default async function waitForPictures(config: FullConfig): Promise<void> {
  const baseURL = config.projects[0]?.use.baseURL;
  if (!baseURL) throw new Error('playwright.config.ts sets no baseURL');
  let last = '';
  await until(
    async () => {
      const res = await fetch(new URL('/api/health', baseURL));
      const health = (await res.json()) as { build: unknown; pictures: { waiting: number } | null };
      last = JSON.stringify({ build: health.build !== null, pictures: health.pictures });
      return health.build !== null && health.pictures?.waiting === 0;
    },
    { timeoutMs: PICTURES_TIMEOUT_MS, everyMs: 500, what: 'The test shop’s first build and pictures' },
  ).catch((error: unknown) => {
    throw new Error(`${String(error)}: ${last}`);
  });
}
