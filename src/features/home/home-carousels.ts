import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/pagination';
import {
  DAILY_DEALS_COLUMNS,
  FEATURE_CATEGORY_COLUMNS,
  HERO_AUTOPLAY_DELAY_MS,
  HERO_SELECTOR,
  HOME_ROWS,
  swiperBreakpoints,
} from './carousel';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const labelOf = (selector: string, fallback: string) =>
  document.querySelector(selector)?.getAttribute('aria-label') ?? fallback;

const ROW_COLUMNS = {
  '[data-feature-carousel]': FEATURE_CATEGORY_COLUMNS,
  '[data-deals-slider]': DAILY_DEALS_COLUMNS,
} as const;

/**
 * The home page's three carousels: fading banners, feature categories, daily deals. Each started
 * Swiper is returned under its element.
 *
 * The rows run in Swiper's CSS mode: the page shows them as native sideways-scrolling rows with
 * scroll snapping before Swiper arrives (carousel-rows.css), and Swiper keeps that scrolling and
 * adds the arrows, so nothing moves when it starts, even mid-swipe.
 */
export function startHomeCarousels(): Map<Element, Swiper> {
  const started = new Map<Element, Swiper>();
  const hero = document.querySelector<HTMLElement>(HERO_SELECTOR);
  if (hero) {
    started.set(
      hero,
      new Swiper(hero, {
        modules: [Autoplay, EffectFade, Pagination, A11y],
        effect: 'fade',
        fadeEffect: { crossFade: true },
        loop: true,
        autoplay: reducedMotion()
          ? false
          : { delay: HERO_AUTOPLAY_DELAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
        pagination: { el: hero.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
      }),
    );
  }
  for (const row of HOME_ROWS) {
    const slider = document.querySelector<HTMLElement>(row.slider);
    if (!slider) continue;
    const swiper = new Swiper(slider, {
      modules: [Navigation, A11y],
      cssMode: true,
      breakpoints: swiperBreakpoints(ROW_COLUMNS[row.slider]),
      navigation: { prevEl: row.prev, nextEl: row.next },
      // The arrows keep their own names ('Next categories'), not Swiper's 'Next slide'.
      a11y: {
        prevSlideMessage: labelOf(row.prev, 'Previous slide'),
        nextSlideMessage: labelOf(row.next, 'Next slide'),
      },
    });
    // A row the shopper scrolled before Swiper started: Swiper reads where it stands.
    swiper.wrapperEl.dispatchEvent(new Event('scroll'));
    started.set(slider, swiper);
  }
  return started;
}
