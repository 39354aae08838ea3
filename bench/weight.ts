import { chromium } from '@playwright/test';
import { BUDGETS, KB, type PageBudget, type PageType } from './budgets';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { measurePage, type AssetSize, type PageAssets } from './page-assets';
import { fmt, info, judged, type Table } from './report';

/** Lighthouse's mobile screen: the viewport "above the fold" means here. */
export const MOBILE_VIEWPORT = { width: 412, height: 823 };

/** A page's weight before interaction, at mobile size. */
export interface WeightResult {
  page: PageType;
  path: string;
  jsGzipBytes: number;
  jsTransferredBytes: number;
  htmlGzipBytes: number;
  cssGzipBytes: number;
  imageAboveFoldBytes: number;
  scripts: AssetSize[];
  inlineScripts: AssetSize[];
  stylesheets: AssetSize[];
  inlineStyles: AssetSize[];
  imagesAboveFold: AssetSize[];
}

/** The asset's path without the origin, whose port changes every run. */
function relative(asset: AssetSize): AssetSize {
  return { ...asset, url: asset.url.replace(/^https?:\/\/[^/]+/, '') };
}

function toResult(page: PageType, path: string, assets: PageAssets): WeightResult {
  return {
    page,
    path,
    jsGzipBytes: assets.jsGzipBytes,
    jsTransferredBytes: assets.jsTransferredBytes,
    htmlGzipBytes: assets.html.gzipBytes,
    cssGzipBytes: assets.cssGzipBytes,
    imageAboveFoldBytes: assets.imageAboveFoldBytes,
    scripts: assets.scripts.map(relative),
    inlineScripts: assets.inlineScripts,
    stylesheets: assets.stylesheets.map(relative),
    inlineStyles: assets.inlineStyles,
    imagesAboveFold: assets.imagesAboveFold.map(relative),
  };
}

/** Loads each budgeted page in headless Chromium at mobile size and weighs what it downloads. */
export async function benchWeight(origin: string, log: (line: string) => void): Promise<WeightResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const results: WeightResult[] = [];
    for (const [type, budget] of Object.entries(BUDGETS.pages) as [PageType, PageBudget][]) {
      // A fresh context per page: nothing comes from the cache or another page's storage.
      const context = await browser.newContext({
        baseURL: origin,
        viewport: MOBILE_VIEWPORT,
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        const assets = await measurePage(page, budget.path, { extraSettleMs: 1_000 });
        results.push(toResult(type, budget.path, assets));
        log(
          `  ${type}: JS ${fmt(assets.jsTransferredBytes / KB, 1)} KB as transferred, ${fmt(assets.jsGzipBytes / KB, 1)} KB gzip, in ${assets.scripts.length} files`,
        );
      } finally {
        await context.close();
      }
    }
    return results;
  } finally {
    await browser.close();
  }
}

const kb = (bytes: number) => `${fmt(bytes / KB, 1)} KB`;

function chunkName(url: string): string {
  return url.split('/').pop() ?? url;
}

/** The page weight section's table; pages over budget get a note naming their largest scripts. */
export function weightTable(results: WeightResult[]): Table {
  const notes = [
    `Mobile emulation ${MOBILE_VIEWPORT.width}×${MOBILE_VIEWPORT.height}, before any interaction (network idle, idle callback, +1 s). ` +
      'JS as transferred: each script brotli quality 11 (as the shop pre-compresses its files) plus what the inline scripts add to ' +
      'the brotli-compressed HTML. Other sizes are gzip level 9 computed locally; JS and CSS include inline scripts and styles (which the HTML figure counts too); ' +
      '1 KB = 1,024 bytes. ' +
      'Images: those intersecting the first viewport (SVG gzip-compressed, others as sent).',
  ];
  const rows = results.map((r) => {
    const budget = BUDGETS.pages[r.page];
    const ok = r.jsGzipBytes <= budget.jsKb * KB;
    const js = budget.benchReportOnly
      ? info(`${kb(r.jsGzipBytes)} (report only)`)
      : judged(kb(r.jsGzipBytes), `≤ ${budget.jsKb} KB`, ok);
    if (!ok && !budget.benchReportOnly) {
      const largest = [...r.scripts, ...r.inlineScripts]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 4)
        .map((a) => `${chunkName(a.url)} ${kb(a.gzipBytes)}`);
      notes.push(
        `${r.page} (${r.scripts.length} scripts) is over by ${kb(r.jsGzipBytes - budget.jsKb * KB)}; largest: ${largest.join(', ')}.`,
      );
    }
    return [
      info(`${r.page} \`${r.path}\``),
      judged(
        kb(r.jsTransferredBytes),
        `≤ ${BUDGETS.maxJsTransferredKb} KB`,
        r.jsTransferredBytes <= BUDGETS.maxJsTransferredKb * KB,
      ),
      js,
      info(kb(r.htmlGzipBytes)),
      info(kb(r.cssGzipBytes)),
      judged(
        `${kb(r.imageAboveFoldBytes)} (${r.imagesAboveFold.length})`,
        `≤ ${BUDGETS.maxAboveFoldImageKb} KB`,
        r.imageAboveFoldBytes <= BUDGETS.maxAboveFoldImageKb * KB,
      ),
    ];
  });
  return {
    title: 'Page weight',
    columns: ['Page', 'JS as transferred', 'JS (gzip)', 'HTML (gzip)', 'CSS (gzip)', 'Images above the fold (count)'],
    rows,
    notes,
  };
}
