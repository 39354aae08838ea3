/** How the catalogue pages write prices, stock and pictures' addresses. */
import type { StockHistoryLine } from '../../../../contract/api/admin-catalogue';
import { formatDateTime, formatRupees } from '../../../../contract/format';
import { STOCK_REASONS, STOCK_REASON_LABELS, UNITS } from '../../../../contract/schemas/admin-catalogue';
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

/** The reasons for a stock change, for a select. */
export const STOCK_REASON_OPTIONS = STOCK_REASONS.map((r) => [r, STOCK_REASON_LABELS[r]] as const);

/** '+20' or '−2' (a true minus sign). */
export function signedCount(delta: number): string {
  return delta > 0 ? `+${delta}` : `\u2212${-delta}`;
}

/**
 * A stock change in one line, its time in India:
 * '27 Nov 2026, 2:05 pm · Received from supplier +20 → 38 · Priya (manager) · Invoice 4417'.
 */
export function historyText(line: StockHistoryLine): string {
  const who = line.staff_name ? `${line.staff_name} (${line.staff_role ?? 'staff'})` : 'A former staff member';
  const parts = [
    formatDateTime(line.at),
    `${STOCK_REASON_LABELS[line.reason]} ${signedCount(line.delta)} \u2192 ${line.on_hand_after}`,
    who,
  ];
  if (line.note) parts.push(line.note);
  return parts.join(' · ');
}
