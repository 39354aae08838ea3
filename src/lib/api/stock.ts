/**
 * Live stock, apart from the rest of the catalogue (catalogue.ts): the product page and the cards
 * read it on every visit, and without the catalogue's readers (normalise.ts) they load 1.3 KB less.
 */
import { isRecord } from './read';
import { call } from './http';

/** What can be bought now of each variant of these products (live: pages are built once, sales go on). */
export async function getStock(
  productIds: readonly number[],
  signal?: AbortSignal,
): Promise<Map<number, StockOfVariant>> {
  const stock = new Map<number, StockOfVariant>();
  if (productIds.length === 0) return stock;
  const raw = await call('common/stock/', {
    query: { products: [...new Set(productIds)].join(',') },
    signal,
    memo: false,
  });
  const variants = isRecord(raw) && Array.isArray(raw.variants) ? raw.variants : [];
  for (const v of variants) {
    if (!isRecord(v)) continue;
    const variantId = Number(v.variant_id);
    const productId = Number(v.product_id);
    const available = Number(v.available);
    if (Number.isInteger(variantId) && Number.isInteger(productId) && Number.isFinite(available)) {
      stock.set(variantId, { productId, available: Math.max(0, available) });
    }
  }
  return stock;
}

/** What can be bought of one variant now, and its product. */
export interface StockOfVariant {
  productId: number;
  available: number;
}
