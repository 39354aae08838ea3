import { $isLoggedIn, startSession } from './stores/session';
import { showDialog } from './stores/ui';

let started = false;

/**
 * Handles every product card's wishlist and cart buttons with one listener, so cards added by
 * Load More work too. Both need a login (SPEC.md §6).
 */
export function startCardActions(): void {
  if (started) return;
  started = true;
  startSession();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest<HTMLButtonElement>('[data-card-action]');
    if (!button) return;
    const action = button.dataset.cardAction;
    if (!$isLoggedIn.get()) {
      showDialog(
        action === 'wishlist'
          ? {
              title: 'Please Login',
              text: 'Please log in to use wishlist.',
              icon: 'info',
              action: { label: 'Go to Login', href: '/login' },
            }
          : {
              title: 'Login Required',
              text: 'Please log in to add products to your cart.',
              icon: 'info',
              action: { label: 'Go to Login', href: '/login' },
            },
      );
    }
  });
}
