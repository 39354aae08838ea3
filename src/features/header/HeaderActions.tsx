import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { $cartCount } from '../cart/cart-store';
import { $isLoggedIn, $session, $userLabel, logout } from '../../lib/stores/session';
import { startShopperState } from '../../lib/stores/shopper';
import { useHydrated } from '../../ui/hydrated';
import { $wishlistCount } from '../wishlist/wishlist-store';
import * as routes from '../../lib/routes';
import { responsivePicture } from '../../../contract/images';
import { Picture } from '../../ui/Picture';
import { PICTURE_SIZES } from '../../ui/picture-sizes';

const DEFAULT_AVATAR = '/images/default-avatar.svg';

const stamped = (url: string, stamp: number) => `${url}${url.includes('?') ? '&' : '?'}t=${stamp}`;

const items = (n: number) => `${n} item${n === 1 ? '' : 's'}`;

const HEART =
  'M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z';
const CART = 'M3 4h2l2.4 11.2a1.5 1.5 0 0 0 1.5 1.2h8.7a1.5 1.5 0 0 0 1.5-1.1L21 8H6.2M9.5 20.5h.01M17.5 20.5h.01';

/** An icon link with a count badge; its name says the count ('Cart, 2 items'). */
function CountLink({ href, label, count, icon }: { href: string; label: string; count: number; icon: string }) {
  return (
    <a href={href} className="relative text-ink hover:text-brand-700" aria-label={`${label}, ${items(count)}`}>
      <svg
        className="h-6 w-6"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        aria-hidden="true"
      >
        <path d={icon} />
      </svg>
      <span className="absolute -top-2 -right-2 min-w-5 rounded-full bg-brand-700 px-1.5 text-center text-xs leading-5 font-semibold text-white">
        {count}
      </span>
    </a>
  );
}

/** Header icons: wishlist and cart with count badges, and the user menu. */
export function HeaderActions() {
  // The first render must match the server's (a visitor's header); the shopper's state follows.
  const hydrated = useHydrated();
  const cartCount = useStore($cartCount) * Number(hydrated);
  const wishlistCount = useStore($wishlistCount) * Number(hydrated);
  const loggedIn = useStore($isLoggedIn) && hydrated;
  const storeLabel = useStore($userLabel);
  const label = hydrated ? storeLabel : 'Login';
  const session = useStore($session);
  const [open, setOpen] = useState(false);
  const [stamp, setStamp] = useState<number | null>(null);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    startShopperState();
    // The timestamp makes a just-changed profile picture show instead of a cached one.
    setStamp(Date.now());
  }, []);

  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !root.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  const picture = typeof session.user?.profile_picture === 'string' && session.user.profile_picture;
  // A pipeline picture's address changes with the picture (its hash): it needs no timestamp.
  const avatar = !picture || !stamp ? DEFAULT_AVATAR : responsivePicture(picture) ? picture : stamped(picture, stamp);

  return (
    <div className="flex items-center gap-5" ref={root}>
      <CountLink href={routes.wishlist} label="Wishlist" count={wishlistCount} icon={HEART} />
      <CountLink href={routes.cart} label="Cart" count={cartCount} icon={CART} />
      <div className="relative">
        <button
          type="button"
          className="flex items-center gap-2 rounded-full py-1 pr-2 pl-1 text-sm font-medium hover:bg-brand-50"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen((v) => !v)}
        >
          <Picture
            url={avatar}
            alt=""
            sizes={PICTURE_SIZES.avatarSmall}
            width={32}
            height={32}
            loading="eager"
            class="h-8 w-8 rounded-full border border-slate-200 object-cover"
          />
          <span>{label}</span>
        </button>
        <ul
          id={menuId}
          hidden={!open}
          className="absolute right-0 z-40 mt-2 w-44 rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
        >
          {loggedIn ? (
            <>
              <li>
                <a className="block px-4 py-2 hover:bg-brand-50" href={routes.profile}>
                  Profile
                </a>
              </li>
              <li>
                <a className="block px-4 py-2 hover:bg-brand-50" href={routes.myOrders}>
                  My Orders
                </a>
              </li>
              <li>
                <button
                  type="button"
                  className="block w-full px-4 py-2 text-left hover:bg-brand-50"
                  onClick={() => void logout()}
                >
                  Logout
                </button>
              </li>
            </>
          ) : (
            <li>
              <a className="block px-4 py-2 hover:bg-brand-50" href={routes.login}>
                Login
              </a>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
