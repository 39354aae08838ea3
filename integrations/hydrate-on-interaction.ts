import type { ClientDirective } from 'astro';
import { HYDRATE_BY_MS } from '../src/lib/hydration';

/** The value of `client:interaction`. */
export interface InteractionOptions {
  /**
   * A local storage key: when it holds a value the shopper has used the island before (a pincode
   * checked on an earlier page), so it hydrates at once, when the browser is idle.
   */
  atOnceIfStored?: string;
  /**
   * A selector of the control the shopper reaches for, when it is not inside the island (the
   * header's search box, a plain form that must work before and without the island).
   */
  watch?: string;
}

/** What a shopper does to a control just before using it: point, touch, tab to or type. */
const REACHING = ['pointerover', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * `client:interaction`: the island's JavaScript is fetched and run when the shopper first reaches
 * for it, not with the page. Its server HTML stays as it is until then; a press on it is kept by
 * the early-input guard (layouts/Base.astro) and replayed once the island has hydrated, and what was
 * typed is read back by `useTypedBeforeHydration` (src/ui/form-state.ts). Listeners sit on the
 * `<astro-island>` element, which holds the island's HTML (it is `display: contents`, but events
 * still bubble through it).
 */
const hydrateOnInteraction: ClientDirective = (load, options, el) => {
  const value = typeof options.value === 'object' ? (options.value as InteractionOptions) : {};
  const watched = (value.watch && document.querySelector(value.watch)) || el;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of REACHING) watched.removeEventListener(type, start, true);
    void load().then((hydrate) => hydrate());
  };
  for (const type of REACHING) watched.addEventListener(type, start, { capture: true, passive: true });
  // Already in the box (focused before this ran, or by autofocus).
  if (watched !== el && watched.contains(document.activeElement)) start();

  let used = false;
  try {
    used = value.atOnceIfStored !== undefined && localStorage.getItem(value.atOnceIfStored) !== null;
  } catch {
    // Storage refused (a private window): wait for the shopper.
  }
  if (!used) return;
  // Safari has no requestIdleCallback.
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: HYDRATE_BY_MS });
  else setTimeout(start, 200);
};

export default hydrateOnInteraction;
