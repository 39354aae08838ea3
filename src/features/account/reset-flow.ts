/**
 * The e-mail (and the one-time token its PIN's verification handed out) travel from the PIN step
 * to the reset page as "navigation state": kept in this tab's session storage, never in the
 * address bar, and cleared once the password is reset.
 */
/** Session storage key of the e-mail the PIN step hands to the reset page. */
export const RESET_EMAIL_KEY = 'resetEmail';
const KEY = RESET_EMAIL_KEY;
const TOKEN_KEY = 'resetToken';

/** Remembers the verified e-mail and its reset token for the reset page. */
export function rememberResetEmail(email: string, token: string | null): void {
  sessionStorage.setItem(KEY, email);
  if (token) sessionStorage.setItem(TOKEN_KEY, token);
  else sessionStorage.removeItem(TOKEN_KEY);
}

/** The e-mail handed over by the PIN step, or null. */
export function resetEmail(): string | null {
  return sessionStorage.getItem(KEY);
}

/** The reset token handed over by the PIN step, or null. */
export function resetToken(): string | null {
  return sessionStorage.getItem(TOKEN_KEY);
}

/** Forgets the handed-over e-mail and token. */
export function forgetResetEmail(): void {
  sessionStorage.removeItem(KEY);
  sessionStorage.removeItem(TOKEN_KEY);
}
