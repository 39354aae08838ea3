/** Turns `[{minWidth, columns}]` into Swiper's `breakpoints` option. */
export function swiperBreakpoints(
  steps: readonly { minWidth: number; columns: number }[],
  spaceBetween = 16,
): Record<number, { slidesPerView: number; spaceBetween: number }> {
  return Object.fromEntries(steps.map((s) => [s.minWidth, { slidesPerView: s.columns, spaceBetween }]));
}

/** Columns shown at a viewport width. */
export function columnsAt(steps: readonly { minWidth: number; columns: number }[], width: number): number {
  let columns = steps[0]?.columns ?? 1;
  for (const step of steps) if (width >= step.minWidth) columns = step.columns;
  return columns;
}
