import type { VariantImage } from '../../../contract/types';

/** Drawn where a product has no picture yet. */
export const PRODUCT_PLACEHOLDER = '/images/placeholder-product.svg';

/** The picture a product's card shows: its first variant's first, or the placeholder. */
export function cardPicture(product: { variants: { images: VariantImage[] }[] } | undefined): string {
  return product?.variants[0]?.images[0]?.image ?? PRODUCT_PLACEHOLDER;
}
