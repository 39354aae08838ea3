import { expect, test } from '@playwright/test';
import { BUDGETS, KB, type PageBudget, type PageType } from '../../bench/budgets';
import { measurePage, type AssetSize } from '../../bench/page-assets';
import { DESKTOP, PHONE } from './fixtures';

/**
 * The JavaScript budgets of bench/budgets.ts, held in every test run: each page's own (gzip level 9
 * of each script the page loads before any interaction, inline ones included) and the one every
 * page keeps to as transferred (brotli, as the shop serves its files). Sizes are computed here, so
 * the verdict does not depend on the machine's speed or the server's compression.
 */
const PAGES = Object.entries(BUDGETS.pages) as [PageType, PageBudget][];

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

function breakdown(assets: AssetSize[]): string {
  return assets
    .map(
      (a) =>
        `  ${kb(a.gzipBytes).padStart(9)} gzip ${kb(a.brotliBytes).padStart(9)} br  ${a.url.replace(/^https?:\/\/[^/]+/, '')}`,
    )
    .join('\n');
}

for (const viewport of [PHONE, DESKTOP]) {
  test.describe(`JavaScript before interaction at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const [type, budget] of PAGES) {
      test(`${type} page ${budget.path} stays within ${budget.jsKb} KB gzip and ${BUDGETS.maxJsTransferredKb} KB as transferred`, async ({
        page,
      }) => {
        const assets = await measurePage(page, budget.path, { timeoutMs: 20_000 });
        const scripts = [...assets.scripts, ...assets.inlineScripts].sort((a, b) => b.gzipBytes - a.gzipBytes);
        // Every page hydrates the header's islands: no scripts at all means the measurement broke.
        expect(assets.scripts.length, 'external scripts loaded').toBeGreaterThan(0);
        expect(
          assets.jsGzipBytes,
          `${type} page loads ${kb(assets.jsGzipBytes)} of JavaScript (budget ${budget.jsKb} KB):\n${breakdown(scripts)}\n`,
        ).toBeLessThanOrEqual(budget.jsKb * KB);
        expect(
          assets.jsTransferredBytes,
          `${type} page transfers ${kb(assets.jsTransferredBytes)} of JavaScript (budget ${BUDGETS.maxJsTransferredKb} KB):\n${breakdown(scripts)}\n`,
        ).toBeLessThanOrEqual(BUDGETS.maxJsTransferredKb * KB);
      });
    }
  });
}
