import { shopperMessage } from '../../lib/api/error-message';
import { DURATIONS } from '../../lib/constants';
import { addVariantToCart } from '../cart/cart-store';
import { loginHref } from '../../lib/navigation';
import { $isLoggedIn } from '../../lib/stores/session';
import { startShopperState } from '../../lib/stores/shopper';
import { showDialog, showToast } from '../../lib/stores/ui';
import { $wishlistVariants, toggleWishlistVariant } from '../wishlist/wishlist-store';
import { paintCardStock } from './card-stock';

let started = false;

function variantOf(button: HTMLElement): number {
  return Number(button.dataset.variantId);
}

async function wishlist(button: HTMLButtonElement): Promise<void> {
  try {
    const added = await toggleWishlistVariant(variantOf(button));
    showToast(added ? 'Added to Wishlist' : 'Removed from Wishlist', 'success', DURATIONS.toastWishlistSuccess);
  } catch {
    showToast('Something went wrong! Please try again later.', 'error', DURATIONS.toastWishlistError);
  }
}

async function cart(button: HTMLButtonElement): Promise<void> {
  try {
    const outcome = await addVariantToCart(variantOf(button));
    if (outcome === 'already') {
      showDialog({ title: 'Already in Cart', text: 'This product is already in your cart.', icon: 'info' });
    } else {
      showToast('Added to Cart!', 'success', DURATIONS.toastCart);
    }
  } catch (error) {
    showDialog({
      title: 'Error',
      text: shopperMessage(error, { refused: 'Failed to add product to cart.' }),
      icon: 'error',
    });
  }
}

/**
 * Handles every product card's wishlist and cart buttons with one listener, so cards added by
 * Load More work too. Both need a login; a card adds the variant it shows.
 */
export function startCardActions(): void {
  if (started) return;
  started = true;
  startShopperState();
  // Hearts show as pressed for variants on the wishlist, including cards Load More adds later.
  // Nothing to paint for a visitor, and only the grids and the home page's deals row ever gain
  // cards: no page-wide observer.
  let painted = false;
  const paint = (ids: Set<number>) => {
    if (ids.size === 0 && !painted) return;
    painted = ids.size > 0;
    for (const heart of document.querySelectorAll<HTMLButtonElement>('[data-card-action="wishlist"]')) {
      heart.setAttribute('aria-pressed', String(ids.has(variantOf(heart))));
    }
  };
  $wishlistVariants.subscribe(paint);
  void paintCardStock();
  const repaint = new MutationObserver(() => {
    paint($wishlistVariants.get());
    void paintCardStock();
  });
  for (const grid of document.querySelectorAll('[data-grid], [data-cards]'))
    repaint.observe(grid, { childList: true, subtree: true });

  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-card-action]');
    if (!button || button.disabled) return;
    const action = button.dataset.cardAction;
    if (!$isLoggedIn.get()) {
      showDialog(
        action === 'wishlist'
          ? {
              title: 'Please Login',
              text: 'Please log in to use wishlist.',
              icon: 'info',
              action: { label: 'Go to Login', href: loginHref() },
            }
          : {
              title: 'Login Required',
              text: 'Please log in to add products to your cart.',
              icon: 'info',
              action: { label: 'Go to Login', href: loginHref() },
            },
      );
      return;
    }
    button.disabled = true;
    void (action === 'wishlist' ? wishlist(button) : cart(button)).finally(() => {
      // A sold-out card's cart button stays off.
      button.disabled = button.dataset.soldOut === 'true';
    });
  });
  // The early-input guard (layouts/Base.astro) has kept presses made before this ran: it replays
  // them now, into the listener above.
  document.documentElement.dataset.cardActions = 'ready';
  document.dispatchEvent(new Event('shop:card-actions-ready'));
}
