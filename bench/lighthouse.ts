import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { BUDGETS, type PageBudget, type PageType } from './budgets';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { BENCH_TMP, onInterrupt } from './processes';
import { fmt, info, judged, median, type Table } from './report';

/** Each run's full report (open in the Lighthouse viewer), e.g. bench/tmp/lighthouse/home-1.json. */
const REPORTS_DIR = path.join(BENCH_TMP, 'lighthouse');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

/** Lighthouse's figures for one page (the median of the runs when there are several). */
export interface LighthouseResult {
  page: PageType;
  path: string;
  runs: number;
  performance: number;
  /** The lowest performance score of the runs: the budget holds every run, not only the median. */
  worstPerformance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  /** The highest total blocking time of the runs. */
  worstTbtMs: number;
  /** Main-thread work during the load (Lighthouse's 'mainthread-work-breakdown', under its 4× CPU slowdown). */
  mainThreadSeconds: number;
  /** What Lighthouse reports as the LCP element, and audits that lost points (from the last run). */
  lcpElement: string | null;
  /** Elements Lighthouse saw shift, with their share of the layout shift score. */
  shiftedElements: string[];
  failedAudits: string[];
  lighthouseVersion: string;
}

type RunFigures = Omit<LighthouseResult, 'page' | 'path' | 'runs' | 'worstPerformance' | 'worstTbtMs'>;

/** Runs per page: 1, or the median of BENCH_RUNS (e.g. 3). */
export function lighthouseRuns(env: NodeJS.ProcessEnv = process.env): number {
  const runs = Number(env.BENCH_RUNS ?? 1);
  if (!Number.isInteger(runs) || runs < 1 || runs > 9)
    throw new Error(`BENCH_RUNS must be 1 to 9, not "${env.BENCH_RUNS}"`);
  return runs;
}

/** The HTML snippets of the nodes an audit's details name, in order. */
function snippetsOf(details: unknown): string[] {
  const found: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (record.type === 'node' && typeof record.snippet === 'string') found.push(record.snippet);
      Object.values(record).forEach(visit);
    }
  };
  visit(details);
  return found;
}

/** One Lighthouse run (mobile defaults) in a Chromium of its own, launched here and always killed. */
async function auditOnce(url: string, reportName: string): Promise<RunFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...CHROMIUM_ARGS],
    handleSIGINT: false,
    logLevel: 'silent',
  });
  const forget = onInterrupt(() => chrome.kill());
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    fs.mkdirSync(REPORTS_DIR, { recursive: true });
    fs.writeFileSync(path.join(REPORTS_DIR, `${reportName}.json`), JSON.stringify(lhr));
    if (lhr.runtimeError) throw new Error(`Lighthouse could not audit ${url}: ${lhr.runtimeError.message}`);
    const score = (id: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const failedAudits = CATEGORIES.filter((c) => c !== 'performance').flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}: ${ref.id}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpSeconds: numeric('largest-contentful-paint') / 1000,
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      mainThreadSeconds: numeric('mainthread-work-breakdown') / 1000,
      // Lighthouse 13 names the LCP element in its LCP breakdown insight (12 had an audit of its own).
      lcpElement: snippetsOf(lhr.audits['lcp-breakdown-insight']?.details)[0] ?? null,
      shiftedElements: [...new Set(snippetsOf(lhr.audits['layout-shifts']?.details))].slice(0, 3),
      failedAudits,
      lighthouseVersion: lhr.lighthouseVersion,
    };
  } finally {
    forget();
    chrome.kill();
  }
}

/** Audits each page marked for Lighthouse, `runs` times, keeping the median of each figure. */
export async function benchLighthouse(
  origin: string,
  runs: number,
  log: (line: string) => void,
): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = [];
  fs.rmSync(REPORTS_DIR, { recursive: true, force: true });
  for (const [type, budget] of Object.entries(BUDGETS.pages) as [PageType, PageBudget][]) {
    if (!budget.lighthouse) continue;
    const all: RunFigures[] = [];
    for (let i = 0; i < runs; i += 1) all.push(await auditOnce(new URL(budget.path, origin).href, `${type}-${i + 1}`));
    const pick = (f: (r: RunFigures) => number) => median(all.map(f));
    const last = all.at(-1);
    if (!last) throw new Error(`Lighthouse made no runs of the ${type} page`);
    const result: LighthouseResult = {
      page: type,
      path: budget.path,
      runs,
      performance: pick((r) => r.performance),
      worstPerformance: Math.min(...all.map((r) => r.performance)),
      accessibility: pick((r) => r.accessibility),
      bestPractices: pick((r) => r.bestPractices),
      seo: pick((r) => r.seo),
      lcpSeconds: pick((r) => r.lcpSeconds),
      cls: pick((r) => r.cls),
      tbtMs: pick((r) => r.tbtMs),
      worstTbtMs: Math.max(...all.map((r) => r.tbtMs)),
      mainThreadSeconds: pick((r) => r.mainThreadSeconds),
      lcpElement: last.lcpElement,
      shiftedElements: last.shiftedElements,
      failedAudits: last.failedAudits,
      lighthouseVersion: last.lighthouseVersion,
    };
    results.push(result);
    log(
      `  ${type}: performance ${all.map((r) => r.performance).join(', ')}, LCP ${fmt(result.lcpSeconds, 2)} s, ` +
        `CLS ${fmt(result.cls, 3)}, TBT ${all.map((r) => fmt(r.tbtMs)).join(', ')} ms, ` +
        `main thread ${all.map((r) => fmt(r.mainThreadSeconds, 2)).join(', ')} s`,
    );
  }
  return results;
}

/** The Lighthouse section's table; pages that lose points get a note saying where. */
export function lighthouseTable(results: LighthouseResult[]): Table {
  const b = BUDGETS.lighthouse;
  const notes = [
    'Full reports: bench/tmp/lighthouse/{page}-{run}.json (open in the Lighthouse viewer).',
    `Lighthouse ${results[0]?.lighthouseVersion ?? ''} mobile defaults (simulated slow 4G, 4× CPU slowdown), ` +
      `${results[0]?.runs === 1 ? '1 run per page' : `median of ${results[0]?.runs} runs per page`}.`,
  ];
  const rows = results.map((r) => {
    if (r.failedAudits.length) notes.push(`${r.page}: lost points on ${r.failedAudits.join(', ')}.`);
    if (r.lcpSeconds >= b.maxLcpSeconds && r.lcpElement) notes.push(`${r.page}: LCP element \`${r.lcpElement}\`.`);
    if (Number(r.cls.toFixed(3)) > b.maxCls && r.shiftedElements.length) {
      notes.push(`${r.page}: shifting ${r.shiftedElements.map((e) => `\`${e}\``).join(', ')}.`);
    }
    return [
      info(`${r.page} \`${r.path}\``),
      judged(
        r.runs > 1 ? `${r.performance} (worst ${r.worstPerformance})` : String(r.performance),
        `≥ ${b.minPerformance} in every run`,
        r.worstPerformance >= b.minPerformance,
      ),
      judged(String(r.accessibility), `= ${b.minAccessibility}`, r.accessibility >= b.minAccessibility),
      judged(String(r.bestPractices), `= ${b.minBestPractices}`, r.bestPractices >= b.minBestPractices),
      judged(String(r.seo), `= ${b.minSeo}`, r.seo >= b.minSeo),
      judged(`${fmt(r.lcpSeconds, 2)} s`, `< ${b.maxLcpSeconds} s`, r.lcpSeconds < b.maxLcpSeconds),
      judged(fmt(r.cls, 3), `≤ ${fmt(b.maxCls, 3)}`, Number(r.cls.toFixed(3)) <= b.maxCls),
      judged(
        r.runs > 1 ? `${fmt(r.tbtMs)} ms (worst ${fmt(r.worstTbtMs)})` : `${fmt(r.tbtMs)} ms`,
        `≤ ${b.maxTbtMs} ms`,
        r.worstTbtMs <= b.maxTbtMs,
      ),
      judged(
        `${fmt(r.mainThreadSeconds, 2)} s`,
        `≤ ${b.maxMainThreadSeconds} s`,
        r.mainThreadSeconds <= b.maxMainThreadSeconds,
      ),
    ];
  });
  return {
    title: 'Lighthouse',
    columns: ['Page', 'Performance', 'Accessibility', 'Best practices', 'SEO', 'LCP', 'CLS', 'TBT', 'Main thread'],
    rows,
    notes,
  };
}
