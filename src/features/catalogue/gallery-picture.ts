import { responsivePicture } from '../../../contract/images';
import type { Product } from '../../../contract/types';
import { gallerySizes } from '../../ui/picture-sizes';
import { PRODUCT_PLACEHOLDER } from './card-picture';

/** The `sizes` of the product page's main picture: 400 px high, as wide as its proportions make it. */
export function mainPictureSizes(url: string): string {
  const picture = responsivePicture(url);
  return gallerySizes(picture ? picture.width / picture.height : 1);
}

/** The picture the product page opens on (its first variant's first) and its `sizes`, for the page's preload. */
export function mainPicture(product: Product): { url: string; sizes: string } | undefined {
  const url = product.variants[0]?.images[0]?.image;
  return url && url !== PRODUCT_PLACEHOLDER ? { url, sizes: mainPictureSizes(url) } : undefined;
}
