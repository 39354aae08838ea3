import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { StaffMember } from '../../../contract/api/staff';
import { STAFF_LOGIN_REFUSED } from '../../../contract/staff';
import { STORAGE_KEYS } from '../../lib/session';
import { ApiError, onSessionEnded, setTokenSource } from '../../lib/api/http';
import { getStaffAccounts } from './admin-api';
import { createStaffSession, staffSession, type StaffSessionEnvironment } from './staff-session';
import { adminLoginHref, adminNext, readStaffSession, STAFF_STORAGE_KEYS, staffTokenExpiry } from './staff-token';

const NOW = Date.parse('2026-11-24T08:00:00Z');
const HOUR = 3600_000;

/** A token as the server signs them (the signature is not read in the browser), expiring at `expMs`. */
function tokenExpiringAt(expMs: number, claims: Record<string, unknown> = {}): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ aud: 'staff', sub: '7', exp: expMs / 1000, ...claims })}.c2ln`;
}

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

describe('staffTokenExpiry', () => {
  test.each<[string, unknown, number | null]>([
    ['a token valid for 8 hours', tokenExpiringAt(NOW + 8 * HOUR), NOW + 8 * HOUR],
    ['a token expiring now', tokenExpiringAt(NOW), null],
    ['an expired token', tokenExpiringAt(NOW - 1000), null],
    ['a token without exp', tokenExpiringAt(NOW + HOUR, { exp: undefined }), null],
    ['text that is no token', 'not-a-token', null],
    ['nothing', null, null],
  ])('%s', (_, token, expected) => {
    expect(staffTokenExpiry(token, NOW)).toBe(expected);
  });
});

describe('readStaffSession', () => {
  const good = tokenExpiringAt(NOW + HOUR);
  test.each<[string, Record<string, string>, boolean]>([
    [
      'a valid token and its staff member',
      { [STAFF_STORAGE_KEYS.token]: good, [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA) },
      true,
    ],
    ['no token', { [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA) }, false],
    [
      'an expired token',
      { [STAFF_STORAGE_KEYS.token]: tokenExpiringAt(NOW - 1), [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA) },
      false,
    ],
    ['a damaged staff member', { [STAFF_STORAGE_KEYS.token]: good, [STAFF_STORAGE_KEYS.member]: '{"id":' }, false],
    [
      'a staff member of an unknown role',
      { [STAFF_STORAGE_KEYS.token]: good, [STAFF_STORAGE_KEYS.member]: JSON.stringify({ ...ASHA, role: 'admin' }) },
      false,
    ],
    ["the shopper's token only", { [STORAGE_KEYS.token]: good }, false],
  ])('%s', (_, entries, signedIn) => {
    const state = readStaffSession(memoryStorage(entries), NOW);
    expect(state.token !== null).toBe(signedIn);
    if (signedIn) expect(state).toEqual({ token: good, staff: ASHA, expiresAt: NOW + HOUR });
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

  function environment(here = '/admin/staff'): StaffSessionEnvironment {
    return {
      storage,
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

  function loginAnswer(token: string) {
    return json(200, { token, expires_at: new Date(now + 8 * HOUR).toISOString(), staff: ASHA });
  }

  test('signing in keeps the token and staff member in session storage under their own keys', async () => {
    const session = createStaffSession(environment());
    const token = tokenExpiringAt(NOW + 8 * HOUR);
    answers.push(loginAnswer(token));
    await session.signIn({ email: ASHA.email, password: 'kitchen shelf 42', code: '123456' });
    expect(storage.map.get(STAFF_STORAGE_KEYS.token)).toBe(token);
    expect(JSON.parse(storage.map.get(STAFF_STORAGE_KEYS.member) ?? '')).toEqual(ASHA);
    expect(storage.map.has(STORAGE_KEYS.token)).toBe(false);
    expect(session.$state.get()).toEqual({ token, staff: ASHA, expiresAt: NOW + 8 * HOUR });
    expect(session.token()).toBe(token);
    // The login call carries no token and its body is the three fields.
    const [login] = requests;
    expect(login?.url).toBe('/api/admin/login');
    expect(new Headers(login?.init.headers).get('authorization')).toBeNull();
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

  test('the session ends when its token expires, and the login page is opened to come back', async () => {
    const session = createStaffSession(environment('/admin/audit?page=2'));
    answers.push(loginAnswer(tokenExpiringAt(NOW + 8 * HOUR)));
    await session.signIn({ email: ASHA.email, password: 'p', code: '123456' });
    expect(timers.map((t) => t.at)).toEqual([NOW + 8 * HOUR]);
    now = NOW + 8 * HOUR;
    expect(session.token()).toBeNull();
    timers[0]?.run();
    expect(storage.map.size).toBe(0);
    expect(session.$state.get().token).toBeNull();
    expect(visited).toEqual(['/admin/login?next=%2Fadmin%2Faudit%3Fpage%3D2&ended=1']);
  });

  test('a stored session is read once on start; an expired one is removed', () => {
    const token = tokenExpiringAt(NOW + HOUR);
    storage = memoryStorage({ [STAFF_STORAGE_KEYS.token]: token, [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA) });
    const session = createStaffSession(environment());
    expect(session.require()).toBe(true);
    expect(session.$state.get().staff).toEqual(ASHA);
    expect(timers.map((t) => t.at)).toEqual([NOW + HOUR]);

    storage = memoryStorage({
      [STAFF_STORAGE_KEYS.token]: tokenExpiringAt(NOW - 1),
      [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA),
    });
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

  test("a 401 for the token held signs out and opens the login page, once; the shopper's session is not touched", async () => {
    const shopperEnded = vi.fn();
    setTokenSource(() => 'shopper-token');
    onSessionEnded(shopperEnded);
    // The pages' store reads the real clock.
    const token = tokenExpiringAt(Date.now() + HOUR);
    sessionStorageHolds(token);
    staffSession.start();
    expect(staffSession.token()).toBe(token);
    answers.push(
      json(401, { message: 'Invalid or expired token.' }),
      json(401, { message: 'Invalid or expired token.' }),
    );
    const calls = [getStaffAccounts(), getStaffAccounts()];
    await Promise.all(calls.map((c) => expect(c).rejects.toBeInstanceOf(ApiError)));
    for (const { init } of requests) expect(new Headers(init.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(staffSession.token()).toBeNull();
    expect(window.sessionStorage.getItem(STAFF_STORAGE_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem(STAFF_STORAGE_KEYS.member)).toBeNull();
    expect(assigned).toEqual(['/admin/login?next=%2Fadmin%2Fstaff&ended=1']);
    expect(shopperEnded).not.toHaveBeenCalled();
    setTokenSource(() => null);
  });

  test('signing out tells the server with the token, then forgets it whatever the answer', async () => {
    const session = createStaffSession(environment());
    const token = tokenExpiringAt(NOW + HOUR);
    answers.push(loginAnswer(token), json(500, { message: 'Something went wrong.' }));
    await session.signIn({ email: ASHA.email, password: 'p', code: '123456' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await session.signOut();
    expect(requests[1]?.url).toBe('/api/admin/logout');
    expect(new Headers(requests[1]?.init.headers).get('authorization')).toBe(`Bearer ${token}`);
    expect(storage.map.size).toBe(0);
    expect(visited).toEqual(['/admin/login']);
  });
});

/** The browser's own store (the one the pages use) reads `window.sessionStorage`: a stand-in for it. */
let assigned: string[] = [];
function sessionStorageHolds(token: string): void {
  const storage = memoryStorage({
    [STAFF_STORAGE_KEYS.token]: token,
    [STAFF_STORAGE_KEYS.member]: JSON.stringify(ASHA),
  });
  assigned = [];
  vi.stubGlobal('window', {
    sessionStorage: storage,
    location: { pathname: '/admin/staff', search: '', assign: (href: string) => void assigned.push(href) },
    setTimeout: () => 1,
    clearTimeout: () => undefined,
  });
}
