import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import type { Product } from '../../../contract/types';
import { useHydrated } from '../../ui/hydrated';

/**
 * The product a page built before it existed has read from the API (the fallback page): its
 * islands other than the one that reads it (the pincode check, the tabs) show once it is here.
 */
export const $loadedProduct = atom<Product | null>(null);

/**
 * The product read in the browser, null until then (and on pages built with theirs). Null too in
 * an island's first render, which must match the page as built: the product may have been read
 * before this island hydrated (React #418, a hydration mismatch, otherwise).
 */
export function useLoadedProduct(): Product | null {
  const product = useStore($loadedProduct);
  return useHydrated() ? product : null;
}
