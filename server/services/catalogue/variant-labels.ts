import { formatQuantity } from '../../../contract/format';
import { isSizedUnit } from '../../../contract/variants';
import type { VariantSummary } from '../../repositories/catalogue';

/** Weight or volume of a variant sold by measure ('500 g', '1.5 L'); null for pieces and pairs. */
export function weightLabel(v: Pick<VariantSummary, 'unit' | 'unit_value'>): string | null {
  return isSizedUnit(v.unit) || !(v.unit_value > 0) ? null : formatQuantity(v.unit_value, v.unit);
}

/** The one 'size' a list shows: the variant's size, else its weight or volume, else null. */
export function sizeLabel(v: Pick<VariantSummary, 'size' | 'unit' | 'unit_value'>): string | null {
  return v.size ?? weightLabel(v);
}
