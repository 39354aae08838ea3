import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { Product } from '../../../contract/types';

/**
 * The product a page built before it existed has read from the API (the fallback page): its
 * islands other than the one that reads it (the pincode check, the tabs) show once it is here.
 */
export const $loadedProduct = atom<Product | null>(null);

/** The product read in the browser, null until then (and on pages built with theirs). */
export function useLoadedProduct(): Product | null {
  return useStore($loadedProduct);
}
