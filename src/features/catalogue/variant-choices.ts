import { isSizedUnit } from '../../../contract/variants';
import type { Product, Variant } from '../../../contract/types';

/** Which variants a product page offers and which one a choice switches to. */

/**
 * The variant chosen when the page opens: a product with exactly one variant has it chosen (the
 * SPEC's rule); a product sold by weight or volume has its first pack chosen, since the SPEC shows
 * that as a value and the first pack is what the page shows; sizes of pieces and pairs wait for
 * the shopper's choice (none chosen, the first shown).
 */
export function preselectedVariant(product: Product): Variant | null {
  const first = product.variants[0] ?? null;
  if (!first) return null;
  return product.variants.length === 1 || !isSizedUnit(first.unit) ? first : null;
}

/** The variant to show: the chosen one, else the first. */
export function shownVariant(product: Product, chosenId: number | null): Variant | null {
  return product.variants.find((v) => v.id === chosenId) ?? product.variants[0] ?? null;
}

function colourKey(v: Variant): string {
  return `${v.name}|${v.color ?? ''}`.toLowerCase();
}

/** Colour choices, de-duplicated by name and colour, each represented by its first variant. */
export function colourChoices(product: Product): Variant[] {
  const seen = new Set<string>();
  return product.variants.filter((v) => {
    if (!v.color) return false;
    // Sized variants are named per size ('Red / M'), so one colour is one choice whatever the name.
    const key = isSizedUnit(v.unit) ? (v.color ?? '').toLowerCase() : colourKey(v);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Size choices for the shown variant's colour; only piece and pair units have sizes. */
export function sizeChoices(product: Product, shown: Variant | null): Variant[] {
  if (!shown || !isSizedUnit(shown.unit)) return [];
  return product.variants.filter((v) => v.size && (v.color ?? '').toLowerCase() === (shown.color ?? '').toLowerCase());
}

/** Weight/volume choices (units other than piece and pair). */
export function quantityChoices(product: Product): Variant[] {
  return product.variants.filter((v) => !isSizedUnit(v.unit));
}

/** The variant of `colour` to switch to: the same size if that colour has it, else its first. */
export function variantForColour(product: Product, colour: Variant, current: Variant | null): Variant {
  const wanted = (colour.color ?? '').toLowerCase();
  const same = product.variants.find(
    (v) => (v.color ?? '').toLowerCase() === wanted && current?.size != null && v.size === current.size,
  );
  return same ?? colour;
}
