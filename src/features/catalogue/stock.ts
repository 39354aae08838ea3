import { useEffect, useState } from 'react';
import { stockBadge } from '../../../contract/stock';
import { getStock, type StockOfVariant } from '../../lib/api/stock';

/** Stock by variant id, read live; null until it has arrived (or when it could not be read). */
export type StockByVariant = Map<number, StockOfVariant>;

/**
 * What can be bought now of the variants of `productIds`, read once they are known. Pages are
 * built once and sales go on, so stock is never part of the built page. A failed read leaves the
 * page as it is: the order, not the badge, decides.
 */
export function useStock(productIds: readonly number[]): StockByVariant | null {
  const key = [...new Set(productIds)].sort((a, b) => a - b).join(',');
  const [stock, setStock] = useState<StockByVariant | null>(null);
  useEffect(() => {
    if (!key) return;
    const abort = new AbortController();
    getStock(key.split(',').map(Number), abort.signal)
      .then(setStock)
      .catch(() => undefined);
    return () => abort.abort();
  }, [key]);
  return stock;
}

/** What the page shows of a variant's stock: its badge, whether it is sold out, how many are left. */
export type VariantStock = ReturnType<typeof variantStock>;

/** What a variant shows: its badge ('Out of stock', 'Only 3 left') and whether it can be bought; unknown is buyable. */
export function variantStock(stock: StockByVariant | null, variantId: number | undefined) {
  const known = variantId === undefined ? undefined : stock?.get(variantId);
  if (!known) return { badge: null, soldOut: false, available: null };
  return { badge: stockBadge(known.available), soldOut: known.available <= 0, available: known.available };
}
