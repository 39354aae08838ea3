import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '../../lib/api/http';
import type { StaffLoginAnswer, StaffMe } from '../../../contract/api/staff';
import {
  getStaffMe,
  onStaffSessionEnded,
  setStaffSessionMark,
  staffLogin,
  staffLogout,
  type StaffSessionMark,
} from './admin-api';
import * as adminRoutes from './admin-routes';
import {
  adminLoginHref,
  OLD_STAFF_STORAGE_KEYS,
  readStaffSession,
  SIGNED_OUT,
  STAFF_SESSION_KEY,
  storedStaffSession,
  type StaffSessionState,
} from './staff-token';

/** What the staff session needs of the browser; the tests hand in their own. */
export interface StaffSessionEnvironment {
  /** Shared by the browser's tabs (local storage). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Calls `listener` when another tab changed STAFF_SESSION_KEY (a `storage` event; null: storage cleared). */
  watchStorage: (listener: (key: string | null) => void) => void;
  now: () => number;
  /** The current page's path and query. */
  here: () => string;
  /** Leaves for another page. */
  go: (href: string) => void;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/**
 * The staff session: its state, and the actions that start, change and end it. The session itself
 * is the HttpOnly cookie the server set, shared by every tab of the browser; what is kept here
 * (local storage, shared too) says whose it is and when it ends, so a second tab opens signed in,
 * and a sign-out in one tab sends the others to the login page at once.
 */
export interface StaffSession {
  $state: ReadableAtom<StaffSessionState>;
  /** What GET /api/admin/me last said (permissions, recovery codes left); null until asked. */
  $me: ReadableAtom<StaffMe | null>;
  /** Reads the session kept, once, ends it when it expires, and follows the other tabs. */
  start(): void;
  /** True while a session is held and has not expired. */
  signedIn(): boolean;
  /** What identifies the session held (when it ends), or null: calls say which session a 401 ended. */
  mark(): StaffSessionMark;
  /** Signs in; the session is kept for every tab until it expires, is signed out or refused. */
  signIn(fields: { email: string; password: string; code: string }): Promise<StaffLoginAnswer>;
  /** Tells the server (every tab's session ends), then always forgets it here and goes to the login page. */
  signOut(): Promise<void>;
  /**
   * Ends the session the server refused (a 401 for a call made in the session `refused`) or that
   * expired: forgotten, and the login page is opened to come back to this page afterwards.
   */
  end(refused?: StaffSessionMark): void;
  /** For pages that need a session: true when one is held, else off to the login page. */
  require(): boolean;
  /** Asks the server who is signed in and what they may do; the role may have changed since. */
  refresh(signal?: AbortSignal): Promise<StaffMe>;
}

export function createStaffSession(env: StaffSessionEnvironment): StaffSession {
  const $state = atom<StaffSessionState>(SIGNED_OUT);
  const $me = atom<StaffMe | null>(null);
  let started = false;
  let timer: unknown = null;
  let leaving = false;
  let endedBefore = false;
  /** This page needs a session (it called require()): it leaves when the session ends. */
  let needed = false;

  function clearTimer(): void {
    if (timer !== null) env.clearTimer(timer);
    timer = null;
  }

  function forget(): void {
    env.storage.removeItem(STAFF_SESSION_KEY);
    clearTimer();
    $state.set(SIGNED_OUT);
    $me.set(null);
  }

  function leaveFor(href: string): void {
    if (leaving) return;
    leaving = true;
    env.go(href);
  }

  function watchExpiry(expiresAt: number): void {
    clearTimer();
    timer = env.setTimer(() => session.end(), Math.max(0, expiresAt - env.now()));
  }

  function hold(state: StaffSessionState): void {
    $state.set(state);
    if (state.expiresAt !== null) watchExpiry(state.expiresAt);
  }

  /** Another tab signed in, out, or learnt more about the session: this one follows. */
  function followOtherTab(): void {
    const kept = readStaffSession(env.storage.getItem(STAFF_SESSION_KEY), env.now());
    if (kept.staff !== null) {
      if ($state.get().expiresAt !== kept.expiresAt) $me.set(null);
      hold(kept);
      return;
    }
    if ($state.get().staff === null) return;
    clearTimer();
    $state.set(SIGNED_OUT);
    $me.set(null);
    if (needed) leaveFor(adminLoginHref(env.here(), true));
  }

  const session: StaffSession = {
    $state,
    $me,
    start() {
      if (started) return;
      started = true;
      const kept = env.storage.getItem(STAFF_SESSION_KEY);
      const stored = readStaffSession(kept, env.now());
      // A session kept but no longer usable (expired, damaged) has ended; what is left of it goes.
      if (stored.staff === null && kept !== null) {
        endedBefore = true;
        forget();
      }
      hold(stored);
      env.watchStorage((key) => {
        if (key === null || key === STAFF_SESSION_KEY) followOtherTab();
      });
    },
    signedIn() {
      const { staff, expiresAt } = $state.get();
      return staff !== null && expiresAt !== null && expiresAt > env.now();
    },
    mark() {
      return session.signedIn() ? $state.get().expiresAt : null;
    },
    async signIn(fields) {
      // Started first, so this tab follows the others from here on.
      session.start();
      const answer = await staffLogin(fields);
      const expiresAt = Date.parse(answer.expires_at);
      env.storage.setItem(STAFF_SESSION_KEY, storedStaffSession(answer.staff, expiresAt));
      leaving = false;
      $me.set(null);
      hold({ staff: answer.staff, expiresAt });
      return answer;
    },
    async signOut() {
      try {
        await staffLogout();
      } catch (error) {
        console.error(error);
      } finally {
        // Removing what is kept tells the other tabs (a `storage` event): they leave too.
        forget();
        leaveFor(adminRoutes.adminLogin);
      }
    },
    end(refused) {
      // Parallel calls refused in one session all land here: the first ends it.
      if (refused !== undefined && (refused === null || $state.get().expiresAt !== refused)) return;
      forget();
      leaveFor(adminLoginHref(env.here(), true));
    },
    require() {
      session.start();
      needed = true;
      if (session.signedIn()) return true;
      // Held until it expired here (no timer fired yet), or found expired on start: it ended.
      const ended = endedBefore || $state.get().staff !== null;
      forget();
      leaveFor(adminLoginHref(env.here(), ended));
      return false;
    },
    async refresh(signal) {
      const held = session.mark();
      let me: StaffMe;
      try {
        me = await getStaffMe(signal);
      } catch (error) {
        // The server no longer honours this session (expired, revoked, the account disabled).
        if (error instanceof ApiError && error.status === 401 && held !== null) session.end(held);
        throw error;
      }
      // None held, or ended or changed meanwhile (signed out, expired, signed in again): nothing to keep.
      if (held === null || session.mark() !== held) return me;
      const staff = { id: me.id, email: me.email, name: me.name, role: me.role };
      env.storage.setItem(STAFF_SESSION_KEY, storedStaffSession(staff, held));
      hold({ staff, expiresAt: held });
      $me.set(me);
      return me;
    },
  };
  return session;
}

/** The browser's staff session; while rendering on the server it holds nothing. */
function browserEnvironment(): StaffSessionEnvironment {
  const memory = new Map<string, string>();
  // Looked up at each use: this module is also imported where there is no window (rendering).
  const store = (): StaffSessionEnvironment['storage'] =>
    typeof window === 'undefined'
      ? {
          getItem: (key) => memory.get(key) ?? null,
          setItem: (key, value) => void memory.set(key, value),
          removeItem: (key) => void memory.delete(key),
        }
      : window.localStorage;
  return {
    storage: {
      getItem: (key) => store().getItem(key),
      setItem: (key, value) => store().setItem(key, value),
      removeItem: (key) => store().removeItem(key),
    },
    watchStorage: (listener) => {
      if (typeof window === 'undefined') return;
      // The token an earlier version kept in this tab is not needed (nor trusted) any more.
      for (const key of OLD_STAFF_STORAGE_KEYS) window.sessionStorage.removeItem(key);
      window.addEventListener('storage', (event) => {
        if (event.storageArea === window.localStorage) listener(event.key);
      });
    },
    now: () => Date.now(),
    here: () =>
      typeof window === 'undefined' ? adminRoutes.adminHome : window.location.pathname + window.location.search,
    go: (href) => window.location.assign(href),
    setTimer: (run, ms) => window.setTimeout(run, ms),
    clearTimer: (timer) => window.clearTimeout(timer as number),
  };
}

export const staffSession = createStaffSession(browserEnvironment());
export const $staffSession = staffSession.$state;
export const $staffMe = staffSession.$me;

setStaffSessionMark(() => staffSession.mark());
// A 401 in the session held means the server ended it (expired, signed out in another browser
// tab, the account disabled): it ends here too, and the login page is opened.
onStaffSessionEnded((refused) => staffSession.end(refused));
