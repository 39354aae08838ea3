import Swiper from 'swiper';
import { A11y, Autoplay, EffectFade, Navigation, Pagination } from 'swiper/modules';
import 'swiper/css';
import 'swiper/css/effect-fade';
import 'swiper/css/pagination';
import { swiperBreakpoints } from './carousel';
import { DAILY_DEALS_COLUMNS, FEATURE_CATEGORY_COLUMNS } from '../../lib/constants';

const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** The home page's three carousels: fading banners, feature categories, daily deals. */
export function startHomeCarousels(): void {
  const hero = document.querySelector<HTMLElement>('[data-hero-slider]');
  if (hero) {
    new Swiper(hero, {
      modules: [Autoplay, EffectFade, Pagination, A11y],
      effect: 'fade',
      fadeEffect: { crossFade: true },
      loop: true,
      autoplay: reducedMotion() ? false : { delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true },
      pagination: { el: hero.querySelector<HTMLElement>('.swiper-pagination'), clickable: true },
    });
  }
  const features = document.querySelector<HTMLElement>('[data-feature-carousel]');
  if (features) {
    new Swiper(features, {
      modules: [Navigation, A11y],
      breakpoints: swiperBreakpoints(FEATURE_CATEGORY_COLUMNS),
      navigation: { prevEl: '[data-feature-prev]', nextEl: '[data-feature-next]' },
    });
  }
  const deals = document.querySelector<HTMLElement>('[data-deals-slider]');
  if (deals) {
    new Swiper(deals, {
      modules: [Navigation, A11y],
      breakpoints: swiperBreakpoints(DAILY_DEALS_COLUMNS),
      navigation: { prevEl: '[data-deals-prev]', nextEl: '[data-deals-next]' },
    });
  }
}
