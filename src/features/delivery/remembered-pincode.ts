/**
 * The pincode a shopper checked last, kept in local storage so the next product page checks it at
 * once. Apart from the check itself, so the browser tests can name its key without the API client.
 */
import { isPincode } from '../../../contract/delivery';

/** Local storage key of the pincode the shopper checked last. */
export const REMEMBERED_PINCODE_KEY = 'deliveryPincode';

/** Keeps the pincode for the next page (storage may be refused: private windows, full quota). */
export function rememberPincode(storage: Pick<Storage, 'setItem'>, pincode: string): void {
  try {
    storage.setItem(REMEMBERED_PINCODE_KEY, pincode);
  } catch {
    // Not remembered: the shopper types it again on the next page.
  }
}

/** The pincode checked last, when one was kept and is still a pincode. */
export function rememberedPincode(storage: Pick<Storage, 'getItem'>): string | null {
  try {
    const kept = storage.getItem(REMEMBERED_PINCODE_KEY);
    return kept !== null && isPincode(kept) ? kept : null;
  } catch {
    return null;
  }
}
