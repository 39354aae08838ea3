import { refreshCart } from '../../features/cart/cart-store';
import { startSession, $session } from './session';
import { CHANGE_KEYS } from './shared-refresh';
import { refreshWishlist } from '../../features/wishlist/wishlist-store';

let started = false;

/**
 * Starts the personal state every page shares: the session, then the cart and wishlist counts,
 * read again whenever the session or another tab changes them.
 */
export function startShopperState(): void {
  if (typeof window === 'undefined' || started) return;
  started = true;
  startSession();
  void refreshCart();
  void refreshWishlist();
  let lastToken = $session.get().token;
  $session.listen((s) => {
    if (s.token === lastToken) return;
    lastToken = s.token;
    void refreshCart();
    void refreshWishlist();
  });
  window.addEventListener('storage', (event) => {
    if (event.key === CHANGE_KEYS.cart) void refreshCart();
    if (event.key === CHANGE_KEYS.wishlist) void refreshWishlist();
  });
}
