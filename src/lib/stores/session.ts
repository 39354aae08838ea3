import { atom, computed } from 'nanostores';
import type { Profile } from '../api/types';
import { isTokenExpired, STORAGE_KEYS } from '../session';

export interface SessionState {
  token: string | null;
  user: (Partial<Profile> & Record<string, unknown>) | null;
  userId: number | null;
}

const EMPTY: SessionState = { token: null, user: null, userId: null };

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

/** Loads the session from storage and follows changes made in other tabs. Call once per page. */
let started = false;

export function startSession(): void {
  if (typeof window === 'undefined' || started) return;
  started = true;
  $session.set(readStorage());
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) {
      $session.set(readStorage());
    }
  });
}

/** Ends the session in this browser and goes to the login page. */
export async function logout(): Promise<void> {
  for (const key of Object.values(STORAGE_KEYS)) localStorage.removeItem(key);
  $session.set(EMPTY);
  window.location.assign('/login');
}
