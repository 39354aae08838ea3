import * as routes from './routes';

/** The pages of logging in and recovering an account: nowhere to come back to after a login. */
export const AUTH_ROUTES: readonly string[] = [
  routes.login,
  routes.register,
  routes.forgotPassword,
  routes.resetPassword,
];

/** The order id of a /trackorder/{id} address, or '' when the path is not one. */
export function trackedOrderId(pathname: string): string {
  return decodeURIComponent(/\/trackorder\/([^/]+)/.exec(pathname)?.[1] ?? '');
}

/**
 * Where to go after logging in: `next` when it is a path of this site, else '/'. Only a single
 * leading '/' followed by no second '/' or '\' counts: browsers read '//host' and '/\host' as
 * another site, and anything with a scheme (https:, javascript:) is refused outright. Control
 * characters are refused too, since browsers drop tabs and new lines from URLs ('/\t/evil.com'
 * would become '//evil.com').
 */
export function safeNext(next: unknown): string {
  if (typeof next !== 'string' || next.length > 2000) return routes.home;
  if (!next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return routes.home;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(next)) return routes.home;
  return next;
}

/** The login page's address that comes back to `here` (a path with its query) afterwards. */
export function loginPath(here: string): string {
  const back = safeNext(here);
  const path = (back.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  // Coming back to a login or reset page, or to home, adds nothing.
  if (back === routes.home || AUTH_ROUTES.includes(path)) return routes.login;
  return `${routes.login}?next=${encodeURIComponent(back)}`;
}

/** The login address for this page (plain '/login' when rendered on the server). */
export function loginHref(): string {
  if (typeof window === 'undefined') return routes.login;
  return loginPath(window.location.pathname + window.location.search);
}
