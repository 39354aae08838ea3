/** Number of pages for `total` items, `size` a page (at least 1). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** Page `page` (1-based, clamped into range) of `items`. */
export function pageOf<T>(items: T[], page: number, size: number): T[] {
  const last = pageCount(items.length, size);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), last);
  return items.slice((current - 1) * size, current * size);
}

/** The 'Page x of y' label. */
export function pageLabel(page: number, pages: number): string {
  return `Page ${page} of ${pages}`;
}
