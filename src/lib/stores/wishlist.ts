import { atom } from 'nanostores';

/** Number of wishlist entries for the header badge; 0 when logged out or unknown. */
export const $wishlistCount = atom<number>(0);
