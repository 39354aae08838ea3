import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { PAGE_SIZES, DURATIONS } from '../../lib/constants';
import { formatRupees } from '../../../contract/format';
import { pageCount, pageOf } from '../../ui/pagination';
import * as routes from '../../lib/routes';
import { loginHref } from '../../lib/navigation';
import { variantLabel } from '../../../contract/variants';
import { $isLoggedIn } from '../../lib/stores/session';
import { startShopperState } from '../../lib/stores/shopper';
import { askConfirm, showDialog, showToast } from '../../lib/stores/ui';
import { $wishlist, $wishlistLoaded, moveToCart, toggleWishlistVariant } from './wishlist-store';
import { shopperMessage } from '../../lib/api/error-message';
import { Button } from '../../ui/Button';
import { withErrorBoundary } from '../../ui/ErrorBoundary';
import { Pager } from '../../ui/Pager';
import { DeleteButton, FIRST_SCREEN_LINES, Thumb } from '../../ui/line-items';
import { useHydrated } from '../../ui/hydrated';
import { LineCell, LineRow, LinesTable } from '../../ui/LinesTable';
import { buttonClass } from '../../ui/button-class';

function WishlistTable() {
  const entries = useStore($wishlist);
  const loggedIn = useStore($isLoggedIn);
  // Until hydrated, render what the server rendered (loading), whatever the stores already know.
  const hydrated = useHydrated();
  const loaded = useStore($wishlistLoaded) && hydrated;
  const [page, setPage] = useState(1);

  useEffect(() => {
    startShopperState();
    if (!$isLoggedIn.get()) {
      showDialog({
        title: 'Please Login',
        text: 'Please log in to use wishlist.',
        icon: 'info',
        action: { label: 'Go to Login', href: loginHref() },
      });
    }
  }, []);

  const remove = async (variantId: number, name: string) => {
    if (!(await askConfirm('Remove item?', `Remove ${name} from your wishlist?`, 'Delete'))) return;
    try {
      await toggleWishlistVariant(variantId);
      showDialog({ title: 'Deleted!', text: 'Product removed from wishlist.', icon: 'success' });
    } catch {
      showToast('Something went wrong! Please try again later.', 'error', DURATIONS.toastWishlistError);
    }
  };

  const move = async (variantId: number, name: string) => {
    try {
      await moveToCart(variantId);
      showToast(`${name} moved to your cart`, 'success', DURATIONS.toastCart);
    } catch (error) {
      showDialog({
        title: 'Could not move to cart',
        text: shopperMessage(error, {
          refused: 'Something went wrong! Please try again later.',
          showServerText: [400, 409],
        }),
        icon: 'error',
      });
    }
  };

  if (!loaded) return <p role="status">Loading your wishlist...</p>;
  if (!loggedIn) {
    return (
      <div className="py-12 text-center">
        <p className="text-lg">Please log in to use wishlist.</p>
        <a href={loginHref()} className={buttonClass({ size: 'wide', className: 'mt-4 inline-block' })}>
          Go to Login
        </a>
      </div>
    );
  }
  if (entries.length === 0) return <p className="py-12 text-center text-lg">Your wishlist is empty.</p>;
  const pages = pageCount(entries.length, PAGE_SIZES.wishlist);
  const current = Math.min(page, pages);
  return (
    <div>
      <LinesTable caption="Products on your wishlist" columns={['Name', 'Size', 'Price']}>
        {pageOf(entries, current, PAGE_SIZES.wishlist).map((e, i) => (
          <LineRow key={e.id}>
            <LineCell picture>
              <Thumb src={e.product.images[0]?.image} loading={i < FIRST_SCREEN_LINES ? 'eager' : 'lazy'} />
            </LineCell>
            <LineCell className="font-semibold">
              <a href={routes.product(e.product.id)} className="hover:text-brand-700">
                {e.product.name}
              </a>
            </LineCell>
            <LineCell className="text-muted sm:text-inherit">
              <span data-testid="wishlist-variant">
                {variantLabel({ size: e.product.size, color: e.product.color }, { missingSize: 'N/A' })}
              </span>
            </LineCell>
            <LineCell phoneLabel="Price">{formatRupees(e.product.final_price)}</LineCell>
            <LineCell>
              <div className="flex flex-wrap items-center gap-2">
                <Button variant="outline" size="xs" onClick={() => void move(e.variant_id, e.product.name)}>
                  Move to cart<span className="sr-only"> {e.product.name}</span>
                </Button>
                <DeleteButton what={e.product.name} onClick={() => void remove(e.variant_id, e.product.name)} />
              </div>
            </LineCell>
          </LineRow>
        ))}
      </LinesTable>
      {pages > 1 && <Pager page={current} pages={pages} onPage={setPage} label="Wishlist pages" />}
    </div>
  );
}

/** The wishlist table, 20 a page; a visitor is asked to log in. */
export const WishlistPage = withErrorBoundary(WishlistTable);
