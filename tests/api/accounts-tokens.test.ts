import { SignJWT, UnsecuredJWT, base64url, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login, makeTestApp, newUser, TEST_SECRET, TEST_TOKEN_TTL_SECONDS, type TestApp } from './helpers';

let t: TestApp;
let user: Awaited<ReturnType<typeof newUser>>;

beforeAll(async () => {
  t = await makeTestApp(5);
  user = await newUser(t);
});

afterAll(async () => {
  await t.close();
});

const NOT_PROVIDED = { message: 'Authentication credentials were not provided.' };
const INVALID = { message: 'Invalid or expired token.' };
const now = () => Math.floor(Date.now() / 1000);

/** A token like the server's, signed with `key` under `alg`, with claims changed as asked. */
function craft(claims: Record<string, unknown>, alg = 'HS256', key: Uint8Array = TEST_SECRET): Promise<string> {
  return new SignJWT({ sub: String(user.id), jti: crypto.randomUUID(), iat: now(), exp: now() + 3600, ...claims })
    .setProtectedHeader({ alg })
    .sign(key);
}

const profile = (authorization?: string) =>
  t.get('/api/common/profile/', { headers: authorization === undefined ? {} : { authorization } });

describe('bearer tokens', () => {
  test('a valid token reaches the profile', async () => {
    const res = await profile(`Bearer ${user.token}`);
    expect(res.status).toBe(200);
    expect((res.body as { id: number }).id).toBe(user.id);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  test('the scheme is case-insensitive', async () => {
    expect((await profile(`bearer ${user.token}`)).status).toBe(200);
  });

  test('a token the test crafts like the server is accepted (the check below is not vacuous)', async () => {
    expect((await profile(`Bearer ${await craft({})}`)).status).toBe(200);
  });

  test.each([
    ['no header', undefined],
    ['empty header', ''],
    ['Basic scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
    ['Token scheme', `Token ${'x'.repeat(20)}`],
    ['Bearer without a token', 'Bearer'],
    ['Bearer and spaces', 'Bearer    '],
    ['two tokens', 'Bearer a.b.c d.e.f'],
  ])('%s → 401 not provided', async (_, header) => {
    const res = await profile(header);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_PROVIDED);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
  });

  test.each([
    ['garbage', 'garbage'],
    ['the string null', 'null'],
    ['three empty parts', '..'],
    ['bad base64', 'a.b.c'],
    ['a huge token', `${'a'.repeat(5000)}.b.c`],
  ])('malformed (%s) → 401 invalid', async (_, token) => {
    const res = await profile(`Bearer ${token}`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(INVALID);
  });

  test('forged signature (another secret) → 401', async () => {
    const forged = await craft({}, 'HS256', new TextEncoder().encode('some-other-secret-of-at-least-32-bytes!!'));
    expect((await profile(`Bearer ${forged}`)).body).toEqual(INVALID);
  });

  test('a valid token with its payload swapped → 401', async () => {
    const [header, , signature] = user.token.split('.');
    const payload = base64url.encode(JSON.stringify({ ...decodeJwt(user.token), sub: '1' }));
    expect((await profile(`Bearer ${header}.${payload}.${signature}`)).body).toEqual(INVALID);
  });

  test('alg "none" → 401', async () => {
    const unsigned = new UnsecuredJWT({ sub: String(user.id), jti: 'x' })
      .setIssuedAt()
      .setExpirationTime('1h')
      .encode();
    expect((await profile(`Bearer ${unsigned}`)).body).toEqual(INVALID);
    // Also with the signature part filled in with the real one.
    const [, , signature] = user.token.split('.');
    expect((await profile(`Bearer ${unsigned}${signature}`)).body).toEqual(INVALID);
  });

  test('HS512 signed with the right secret → 401 (the algorithm is pinned)', async () => {
    expect((await profile(`Bearer ${await craft({}, 'HS512')}`)).body).toEqual(INVALID);
  });

  test('HS384 → 401', async () => {
    expect((await profile(`Bearer ${await craft({}, 'HS384')}`)).body).toEqual(INVALID);
  });

  test.each([
    ['no exp', { exp: undefined }],
    ['no jti', { jti: undefined }],
    ['no sub', { sub: undefined }],
    ['no iat', { iat: undefined }],
    ['sub not a number', { sub: 'admin' }],
    ['sub of a user that does not exist', { sub: '999999' }],
    ['expired a second ago', { exp: now() - 1 }],
    ['not valid before the future', { nbf: now() + 600 }],
  ])('%s → 401', async (_, claims) => {
    expect((await profile(`Bearer ${await craft(claims)}`)).body).toEqual(INVALID);
  });

  test('a well-signed token naming a seeded reviewer (no password) → 401', async () => {
    const reviewer = await t.db
      .selectFrom('users')
      .select('id')
      .where('password_hash', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await profile(`Bearer ${await craft({ sub: String(reviewer.id) })}`)).body).toEqual(INVALID);
  });

  test('expiry follows the clock: valid until exp, refused after', async () => {
    const fresh = await login(t, user.email, user.password);
    const token = (fresh.body as { data: { tokens: { access: string } } }).data.tokens.access;
    t.clock.advance((TEST_TOKEN_TTL_SECONDS - 60) * 1000);
    try {
      expect((await profile(`Bearer ${token}`)).status).toBe(200);
      t.clock.advance(61 * 1000);
      expect((await profile(`Bearer ${token}`)).body).toEqual(INVALID);
    } finally {
      t.clock.advance(-TEST_TOKEN_TTL_SECONDS * 1000 - 1000);
    }
  });
});

describe('POST common/logout/', () => {
  test('revokes the token: it is refused afterwards, other sessions live on', async () => {
    const other = await login(t, user.email, user.password);
    const otherToken = (other.body as { data: { tokens: { access: string } } }).data.tokens.access;
    const session = await login(t, user.email, user.password);
    const token = (session.body as { data: { tokens: { access: string } } }).data.tokens.access;

    const res = await t.call('POST', '/api/common/logout/', { token, json: {} });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Logged out.' });

    expect((await profile(`Bearer ${token}`)).body).toEqual(INVALID);
    expect((await t.call('POST', '/api/common/logout/', { token })).status).toBe(401);
    expect((await profile(`Bearer ${otherToken}`)).status).toBe(200);
  });

  test('works without a body and without the trailing slash', async () => {
    const session = await login(t, user.email, user.password);
    const token = (session.body as { data: { tokens: { access: string } } }).data.tokens.access;
    expect((await t.call('POST', '/api/common/logout', { token })).status).toBe(200);
  });

  test('without a token → 401 not provided', async () => {
    const res = await t.call('POST', '/api/common/logout/');
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_PROVIDED);
  });

  test('revocations of expired tokens are pruned', async () => {
    await t.db
      .insertInto('revoked_tokens')
      .values({ jti: 'long-gone', expires_at: now() - 10 })
      .execute();
    const session = await login(t, user.email, user.password);
    const token = (session.body as { data: { tokens: { access: string } } }).data.tokens.access;
    await t.call('POST', '/api/common/logout/', { token });
    const rows = await t.db.selectFrom('revoked_tokens').select('jti').execute();
    expect(rows.map((r) => r.jti)).not.toContain('long-gone');
    expect(rows.map((r) => r.jti)).toContain(decodeJwt(token).jti);
  });
});

describe('every private call needs a token', () => {
  test.each([
    ['GET', '/api/common/profile/'],
    ['PATCH', '/api/common/profile/'],
    ['GET', '/api/common/addresses/'],
    ['POST', '/api/common/addresses/'],
    ['GET', '/api/common/addresses/1/'],
    ['DELETE', '/api/common/addresses/1/'],
    ['POST', '/api/common/logout/'],
  ])('%s %s → 401', async (method, urlPath) => {
    const res = await t.call(method, urlPath, method === 'GET' || method === 'DELETE' ? {} : { json: {} });
    expect(res.status).toBe(401);
    expect(res.body).toEqual(NOT_PROVIDED);
  });
});
