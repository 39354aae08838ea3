import { atom, computed } from 'nanostores';
import { login as loginCall, logoutSession } from '../api/auth';
import { onSessionEnded, setTokenSource } from '../api/http';
import type { Profile } from '../../../contract/types';
import { isTokenExpired, STORAGE_KEYS, tokenProblem } from '../session';
import * as routes from '../routes';
import { AUTH_ROUTES, loginHref } from '../navigation';
import { showDialog } from './ui';

export interface SessionState {
  token: string | null;
  user: (Partial<Profile> & Record<string, unknown>) | null;
  userId: number | null;
}

const EMPTY: SessionState = { token: null, user: null, userId: null };

/** Pages where an expired session is no news: the shopper is already logging in or resetting. */

function readStorage(): SessionState {
  if (typeof localStorage === 'undefined') return EMPTY;
  const token = localStorage.getItem(STORAGE_KEYS.token);
  if (isTokenExpired(token)) return EMPTY;
  let user: SessionState['user'] = null;
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null');
    if (parsed && typeof parsed === 'object') user = parsed as SessionState['user'];
  } catch {
    user = null;
  }
  const userId = Number(localStorage.getItem(STORAGE_KEYS.userId));
  return { token, user, userId: Number.isInteger(userId) && userId > 0 ? userId : null };
}

function clearStorage(): void {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
}

/** The signed-in shopper, read from local storage; empty on the server and when logged out. */
export const $session = atom<SessionState>(EMPTY);

/** True while a valid, unexpired token is held. */
export const $isLoggedIn = computed($session, (s) => s.token !== null && !isTokenExpired(s.token));

/** The header's label: the first name, 'User' when logged in without one, else 'Login'. */
export const $userLabel = computed([$session, $isLoggedIn], (s, loggedIn) => {
  if (!loggedIn) return 'Login';
  const first = typeof s.user?.first_name === 'string' ? s.user.first_name.trim() : '';
  return first || 'User';
});

setTokenSource(() => {
  const { token } = $session.get();
  return token && !isTokenExpired(token) ? token : null;
});

let started = false;
let expiryAnnounced = false;

function onAuthPage(): boolean {
  return AUTH_ROUTES.includes(window.location.pathname.replace(/\/+$/, ''));
}

/**
 * Ends the session here: token and user removed, and, outside the login pages, the shopper told
 * once ('Session Expired') and sent to log in, back to this page afterwards. The same for a token
 * that has expired and for one the server refused (logged out elsewhere, password reset).
 */
function endSession(): void {
  clearStorage();
  $session.set(EMPTY);
  if (expiryAnnounced || onAuthPage()) return;
  expiryAnnounced = true;
  const href = loginHref();
  showDialog({
    title: 'Session Expired',
    text: 'Your session has expired. Please log in again.',
    icon: 'warning',
    action: { label: 'Login', href },
    onClose: () => window.location.assign(href),
    // Whatever else the page wanted to say is moot now: nothing replaces this one.
    priority: true,
  });
}

// A 401 for the token still held means the server has ended this session. Parallel calls all
// fail with the same token; only the first reaches here with it still stored, so it ends once.
onSessionEnded((refused) => {
  if (typeof window === 'undefined' || $session.get().token !== refused) return;
  endSession();
});

/**
 * Loads the session from storage, once per page, and follows changes made in other tabs. A
 * stored token that has expired is removed with the user; outside the login pages the shopper is
 * told ('Session Expired') and sent to /login.
 */
export function startSession(): void {
  if (typeof window === 'undefined' || started) return;
  started = true;
  const stored = localStorage.getItem(STORAGE_KEYS.token);
  const problem = tokenProblem(stored, Date.now());
  if (stored !== null && problem) {
    console.warn(
      problem === 'no-expiry'
        ? 'token has no expiration field'
        : problem === 'missing'
          ? 'token is null or undefined'
          : 'invalid token',
    );
    endSession();
  }
  $session.set(readStorage());
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) {
      $session.set(readStorage());
    }
  });
}

/** Logs in and keeps the session in storage (authToken, user, user_id). */
export async function login(email: string, password: string): Promise<void> {
  const result = await loginCall(email, password);
  localStorage.setItem(STORAGE_KEYS.token, result.token);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(result.user));
  if (result.userId !== null) localStorage.setItem(STORAGE_KEYS.userId, String(result.userId));
  $session.set({ token: result.token, user: result.user, userId: result.userId });
}

/** Replaces the stored profile (after an update) so the header follows. */
export function updateStoredUser(profile: Partial<Profile>): void {
  const current = $session.get();
  const user = { ...(current.user ?? {}), ...profile };
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  $session.set({ ...current, user });
}

/** Logs out: tells the server, then always clears the session and goes to /login. */
export async function logout(): Promise<void> {
  try {
    if ($isLoggedIn.get()) await logoutSession();
  } catch (error) {
    console.error(error);
  } finally {
    clearStorage();
    $session.set(EMPTY);
    window.location.assign(routes.login);
  }
}

/**
 * For pages that need a login: true when a valid session is held; otherwise sends the shopper
 * to log in and come back (an expired session has already been announced by startSession).
 */
export function requireSession(): boolean {
  startSession();
  if ($isLoggedIn.get()) return true;
  if (!expiryAnnounced) window.location.assign(loginHref());
  return false;
}
