import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StaffMember } from '../../../contract/api/staff';
import { STAFF_LOGIN_REFUSED, STAFF_REQUEST_HEADER } from '../../../contract/staff';
import { STORAGE_KEYS } from '../../lib/session';
import { ApiError, onSessionEnded, setTokenSource } from '../../lib/api/http';
import { getStaffAccounts } from './admin-api';
import { createStaffSession, staffSession, type StaffSessionEnvironment } from './staff-session';
import {
  adminLoginHref,
  adminNext,
  OLD_STAFF_STORAGE_KEYS,
  readStaffSession,
  STAFF_SESSION_KEY,
  storedStaffSession,
} from './staff-token';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const HOUR = 3600_000;

const ASHA: StaffMember = { id: 7, email: 'asha@gharbazaar.in', name: 'Asha Rao', role: 'owner' };

function memoryStorage(entries: Record<string, string> = {}) {
  const map = new Map(Object.entries(entries));
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    removeItem: (key: string) => void map.delete(key),
  };
}

describe('readStaffSession', () => {
  test.each<[string, string | null, boolean]>([
    ['a staff member and an end ahead', storedStaffSession(ASHA, NOW + HOUR), true],
    ['nothing kept', null, false],
    ['a session that has ended', storedStaffSession(ASHA, NOW), false],
    ['a damaged entry', '{"staff":', false],
    ['no end', JSON.stringify({ staff: ASHA }), false],
    ['a staff member of an unknown role', storedStaffSession({ ...ASHA, role: 'admin' as never }, NOW + HOUR), false],
    ['a token where the entry should be', 'eyJhbGciOiJIUzI1NiJ9.e30.c2ln', false],
  ])('%s', (_, kept, signedIn) => {
    const state = readStaffSession(kept, NOW);
    expect(state.staff !== null).toBe(signedIn);
    if (signedIn) expect(state).toEqual({ staff: ASHA, expiresAt: NOW + HOUR });
  });
});

describe('where the login page leads', () => {
  test.each<[unknown, string]>([
    ['/admin/staff', '/admin/staff'],
    ['/admin/audit?page=3', '/admin/audit?page=3'],
    ['/admin', '/admin'],
    ['/admin/login', '/admin'],
    ['/admin/invite', '/admin'],
    ['/administrator', '/admin'],
    ['/cart', '/admin'],
    ['//evil.example/admin', '/admin'],
    ['https://evil.example/admin', '/admin'],
    [null, '/admin'],
  ])('next %j goes to %s', (next, expected) => {
    expect(adminNext(next)).toBe(expected);
  });

  test.each<[string, boolean, string]>([
    ['/admin/staff', false, '/admin/login?next=%2Fadmin%2Fstaff'],
    ['/admin/staff', true, '/admin/login?next=%2Fadmin%2Fstaff&ended=1'],
    ['/admin', true, '/admin/login?ended=1'],
    ['/admin', false, '/admin/login'],
  ])('from %s (ended: %s) the login page is %s', (here, ended, expected) => {
    expect(adminLoginHref(here, ended)).toBe(expected);
  });
});

describe('the staff session store', () => {
  let now = NOW;
  let storage: ReturnType<typeof memoryStorage>;
  let visited: string[];
  let timers: { run: () => void; at: number }[];
  let answers: Response[];
  let requests: { url: string; init: RequestInit }[];
  let otherTabChanged: (key: string | null) => void;

  function environment(here = '/admin/staff'): StaffSessionEnvironment {
    return {
      storage,
      watchStorage: (listener) => {
        otherTabChanged = listener;
      },
      now: () => now,
      here: () => here,
      go: (href) => void visited.push(href),
      setTimer: (run, ms) => {
        const timer = { run, at: now + ms };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => {
        timers = timers.filter((t) => t !== timer);
      },
    };
  }

  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  beforeEach(() => {
    vi.stubEnv('SSR', false);
    now = NOW;
    storage = memoryStorage();
    visited = [];
    timers = [];
    answers = [];
    requests = [];
    otherTabChanged = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        requests.push({ url, init });
        const answer = answers.shift();
        if (!answer) throw new Error(`No answer prepared for ${url}`);
        return answer;
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  const loginAnswer = () => json(200, { expires_at: new Date(now + 8 * HOUR).toISOString(), staff: ASHA });

  test('signing in keeps whose session it is and when it ends for every tab, never a token', async () => {
    const session = createStaffSession(environment());
    answers.push(loginAnswer());
    await session.signIn({ email: ASHA.email, password: 'kitchen shelf 42', code: '123456' });
    expect([...storage.map.keys()]).toEqual([STAFF_SESSION_KEY]);
    expect(JSON.parse(storage.map.get(STAFF_SESSION_KEY) ?? '')).toEqual({ staff: ASHA, expiresAt: NOW + 8 * HOUR });
    expect(storage.map.has(STORAGE_KEYS.token)).toBe(false);
    expect(session.$state.get()).toEqual({ staff: ASHA, expiresAt: NOW + 8 * HOUR });
    expect(session.signedIn()).toBe(true);
    // The login call carries no token, says it comes from the back office, and its body is the three fields.
    const [login] = requests;
    expect(login?.url).toBe('/api/admin/login');
    expect(new Headers(login?.init.headers).get('authorization')).toBeNull();
    expect(new Headers(login?.init.headers).get(STAFF_REQUEST_HEADER)).toBe('1');
    expect(JSON.parse(String(login?.init.body))).toEqual({
      email: ASHA.email,
      password: 'kitchen shelf 42',
      code: '123456',
    });
  });

  test('a refused login keeps nothing and says the one refusal', async () => {
    const session = createStaffSession(environment());
    answers.push(json(401, { message: STAFF_LOGIN_REFUSED }));
    await expect(session.signIn({ email: ASHA.email, password: 'x', code: '000000' })).rejects.toMatchObject({
      status: 401,
      message: STAFF_LOGIN_REFUSED,
    });
    expect(storage.map.size).toBe(0);
    expect(visited).toEqual([]);
  });

  test('the session ends when it expires, and the login page is opened to come back', async () => {
    const session = createStaffSession(environment('/admin/audit?page=2'));
    answers.push(loginAnswer());
    await session.signIn({ email: ASHA.email, password: 'p', code: '123456' });
    expect(timers.map((t) => t.at)).toEqual([NOW + 8 * HOUR]);
    now = NOW + 8 * HOUR;
    expect(session.signedIn()).toBe(false);
    timers[0]?.run();
    expect(storage.map.size).toBe(0);
    expect(session.$state.get().staff).toBeNull();
    expect(visited).toEqual(['/admin/login?next=%2Fadmin%2Faudit%3Fpage%3D2&ended=1']);
  });

  test('a second tab opens signed in from what the first kept; an expired session is removed', () => {
    storage = memoryStorage({ [STAFF_SESSION_KEY]: storedStaffSession(ASHA, NOW + HOUR) });
    const session = createStaffSession(environment());
    expect(session.require()).toBe(true);
    expect(session.$state.get().staff).toEqual(ASHA);
    expect(timers.map((t) => t.at)).toEqual([NOW + HOUR]);
    expect(visited).toEqual([]);

    storage = memoryStorage({ [STAFF_SESSION_KEY]: storedStaffSession(ASHA, NOW - 1) });
    const expired = createStaffSession(environment('/admin/staff'));
    expect(expired.require()).toBe(false);
    expect(storage.map.size).toBe(0);
    expect(visited).toEqual(['/admin/login?next=%2Fadmin%2Fstaff&ended=1']);
  });

  test('a page that needs a session sends someone who never signed in to log in, without "ended"', () => {
    const session = createStaffSession(environment('/admin'));
    expect(session.require()).toBe(false);
    expect(visited).toEqual(['/admin/login']);
  });

  test('a sign-out in another tab sends this page to the login page at once', () => {
    storage = memoryStorage({ [STAFF_SESSION_KEY]: storedStaffSession(ASHA, NOW + HOUR) });
    const session = createStaffSession(environment('/admin/orders/12'));
    expect(session.require()).toBe(true);
    // An unrelated key changing is not news.
    otherTabChanged('gharbazaar.cart');
    expect(visited).toEqual([]);
    storage.map.delete(STAFF_SESSION_KEY);
    otherTabChanged(STAFF_SESSION_KEY);
    expect(session.signedIn()).toBe(false);
    expect(timers).toEqual([]);
    expect(visited).toEqual(['/admin/login?next=%2Fadmin%2Forders%2F12&ended=1']);
  });

  test('a sign-in in another tab is taken up by a tab on the login page, which does not leave by itself', () => {
    const session = createStaffSession(environment('/admin/login'));
    session.start();
    expect(session.signedIn()).toBe(false);
    storage.map.set(STAFF_SESSION_KEY, storedStaffSession(ASHA, NOW + 8 * HOUR));
    otherTabChanged(STAFF_SESSION_KEY);
    expect(session.$state.get()).toEqual({ staff: ASHA, expiresAt: NOW + 8 * HOUR });
    expect(timers.map((t) => t.at)).toEqual([NOW + 8 * HOUR]);
    // Signed out again there: the login page stays where it is.
    storage.map.clear();
    otherTabChanged(null);
    expect(session.signedIn()).toBe(false);
    expect(visited).toEqual([]);
  });

  test('asking the server refreshes whose session it is for every tab; a 401 ends it once', async () => {
    storage = memoryStorage({ [STAFF_SESSION_KEY]: storedStaffSession(ASHA, NOW + 5 * HOUR) });
    const session = createStaffSession(environment('/admin/orders'));
    expect(session.require()).toBe(true);
    answers.push(
      json(200, {
        ...ASHA,
        role: 'manager',
        permissions: [],
        recovery_codes_left: 9,
        expires_at: new Date(NOW + 5 * HOUR).toISOString(),
      }),
    );
    await session.refresh();
    expect(session.$state.get()).toEqual({ staff: { ...ASHA, role: 'manager' }, expiresAt: NOW + 5 * HOUR });
    expect(JSON.parse(storage.map.get(STAFF_SESSION_KEY) ?? '')).toMatchObject({ staff: { role: 'manager' } });
    expect(session.$me.get()).toMatchObject({ recovery_codes_left: 9 });
    answers.push(json(401, { message: 'Invalid or expired token.' }));
    await expect(session.refresh()).rejects.toMatchObject({ status: 401 });
    expect(storage.map.size).toBe(0);
    expect(visited).toEqual(['/admin/login?next=%2Fadmin%2Forders&ended=1']);
  });

  test("a 401 in the session held signs out and opens the login page, once; the shopper's session is not touched", async () => {
    const shopperEnded = vi.fn();
    setTokenSource(() => 'shopper-token');
    onSessionEnded(shopperEnded);
    // The pages' store reads the real clock.
    const local = localStorageHolds(storedStaffSession(ASHA, Date.now() + HOUR));
    staffSession.start();
    expect(staffSession.signedIn()).toBe(true);
    answers.push(
      json(401, { message: 'Invalid or expired token.' }),
      json(401, { message: 'Invalid or expired token.' }),
    );
    const calls = [getStaffAccounts(), getStaffAccounts()];
    await Promise.all(calls.map((c) => expect(c).rejects.toBeInstanceOf(ApiError)));
    for (const { init } of requests) {
      // The cookie goes by itself; no token, neither the shopper's nor a staff one, is sent.
      expect(new Headers(init.headers).get('authorization')).toBeNull();
      expect(new Headers(init.headers).get(STAFF_REQUEST_HEADER)).toBe('1');
    }
    expect(staffSession.signedIn()).toBe(false);
    expect(local.map.has(STAFF_SESSION_KEY)).toBe(false);
    for (const key of OLD_STAFF_STORAGE_KEYS) expect(oldTabStorage.map.has(key)).toBe(false);
    expect(assigned).toEqual(['/admin/login?next=%2Fadmin%2Fstaff&ended=1']);
    expect(shopperEnded).not.toHaveBeenCalled();
    setTokenSource(() => null);
  });

  test('signing out tells the server, then forgets the session for every tab whatever the answer', async () => {
    const session = createStaffSession(environment());
    answers.push(loginAnswer(), json(500, { message: 'Something went wrong.' }));
    await session.signIn({ email: ASHA.email, password: 'p', code: '123456' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await session.signOut();
    expect(requests[1]?.url).toBe('/api/admin/logout');
    expect(requests[1]?.init.method).toBe('POST');
    expect(new Headers(requests[1]?.init.headers).get(STAFF_REQUEST_HEADER)).toBe('1');
    expect(new Headers(requests[1]?.init.headers).get('authorization')).toBeNull();
    expect(storage.map.size).toBe(0);
    expect(visited).toEqual(['/admin/login']);
  });
});

/** The browser's own store (the one the pages use) reads `window.localStorage`: a stand-in for it. */
let assigned: string[] = [];
let oldTabStorage = memoryStorage();
function localStorageHolds(kept: string) {
  const local = memoryStorage({ [STAFF_SESSION_KEY]: kept });
  // What an earlier version kept in the tab: removed on start.
  oldTabStorage = memoryStorage(Object.fromEntries(OLD_STAFF_STORAGE_KEYS.map((key) => [key, 'x'])));
  assigned = [];
  vi.stubGlobal('window', {
    localStorage: local,
    sessionStorage: oldTabStorage,
    addEventListener: () => undefined,
    location: { pathname: '/admin/staff', search: '', assign: (href: string) => void assigned.push(href) },
    setTimeout: () => 1,
    clearTimeout: () => undefined,
  });
  return local;
}
