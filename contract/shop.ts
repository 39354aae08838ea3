/** Facts about the shop that the storefront and the API both state. */

/** Shop name shown in the header, titles, structured data and e-mails. */
export const SHOP_NAME = 'GharBazaar';
export const CURRENCY = 'INR';

/** Units whose variants are chosen by size; the others show a read-only weight/volume. */
export const SIZED_UNITS = ['piece', 'pair'] as const;
export const ADDRESS_TYPES = ['home', 'work'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** How many of a variant one press of Add Cart adds. */
export const ADD_TO_CART_QUANTITY = 1;
/** Most of one variant a cart line (and an order line) may hold; the server refuses more. */
export const MAX_LINE_QUANTITY = 10;

/** Star ratings: 1 to 5; 0 means not rated yet. */
export const RATING = { min: 1, max: 5, default: 0 } as const;
/** Lines one cart (and one order) may hold: a generous household order, and a bound on what one account stores. */
export const MAX_CART_LINES = 100;

/**
 * What a shopper is told when the shop could not answer for a moment (a process restarting, the
 * database restarting), once the storefront has asked again a few times; the API's 503 says it too.
 */
export const BUSY_MESSAGE = 'The shop is busy for a moment. Please try again in a few seconds.';
