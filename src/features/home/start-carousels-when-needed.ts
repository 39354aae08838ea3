import type { startHomeCarousels } from './home-carousels';
import { firstStepDueIn, HERO_AUTOPLAY_DELAY_MS, HERO_SELECTOR, HOME_ROWS, NEAR_VIEWPORT_MARGIN } from './carousel';

type Started = ReturnType<typeof startHomeCarousels>;

/** What tells that a shopper is about to use a carousel: a touch, a press, a hovering mouse, focus, a key. */
const INTENT_EVENTS = ['pointerdown', 'pointerover', 'touchstart', 'focusin', 'keydown'] as const;

/**
 * Swiper (28 KB gzip with its modules) stays off the page until a carousel needs it: when the
 * shopper reaches for one (see INTENT_EVENTS), when a row below the fold nears the viewport, or
 * when the hero's first autoplay step is due (never with reduced motion). Until then the first
 * banner is plain HTML and the rows scroll natively (carousel-rows.css); an arrow pressed before
 * Swiper has arrived moves its row once it has. A row's slides past its first view wait as text
 * (revealSlides) until Swiper is fetched or the row is scrolled.
 */
export function startCarouselsWhenNeeded(): void {
  let starting: Promise<Started> | undefined;
  let running: Started | undefined;
  const start = () => {
    revealSlides(document);
    return (starting ??= import('./home-carousels').then(
      ({ startHomeCarousels }) => (running = startHomeCarousels()),
      (error: unknown) => {
        // Offline for a moment: the rows still scroll, and the shopper's next move tries again.
        starting = undefined;
        throw error;
      },
    ));
  };

  const hero = document.querySelector<HTMLElement>(HERO_SELECTOR);
  const rows = HOME_ROWS.flatMap((row) => {
    const slider = document.querySelector<HTMLElement>(row.slider);
    return slider ? [{ ...row, slider }] : [];
  });
  const carousels = [...(hero ? [hero] : []), ...rows.map((row) => row.slider)];
  if (carousels.length === 0) return;

  // Each carousel's section (its heading's arrows belong to it); `start` runs once, or again after a failed fetch.
  for (const area of new Set(carousels.map((el) => el.closest('section') ?? el))) {
    for (const type of INTENT_EVENTS) area.addEventListener(type, () => void start(), { passive: true });
  }
  // A row scrolled by any other means (a trackpad, a script) gets its waiting slides, not Swiper.
  for (const row of rows) {
    row.slider
      .querySelector('.swiper-wrapper')
      ?.addEventListener('scroll', () => revealSlides(row.slider), { passive: true, once: true });
  }

  for (const row of rows) {
    for (const [selector, step] of [
      [row.prev, 'slidePrev'],
      [row.next, 'slideNext'],
    ] as const) {
      document.querySelector(selector)?.addEventListener('click', () => {
        // Once Swiper runs, its own listener on the arrow moves the row.
        if (running) return;
        void start().then((started) => started.get(row.slider)?.[step]());
      });
    }
  }

  const seen = new WeakSet<Element>();
  const belowTheFold = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const seenBefore = seen.has(entry.target);
        seen.add(entry.target);
        // A row already in view when the page opened waits for the shopper's hand.
        if (!seenBefore && entry.isIntersecting) belowTheFold.unobserve(entry.target);
        else if (entry.isIntersecting) {
          belowTheFold.disconnect();
          void start();
        }
      }
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  for (const row of rows) belowTheFold.observe(row.slider);

  if (hero && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    const dueAfterLoad = () => {
      const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      const loadedAt = navigation?.loadEventEnd || performance.now();
      window.setTimeout(
        () => {
          // Started earlier by the shopper: Swiper's autoplay is already counting.
          if (starting) return;
          void start().then((started) => started.get(hero)?.slideNext());
        },
        firstStepDueIn(loadedAt, performance.now(), HERO_AUTOPLAY_DELAY_MS),
      );
    };
    if (document.readyState === 'complete') dueAfterLoad();
    else window.addEventListener('load', dueAfterLoad, { once: true });
  }
}

/**
 * Puts the slides a row keeps waiting (src/components/home/DeferredSlides.astro) in place of
 * their `<noscript>`, in order, so that the row holds all its slides before the shopper can reach
 * past its first view. The text is the page's own markup, as the build wrote it.
 */
export function revealSlides(root: ParentNode): void {
  for (const waiting of root.querySelectorAll<HTMLElement>('noscript[data-more-slides]')) {
    waiting.insertAdjacentHTML('beforebegin', waiting.textContent ?? '');
    waiting.remove();
  }
}
