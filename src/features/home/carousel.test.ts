import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  CAROUSEL_GAP_PX,
  columnsAt,
  DAILY_DEALS_COLUMNS,
  FEATURE_CATEGORY_COLUMNS,
  firstStepDueIn,
  swiperBreakpoints,
} from './carousel';

describe('swiperBreakpoints', () => {
  test('feature categories: 1/2/4/6/8 columns at 0/480/768/992/1200 px', () => {
    expect(swiperBreakpoints(FEATURE_CATEGORY_COLUMNS)).toEqual({
      0: { slidesPerView: 1, spaceBetween: 16 },
      480: { slidesPerView: 2, spaceBetween: 16 },
      768: { slidesPerView: 4, spaceBetween: 16 },
      992: { slidesPerView: 6, spaceBetween: 16 },
      1200: { slidesPerView: 8, spaceBetween: 16 },
    });
  });

  test('uses the given spacing', () => {
    expect(swiperBreakpoints(DAILY_DEALS_COLUMNS, 24)).toEqual({
      0: { slidesPerView: 2, spaceBetween: 24 },
      768: { slidesPerView: 3, spaceBetween: 24 },
    });
  });

  test('no steps, no breakpoints', () => {
    expect(swiperBreakpoints([])).toEqual({});
  });
});

describe('columnsAt', () => {
  test.each([
    [0, 1],
    [320, 1],
    [479, 1],
    [480, 2],
    [767, 2],
    [768, 4],
    [991, 4],
    [992, 6],
    [1199, 6],
    [1200, 8],
    [1920, 8],
  ])('feature categories at %s px → %s columns', (width, expected) => {
    expect(columnsAt(FEATURE_CATEGORY_COLUMNS, width)).toBe(expected);
  });

  test.each([
    [375, 2],
    [767, 2],
    [768, 3],
    [1440, 3],
  ])('daily deals at %s px → %s slides', (width, expected) => {
    expect(columnsAt(DAILY_DEALS_COLUMNS, width)).toBe(expected);
  });

  test('no steps means one column', () => {
    expect(columnsAt([], 1000)).toBe(1);
  });
});

describe('carousel-rows.css, the rows before Swiper starts', () => {
  const css = readFileSync(new URL('./carousel-rows.css', import.meta.url), 'utf8');

  /** The `[minWidth, columns]` steps the stylesheet gives a row's `--columns`. */
  function cssColumns(selector: string): [number, number][] {
    const escaped = selector.replace(/[[\]-]/g, '\\$&');
    const rule = new RegExp(`(?:@media \\(min-width: (\\d+)px\\) \\{\\s*)?${escaped} \\{\\s*--columns: (\\d+);`, 'g');
    return [...css.matchAll(rule)].map((m) => [Number(m[1] ?? 0), Number(m[2])]);
  }

  test.each([
    ['[data-feature-carousel]', FEATURE_CATEGORY_COLUMNS],
    ['[data-deals-slider]', DAILY_DEALS_COLUMNS],
  ])('%s has the columns Swiper is given', (selector, steps) => {
    expect(cssColumns(selector)).toEqual(steps.map((s) => [s.minWidth, s.columns]));
  });

  test('slides are as far apart as Swiper sets them', () => {
    expect(css).toContain(`(var(--columns) - 1) * ${CAROUSEL_GAP_PX}px`);
    expect(css).toContain(`margin-right: ${CAROUSEL_GAP_PX}px;`);
  });
});

describe('firstStepDueIn', () => {
  test.each([
    [1000, 1000, 5000],
    [1000, 3500, 2500],
    [1000, 6000, 0],
    [1000, 9000, 0],
  ])('loaded at %s ms, now %s ms → due in %s ms', (loadedAt, now, expected) => {
    expect(firstStepDueIn(loadedAt, now)).toBe(expected);
  });
});
