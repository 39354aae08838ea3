import { describe, expect, test } from 'vitest';
import { STAFF_REQUEST_HEADER, STAFF_REQUEST_REFUSED, type StaffRole } from '../../contract/staff';
import { appPerFile, makeTestApp, type TestApp, type TestResponse } from './helpers';
import { newStaffLogin, signedInStaff } from './staff-helpers';

/**
 * The back office's session cookie: the pages' login (sent with STAFF_REQUEST_HEADER) is kept in
 * an HttpOnly, SameSite=Strict cookie that every tab of the browser shares, with the bearer
 * token's 8-hour limit and revocation, and changes sent with it need the header (CSRF).
 */

const t = appPerFile(() => makeTestApp(1));
const FROM_PAGES = { [STAFF_REQUEST_HEADER]: '1' };
const EIGHT_HOURS_MS = 8 * 3600_000;
let serial = 0;

/** The gb_staff_session Set-Cookie line of an answer, if any. */
function sessionSetCookie(res: TestResponse): string | undefined {
  return res.headers.getSetCookie().find((line) => line.startsWith('gb_staff_session='));
}

interface CookieStaff {
  id: number;
  login: TestResponse;
  /** The Cookie header a browser sends back. */
  cookie: string;
}

/** A new staff member of `role`, signed in as the back office's pages sign in. */
async function cookieStaff(shop: TestApp, role: StaffRole): Promise<CookieStaff> {
  const { id, json } = await newStaffLogin(shop, role, {
    email: `cookie-${role}-${process.pid}-${(serial += 1)}@staff.gharbazaar.in`,
    name: `Cookie ${role}`,
  });
  const login = await shop.call('POST', '/api/admin/login', { json, headers: FROM_PAGES });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  const line = sessionSetCookie(login);
  if (!line) throw new Error(`No session cookie: ${login.headers.getSetCookie().join(' | ')}`);
  return { id, login, cookie: line.split(';', 1)[0]! };
}

const me = (shop: TestApp, cookie: string) => shop.call('GET', '/api/admin/me', { headers: { cookie } });

describe('the back office login sets the session cookie', () => {
  test('HttpOnly, SameSite=Strict, Path=/api/admin/, at most 8 hours; the answer holds no token', async () => {
    const member = await cookieStaff(t, 'support');
    const line = sessionSetCookie(member.login)!;
    expect(line).toMatch(/;\s*HttpOnly/i);
    expect(line).toMatch(/;\s*SameSite=Strict/i);
    expect(line).toMatch(/;\s*Path=\/api\/admin\/(;|$)/);
    const maxAge = Number(/;\s*Max-Age=(\d+)/i.exec(line)?.[1]);
    expect(maxAge).toBeGreaterThan(8 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(8 * 3600);
    // Over plain http (the test app) it cannot be Secure, or the browser would drop it.
    expect(line).not.toMatch(/;\s*Secure/i);
    expect(member.login.body).not.toHaveProperty('token');
    expect(member.login.body).toMatchObject({ staff: { id: member.id, role: 'support' } });
    expect(member.login.headers.get('cache-control')).toBe('no-store');
    // A login without the header (the command line, scripts) still answers the bearer token, and no cookie.
    const bearer = await signedInStaff(t, 'support');
    expect(bearer.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect((await t.call('GET', '/api/admin/me', { headers: bearer.headers })).status).toBe(200);
  });

  test('over https (a trusted proxy says so) the cookie is Secure', async () => {
    const shop = await makeTestApp(1, { trustProxy: true });
    try {
      const { json } = await newStaffLogin(shop, 'support', {
        email: `cookie-https-${process.pid}@staff.gharbazaar.in`,
        name: 'Cookie https',
      });
      const login = await shop.call('POST', '/api/admin/login', {
        json,
        headers: { ...FROM_PAGES, 'x-forwarded-proto': 'https' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(sessionSetCookie(login)).toMatch(/;\s*Secure/i);
    } finally {
      await shop.close();
    }
  });
});

describe('calls with the session cookie', () => {
  test('reads are accepted with the cookie alone, as from a second tab', async () => {
    const member = await cookieStaff(t, 'manager');
    const res = await me(t, member.cookie);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: member.id, role: 'manager' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t.call('GET', '/api/admin/orders', { headers: { cookie: member.cookie } })).status).toBe(200);
    // A cookie the shop did not sign is refused.
    const forged = await me(t, 'gb_staff_session=eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiJzdGFmZiJ9.c2ln');
    expect(forged.status).toBe(401);
  });

  test('a change with the cookie but without the header is refused (403), and nothing changes', async () => {
    const owner = await cookieStaff(t, 'owner');
    const other = await cookieStaff(t, 'support');
    const change = (headers: Record<string, string>) =>
      t.call('PATCH', `/api/admin/staff/${other.id}`, { json: { role: 'manager' }, headers });

    const forged = await change({ cookie: owner.cookie });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ message: STAFF_REQUEST_REFUSED });
    // A browser that says the call came from another site is refused even with the header.
    const crossSite = await change({ cookie: owner.cookie, ...FROM_PAGES, 'sec-fetch-site': 'same-site' });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body).toEqual({ message: STAFF_REQUEST_REFUSED });
    expect((await me(t, other.cookie)).body).toMatchObject({ role: 'support' });
    // Logging out is a change too: a page of another site cannot sign the staff member out.
    const logout = await t.call('POST', '/api/admin/logout', { json: {}, headers: { cookie: owner.cookie } });
    expect(logout.status).toBe(403);
    expect((await me(t, owner.cookie)).status).toBe(200);

    const real = await change({ cookie: owner.cookie, ...FROM_PAGES, 'sec-fetch-site': 'same-origin' });
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect((await me(t, other.cookie)).body).toMatchObject({ role: 'manager' });
  });
});

describe('the session cookie ends', () => {
  test('at sign-out: refused (401) from then on, in every tab, and cleared', async () => {
    const member = await cookieStaff(t, 'support');
    const out = await t.call('POST', '/api/admin/logout', {
      json: {},
      headers: { cookie: member.cookie, ...FROM_PAGES },
    });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out.' });
    expect(sessionSetCookie(out)).toMatch(/^gb_staff_session=;.*Max-Age=0/i);
    // Another tab still sending the cookie (it has not seen the answer) is refused, and told to forget it.
    const after = await me(t, member.cookie);
    expect(after.status).toBe(401);
    expect(sessionSetCookie(after)).toMatch(/^gb_staff_session=;.*Max-Age=0/i);
  });

  test('sign-out in one browser leaves the same staff member’s session in another browser', async () => {
    const member = await cookieStaff(t, 'support');
    const elsewhere = await signedInStaff(t, 'support');
    const other = await t.call('GET', '/api/admin/me', { headers: elsewhere.headers });
    expect(other.status).toBe(200);
    await t.call('POST', '/api/admin/logout', { json: {}, headers: { cookie: member.cookie, ...FROM_PAGES } });
    expect((await t.call('GET', '/api/admin/me', { headers: elsewhere.headers })).status).toBe(200);
  });

  test('8 hours after the login', async () => {
    const shop = await makeTestApp(1);
    try {
      const member = await cookieStaff(shop, 'support');
      shop.clock.advance(EIGHT_HOURS_MS - 60_000);
      expect((await me(shop, member.cookie)).status).toBe(200);
      shop.clock.advance(120_000);
      const late = await me(shop, member.cookie);
      expect(late.status).toBe(401);
      expect(sessionSetCookie(late)).toMatch(/Max-Age=0/i);
    } finally {
      await shop.close();
    }
  });

  test('at once when an owner disables the account', async () => {
    const owner = await cookieStaff(t, 'owner');
    const member = await cookieStaff(t, 'manager');
    expect((await me(t, member.cookie)).status).toBe(200);
    const off = await t.call('PATCH', `/api/admin/staff/${member.id}`, {
      json: { disabled: true },
      headers: { cookie: owner.cookie, ...FROM_PAGES },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const refused = await me(t, member.cookie);
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: 'Invalid or expired token.' });
    expect(sessionSetCookie(refused)).toMatch(/Max-Age=0/i);
  });
});
