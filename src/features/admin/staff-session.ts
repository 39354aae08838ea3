import { atom, type ReadableAtom } from 'nanostores';
import { ApiError } from '../../lib/api/http';
import type { StaffLoginAnswer, StaffMe } from '../../../contract/api/staff';
import { getStaffMe, onStaffSessionEnded, setStaffTokenSource, staffLogin, staffLogout } from './admin-api';
import * as adminRoutes from './admin-routes';
import {
  adminLoginHref,
  readStaffSession,
  SIGNED_OUT,
  STAFF_STORAGE_KEYS,
  staffTokenExpiry,
  type StaffSessionState,
} from './staff-token';

/** What the staff session needs of the browser; the tests hand in their own. */
export interface StaffSessionEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  now: () => number;
  /** The current page's path and query. */
  here: () => string;
  /** Leaves for another page. */
  go: (href: string) => void;
  setTimer: (run: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

/** The staff session: its state, and the actions that start, change and end it. */
export interface StaffSession {
  $state: ReadableAtom<StaffSessionState>;
  /** What GET /api/admin/me last said (permissions, recovery codes left); null until asked. */
  $me: ReadableAtom<StaffMe | null>;
  /** Reads the session kept in this tab, once, and ends it when its token expires. */
  start(): void;
  /** The token to send: null when none is held or it has expired. */
  token(): string | null;
  /** Signs in; the session is kept in this tab until it expires, is signed out or refused. */
  signIn(fields: { email: string; password: string; code: string }): Promise<StaffLoginAnswer>;
  /** Tells the server, then always forgets the session here and goes to the login page. */
  signOut(): Promise<void>;
  /**
   * Ends the session the server refused (a 401 for `refusedToken`) or that expired: forgotten
   * here, and the login page is opened to come back to this page afterwards.
   */
  end(refusedToken?: string): void;
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

  function forget(): void {
    env.storage.removeItem(STAFF_STORAGE_KEYS.token);
    env.storage.removeItem(STAFF_STORAGE_KEYS.member);
    if (timer !== null) env.clearTimer(timer);
    timer = null;
    $state.set(SIGNED_OUT);
    $me.set(null);
  }

  function leaveFor(href: string): void {
    if (leaving) return;
    leaving = true;
    env.go(href);
  }

  function watchExpiry(expiresAt: number): void {
    if (timer !== null) env.clearTimer(timer);
    timer = env.setTimer(() => session.end(), Math.max(0, expiresAt - env.now()));
  }

  const session: StaffSession = {
    $state,
    $me,
    start() {
      if (started) return;
      started = true;
      const stored = readStaffSession(env.storage, env.now());
      // A session kept but no longer usable (expired, damaged) has ended; what is left of it goes.
      if (stored.token === null && env.storage.getItem(STAFF_STORAGE_KEYS.token) !== null) endedBefore = true;
      if (stored.token === null) forget();
      $state.set(stored);
      if (stored.expiresAt !== null) watchExpiry(stored.expiresAt);
    },
    token() {
      const { token, expiresAt } = $state.get();
      return token !== null && expiresAt !== null && expiresAt > env.now() ? token : null;
    },
    async signIn(fields) {
      const answer = await staffLogin(fields);
      // The token's own expiry counts; expires_at says the same when the clocks agree.
      const expiresAt = staffTokenExpiry(answer.token, env.now()) ?? Date.parse(answer.expires_at);
      env.storage.setItem(STAFF_STORAGE_KEYS.token, answer.token);
      env.storage.setItem(STAFF_STORAGE_KEYS.member, JSON.stringify(answer.staff));
      started = true;
      leaving = false;
      $state.set({ token: answer.token, staff: answer.staff, expiresAt });
      $me.set(null);
      watchExpiry(expiresAt);
      return answer;
    },
    async signOut() {
      try {
        const token = session.token();
        if (token !== null) await staffLogout(token);
      } catch (error) {
        console.error(error);
      } finally {
        forget();
        leaveFor(adminRoutes.adminLogin);
      }
    },
    end(refusedToken) {
      // Parallel calls refused with one token all land here: the first ends the session.
      if (refusedToken !== undefined && $state.get().token !== refusedToken) return;
      forget();
      leaveFor(adminLoginHref(env.here(), true));
    },
    require() {
      session.start();
      if (session.token() !== null) return true;
      // Held until it expired here (no timer fired yet), or found expired on start: it ended.
      const ended = endedBefore || $state.get().token !== null;
      forget();
      leaveFor(adminLoginHref(env.here(), ended));
      return false;
    },
    async refresh(signal) {
      const held = session.token();
      let me: StaffMe;
      try {
        me = await getStaffMe(held, signal);
      } catch (error) {
        // The server no longer honours this session (expired, revoked, the account disabled).
        if (error instanceof ApiError && error.status === 401 && held !== null) session.end(held);
        throw error;
      }
      const { token, expiresAt } = $state.get();
      // Ended meanwhile (signed out, expired): nothing to keep.
      if (token === null || token !== held) return me;
      const staff = { id: me.id, email: me.email, name: me.name, role: me.role };
      env.storage.setItem(STAFF_STORAGE_KEYS.member, JSON.stringify(staff));
      $state.set({ token, staff, expiresAt });
      $me.set(me);
      return me;
    },
  };
  return session;
}

/** The browser's staff session, one per tab; while rendering on the server it holds nothing. */
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
      : window.sessionStorage;
  return {
    storage: {
      getItem: (key) => store().getItem(key),
      setItem: (key, value) => store().setItem(key, value),
      removeItem: (key) => store().removeItem(key),
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

setStaffTokenSource(() => staffSession.token());
// A 401 for the token held means the server ended the session (expired, signed out elsewhere,
// the account disabled): it ends here too, and the login page is opened.
onStaffSessionEnded((refused) => staffSession.end(refused));
