import { SIZED_UNITS } from './shop';

/** True when a unit's variants are chosen by size (piece, pair). */
export function isSizedUnit(unit: string): boolean {
  return (SIZED_UNITS as readonly string[]).includes(unit.toLowerCase());
}

/**
 * How a chosen variant is named in the cart, wishlist, checkout, orders and e-mails:
 * 'Size: M · Colour: Blue'. An empty part is left out, unless `missingSize` is given (the cart
 * shows 'N/A'); nothing at all gives ''.
 */
export function variantLabel(
  variant: { size?: string | null; color?: string | null },
  options: { missingSize?: string } = {},
): string {
  const size = variant.size?.trim() || options.missingSize || '';
  const colour = variant.color?.trim() ?? '';
  return [size && `Size: ${size}`, colour && `Colour: ${colour}`].filter(Boolean).join(' · ');
}
