import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { shopperMessage } from '../../lib/api/error-message';
import type { CartItem } from '../../../contract/types';
import { setCartCheckout } from '../checkout/checkout-lines';
import { PAGE_SIZES } from '../../lib/constants';
import { MAX_LINE_QUANTITY } from '../../../contract/shop';
import { formatRupees } from '../../../contract/format';
import { priceBreakup } from '../../../contract/pricing';
import { pageCount, pageOf } from '../../ui/pagination';
import * as routes from '../../lib/routes';
import { loginHref } from '../../lib/navigation';
import { $cartLines, $cartLoaded, changeQuantity, deleteCartLine } from './cart-store';
import { $isLoggedIn } from '../../lib/stores/session';
import { startShopperState } from '../../lib/stores/shopper';
import { askConfirm, showDialog } from '../../lib/stores/ui';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { Pager } from '../../ui/Pager';
import { FIRST_SCREEN_LINES } from '../../ui/line-items';
import { useHydrated } from '../../ui/hydrated';
import { LinesTable } from '../../ui/LinesTable';
import { Button } from '../../ui/Button';
import { CartLineRow, isShort } from './CartLineRow';

/** Shown beside Checkout while a line asks for more than is left. */
export const CART_SHORT_TEXT =
  'Some items are no longer available in the quantity in your cart. Please update them to check out.';

function CartTable() {
  const lines = useStore($cartLines);
  // Until hydrated, render what the server rendered (loading), whatever the stores already know.
  const hydrated = useHydrated();
  const loaded = useStore($cartLoaded) && hydrated;
  const loggedIn = useStore($isLoggedIn);
  const [page, setPage] = useState(1);
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => startShopperState(), []);

  const pages = pageCount(lines.length, PAGE_SIZES.cart);
  const current = Math.min(page, pages);
  const total = priceBreakup(lines).total;

  const quantity = async (line: CartItem, next: number) => {
    if (next < 1 || next > MAX_LINE_QUANTITY) return;
    setBusy(line.product_variant_id);
    try {
      await changeQuantity(line.product_variant_id, next);
    } catch (error) {
      showDialog({
        title: 'Error',
        text: shopperMessage(error, { refused: 'Could not change the quantity.' }),
        icon: 'error',
      });
    } finally {
      setBusy(null);
    }
  };
  const remove = async (line: CartItem) => {
    if (!(await askConfirm('Remove item?', `Remove ${line.product_name} from your cart?`, 'Delete'))) return;
    try {
      await deleteCartLine(line.product_variant_id);
      showDialog({ title: 'Deleted!', text: 'Product removed from cart.', icon: 'success' });
    } catch (error) {
      showDialog({
        title: 'Error',
        text: shopperMessage(error, { refused: 'Unexpected error deleting cart item.' }),
        icon: 'error',
      });
    }
  };
  const short = lines.some(isShort);
  const checkout = () => {
    if (!$isLoggedIn.get()) return window.location.assign(loginHref());
    // A press kept from before the cart was read may come while a line is short.
    if (lines.some(isShort)) return showDialog({ title: 'Not enough stock', text: CART_SHORT_TEXT, icon: 'warning' });
    setCartCheckout(lines);
    window.location.assign(routes.cartCheckout);
  };

  if (!loaded) return <p role="status">Loading your cart...</p>;
  if (!loggedIn || lines.length === 0) {
    return (
      <div className="py-12 text-center">
        <p className="text-lg">Your cart is empty.</p>
        <a
          href={loggedIn ? routes.home : loginHref()}
          className="mt-4 inline-block font-semibold text-brand-800 underline"
        >
          {loggedIn ? 'Continue shopping' : 'Log in to see your cart'}
        </a>
      </div>
    );
  }
  return (
    <div>
      <LinesTable caption="Items in your cart" columns={['Name', 'Size', 'Price', 'Quantity', 'Total']}>
        {pageOf(lines, current, PAGE_SIZES.cart).map((line, i) => (
          <CartLineRow
            key={line.product_variant_id}
            line={line}
            eager={i < FIRST_SCREEN_LINES}
            busy={busy === line.product_variant_id}
            onQuantity={(next) => void quantity(line, next)}
            onRemove={() => void remove(line)}
          />
        ))}
      </LinesTable>
      {pages > 1 && <Pager page={current} pages={pages} onPage={setPage} label="Cart pages" />}
      <div className="mt-6 flex flex-wrap items-center justify-end gap-6">
        <p className="text-lg">
          Total Price: <strong data-testid="cart-total">{formatRupees(total)}</strong>
        </p>
        {short && (
          <p id="cart-short" className="basis-full text-right text-sm font-semibold text-red-700" role="status">
            {CART_SHORT_TEXT}
          </p>
        )}
        <Button
          size="xl"
          onClick={checkout}
          aria-disabled={short || undefined}
          aria-describedby={short ? 'cart-short' : undefined}
        >
          Checkout
        </Button>
      </div>
    </div>
  );
}

/** The cart table: quantities change on the server, totals follow; 20 lines a page. */
export const CartPage = withErrorBoundary(CartTable);
