import { sql } from 'kysely';
import { formatQuantity } from '../../contract/format';
import { isSizedUnit } from '../../contract/variants';
import type { Db } from './index';

/** What the cart, wishlist and orders show of a variant: its product, prices and first picture. */
export interface VariantSummary {
  variant_id: number;
  product_id: number;
  product_name: string;
  variant_name: string;
  size: string | null;
  color: string | null;
  unit: string;
  unit_value: number;
  price_paise: number;
  final_price_paise: number;
  /** The variant's first picture, or null. */
  image: string | null;
}

/** SQLite allows ~32k bound values; look up in slices well below that. */
const SLICE = 900;

/** The variants with these ids, by id; unknown ids are absent. */
export async function findVariants(db: Db, ids: number[]): Promise<Map<number, VariantSummary>> {
  const unique = [...new Set(ids)];
  const found = new Map<number, VariantSummary>();
  for (let i = 0; i < unique.length; i += SLICE) {
    const rows = await db
      .selectFrom('variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'v.id as variant_id',
        'p.id as product_id',
        'p.name as product_name',
        'v.name as variant_name',
        'v.size',
        'v.color',
        'v.unit',
        'v.unit_value',
        'v.price_paise',
        'v.final_price_paise',
        sql<string | null>`(SELECT i.image FROM variant_images i WHERE i.variant_id = v.id
          ORDER BY i.position, i.id LIMIT 1)`.as('image'),
      ])
      .where('v.id', 'in', unique.slice(i, i + SLICE))
      .execute();
    for (const row of rows) found.set(row.variant_id, row);
  }
  return found;
}

/** Weight or volume of a variant sold by measure ('500 g', '1.5 l'); null for pieces and pairs. */
export function weightLabel(v: Pick<VariantSummary, 'unit' | 'unit_value'>): string | null {
  return isSizedUnit(v.unit) || !(v.unit_value > 0) ? null : formatQuantity(v.unit_value, v.unit);
}

/** The one 'size' a list shows: the variant's size, else its weight or volume, else null. */
export function sizeLabel(v: Pick<VariantSummary, 'size' | 'unit' | 'unit_value'>): string | null {
  return v.size ?? weightLabel(v);
}
