import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RefreshedPage, SiteRenderer } from '../../integrations/site-renderer';
import { SEARCH_FALLBACK_PAGE, staticHostFiles } from './static-host';

/**
 * Makes a finished build's `client/` folder whole for a plain static host: the search page,
 * which the shop's server renders when asked, as a file (without results: its island searches
 * from the browser), and the rewrite and header files of static-host.ts.
 */
export async function finishStaticFolder(build: string, options: { apiBase: string; siteUrl: string }): Promise<void> {
  const client = path.join(build, 'client');
  if (!fs.existsSync(client)) return;
  await writeSearchShell(build, options);
  for (const { file, text } of staticHostFiles()) fs.writeFileSync(path.join(build, file), text);
}

async function writeSearchShell(build: string, options: { apiBase: string; siteUrl: string }): Promise<void> {
  const entry = path.join(build, 'server', 'entry.mjs');
  if (!fs.existsSync(entry)) return;
  const renderer = (await import(pathToFileURL(entry).href)) as SiteRenderer;
  // The page reads its categories from API_BASE when rendered, as the on-demand page does.
  const previous = process.env.API_BASE;
  process.env.API_BASE = options.apiBase;
  let page: RefreshedPage;
  try {
    page = await renderSearchShell(renderer, options.siteUrl);
  } finally {
    if (previous === undefined) delete process.env.API_BASE;
    else process.env.API_BASE = previous;
  }
  const target = path.join(build, 'client', SEARCH_FALLBACK_PAGE, 'index.html');
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, withPolicyMeta(page.body, page.policy));
}

/**
 * The search page as a static host serves it (without results), from the catalogue as the API
 * answers now: written by each build, and again when the menu changes (its side list names
 * categories).
 */
export async function renderSearchShell(renderer: SiteRenderer, siteUrl: string): Promise<RefreshedPage> {
  const response = await renderer.render(new Request(new URL('/searchproductlist', siteUrl)));
  if (!response?.ok)
    throw new Error(`The search page could not be rendered for static hosts (${response?.status ?? 'no route'}).`);
  return {
    path: SEARCH_FALLBACK_PAGE,
    body: await response.text(),
    policy: response.headers.get('content-security-policy'),
  };
}

/**
 * Astro sends an on-demand page's Content-Security-Policy as a header, which a file does not
 * carry: it goes into the page as the meta tag the built pages have, where the build puts it
 * (before the styles and scripts Astro adds to the head, or at its end), so a page rendered again after a
 * change is byte for byte what a build would write.
 */
export function withPolicyMeta(html: string, policy: string | null): string {
  if (!policy) return html;
  const meta = `<meta http-equiv="content-security-policy" content="${policy.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}">`;
  const head = /<\/head>/i.exec(html);
  if (!head) return html.replace(/<html[^>]*>/i, (tag) => `${tag}${meta}`);
  // Astro's own head content starts there: the policy, then the styles, then its inline scripts.
  const style = /<style[\s>]|<script>/i.exec(html.slice(0, head.index));
  const at = style ? style.index : head.index;
  return `${html.slice(0, at)}${meta}${html.slice(at)}`;
}
