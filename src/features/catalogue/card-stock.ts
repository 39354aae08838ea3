import { stockBadge } from '../../../contract/stock';
import { getStock } from '../../lib/api/stock';

const CART_BUTTON = '[data-card-action="cart"]';
/** The badge over a card's picture: absolutely placed, so adding it moves nothing. */
const BADGE_CLASS =
  'absolute top-4 left-4 z-10 rounded-md bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 data-[sold-out=true]:bg-red-100 data-[sold-out=true]:text-red-800';

/** The card's stock badge, added first in the card (read before its picture) when it has none. */
function badgeOf(card: Element): HTMLElement {
  const found = card.querySelector<HTMLElement>('[data-stock-badge]');
  if (found) return found;
  const badge = document.createElement('p');
  badge.className = BADGE_CLASS;
  badge.dataset.stockBadge = '';
  card.prepend(badge);
  return badge;
}

/**
 * Paints stock on the product cards of built pages: 'Out of stock' or 'Only 3 left' over the
 * picture of a card whose variant is short, and its cart button disabled when it is sold out.
 * Cards are built once and sales go on, so this reads the live stock of the cards not painted
 * yet (Load More adds some later). A failed read leaves the cards as built.
 */
export async function paintCardStock(root: ParentNode = document): Promise<void> {
  const buttons = [...root.querySelectorAll<HTMLButtonElement>(`${CART_BUTTON}:not([data-stock-painted])`)];
  if (buttons.length === 0) return;
  for (const b of buttons) b.dataset.stockPainted = '';
  let stock;
  try {
    stock = await getStock(buttons.map((b) => Number(b.dataset.productId)));
  } catch {
    return;
  }
  for (const button of buttons) {
    const known = stock.get(Number(button.dataset.variantId));
    if (!known) continue;
    const badge = stockBadge(known.available);
    const card = button.closest('[data-card]');
    if (card && badge) {
      const label = badgeOf(card);
      label.textContent = badge;
      label.dataset.soldOut = String(known.available <= 0);
    }
    if (known.available <= 0) {
      button.disabled = true;
      button.dataset.soldOut = 'true';
      button.setAttribute('aria-label', `${button.getAttribute('aria-label') ?? 'Add to cart'} (out of stock)`);
    }
  }
}
