/** Tells other tabs that the cart or wishlist changed (they listen to the `storage` event). */
export const CHANGE_KEYS = { cart: 'cartChangedAt', wishlist: 'wishlistChangedAt' } as const;

/** Marks `what` as changed for other tabs of this browser. */
export function announceChange(what: keyof typeof CHANGE_KEYS): void {
  try {
    localStorage.setItem(CHANGE_KEYS[what], String(Date.now()));
  } catch {
    // Storage full or blocked: other tabs catch up on their next page.
  }
}
