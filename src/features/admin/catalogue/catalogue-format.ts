/** How the catalogue pages write prices, stock and pictures' addresses. */
import { formatRupees } from '../../../../contract/format';
import { UNITS } from '../../../../contract/schemas/admin-catalogue';
import { mediaOrigin } from '../../../lib/api/http';
import { resolveMedia } from '../../../lib/api/read';

/** A picture's address: paths below /media/ are the API's. */
export function mediaUrl(path: string | null): string | null {
  return resolveMedia(path, mediaOrigin());
}

/** A product's prices: '₹249', '₹199 – ₹349', or '—' when it has no variant. */
export function priceRangeText(min: number | null, max: number | null): string {
  if (min === null || max === null) return '—';
  return min === max ? formatRupees(min) : `${formatRupees(min)} – ${formatRupees(max)}`;
}

/** Stock in words: '12 on hand · 2 reserved · 10 available'. */
export function stockText(stock: { on_hand: number; reserved: number; available: number }): string {
  return `${stock.on_hand} on hand · ${stock.reserved} reserved · ${stock.available} available`;
}

/** The units' choices for a select. */
export const UNIT_OPTIONS = UNITS.map((u) => [u, u] as const);
