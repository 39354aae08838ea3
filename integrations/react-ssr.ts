/**
 * The server half of the React islands: renders each island's first HTML with React's
 * `renderToString`. @astrojs/react's own server renderer (its client half still hydrates the
 * islands) streams every island through a web stream and encodes it to bytes and back, and
 * before that renders it once more to ask whether the component is React's; for a catalogue of
 * thousands of pages with three islands each, that was 14 % of the build's CPU. The islands here
 * take no part in Suspense on the server, so a string renderer loses nothing.
 */
import type { SSRLoadedRendererValue } from 'astro';
import { createElement, type ComponentType, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';

/** The `this` Astro calls a renderer with: the page being rendered. */
interface RendererContext {
  result?: object;
}

const REACT_TYPES = new Set(['react.memo', 'react.forward_ref', 'react.lazy'].map((name) => Symbol.for(name)));

/**
 * Whether a component is React's. The site's only framework is React, so every function (or
 * React's memo, forwardRef and lazy wrappers) is a React component; nothing is rendered to find out.
 */
export function isReactComponent(component: unknown): boolean {
  if (typeof component === 'function') return true;
  if (typeof component !== 'object' || component === null) return false;
  return REACT_TYPES.has((component as { $$typeof?: symbol }).$$typeof as symbol);
}

/** Island number n of a page gets ids prefixed `s{n}`: unique on the page, and the same when it hydrates. */
const islandCounts = new WeakMap<object, number>();
function nextPrefix(page: object | undefined): string {
  if (!page) return 's';
  const n = islandCounts.get(page) ?? 0;
  islandCounts.set(page, n + 1);
  return `s${n}`;
}

/** Astro's rendered slot content, kept as HTML inside the island (as @astrojs/react does). */
function StaticHtml({ value, name, hydrate }: { value: string; name?: string; hydrate: boolean }): ReactNode {
  if (!value) return null;
  return createElement(hydrate ? 'astro-slot' : 'astro-static-slot', {
    name,
    suppressHydrationWarning: true,
    dangerouslySetInnerHTML: { __html: value },
  });
}

const slotProp = (name: string) => name.trim().replace(/[-_]([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * The island's HTML and the `prefix` attribute @astrojs/react's client hydrates with, so ids made
 * by `useId` match between server and browser and never repeat between islands of one page.
 */
export async function renderIsland(
  this: RendererContext | undefined,
  // Any component: its props come from the page, checked where the page writes them.
  component: ComponentType<never>,
  props: Record<string, unknown>,
  slots: Record<string, string> = {},
  metadata?: { astroStaticSlot?: boolean; hydrate?: string },
): Promise<{ html: string; attrs: Record<string, string> }> {
  const prefix = nextPrefix(this?.result);
  const hydrate = metadata?.astroStaticSlot ? Boolean(metadata.hydrate) : true;
  const { class: _class, ...rest } = props;
  const { default: children, ...named } = slots;
  const islandProps: Record<string, unknown> = { ...rest };
  for (const [name, value] of Object.entries(named)) {
    islandProps[slotProp(name)] = createElement(StaticHtml, { value, name, hydrate });
  }
  const content = children ?? rest.children;
  if (content != null) islandProps.children = createElement(StaticHtml, { value: String(content), hydrate });
  const html = renderToString(createElement(component as ComponentType<Record<string, unknown>>, islandProps), {
    identifierPrefix: prefix,
  });
  return { html, attrs: { prefix } };
}

const renderer: SSRLoadedRendererValue = {
  name: '@astrojs/react',
  check: async (component: unknown) => isReactComponent(component),
  renderToStaticMarkup: renderIsland,
  supportsAstroStaticSlot: true,
};

export default renderer;
