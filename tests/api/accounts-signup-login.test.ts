import { decodeJwt, decodeProtectedHeader } from 'jose';
import { describe, expect, test } from 'vitest';
import { login, makeTestApp, newUser, signup, TEST_TOKEN_TTL_SECONDS, userFields, appPerFile } from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';

const t = appPerFile(() => makeTestApp(5));

describe('POST common/signup', () => {
  test('creates an account: 201 with the user id', async () => {
    const fields = userFields();
    const res = await signup(t, fields);
    expect(res.status).toBe(201);
    const body = res.body as { status: string; message: string; data: { user_id: number } };
    expect(body).toEqual({
      status: 'success',
      message: 'Registration successful.',
      data: { user_id: expect.any(Number) },
    });
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.data.user_id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      first_name: 'Asha',
      last_name: 'Verma',
      email: fields.email,
      phone_number: fields.phone_number,
    });
    // Stored as argon2id at OWASP's parameters, never as the password.
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.password_hash).not.toContain(fields.password);
  });

  test('also answers without the trailing slash and with it', async () => {
    expect((await t.call('POST', '/api/common/signup/', { json: userFields() })).status).toBe(201);
  });

  test('the e-mail is trimmed and stored in lower case', async () => {
    const fields = userFields();
    const res = await signup(t, { ...fields, email: `  ${fields.email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    const id = (res.body as { data: { user_id: number } }).data.user_id;
    const row = await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.email).toBe(fields.email);
  });

  test.each<[string, Record<string, unknown>, string, string]>([
    ['first name missing', { first_name: undefined }, 'first_name', 'First name is required.'],
    ['first name blank', { first_name: '   ' }, 'first_name', 'First name is required.'],
    ['last name missing', { last_name: '' }, 'last_name', 'Last name is required.'],
    ['phone missing', { phone_number: '' }, 'phone_number', 'Phone number is required.'],
    ['phone of 9 digits', { phone_number: '987654321' }, 'phone_number', 'Phone number must be exactly 10 digits.'],
    ['phone of 11 digits', { phone_number: '98765432101' }, 'phone_number', 'Phone number must be exactly 10 digits.'],
    ['phone with letters', { phone_number: '98765abcde' }, 'phone_number', 'Phone number must be exactly 10 digits.'],
    ['e-mail missing', { email: '' }, 'email', 'Email is required.'],
    ['e-mail without @', { email: 'asha.example.in' }, 'email', 'Email is invalid.'],
    ['e-mail without domain dot', { email: 'asha@example' }, 'email', 'Email is invalid.'],
    ['password missing', { password: '' }, 'password', 'Password is required.'],
    ['password of 5 characters', { password: 'abcde' }, 'password', 'Password must be at least 8 characters.'],
    [
      'password of 129 characters',
      { password: 'x'.repeat(129) },
      'password',
      'Password must be at most 128 characters.',
    ],
    [
      'control character in a name',
      { first_name: 'As\u0007ha' },
      'first_name',
      'Contains characters that are not allowed.',
    ],
    ['name of 51 characters', { last_name: 'v'.repeat(51) }, 'last_name', 'At most 50 characters.'],
  ])('%s → 400 with the field message', async (_, change, field, message) => {
    const fields: Record<string, unknown> = { ...userFields(), ...change };
    const res = await signup(t, fields);
    expect(res.status).toBe(400);
    const body = res.body as ErrorBody;
    expect(body.errors?.[field]).toContain(message);
    expect(body.message).toContain(message);
  });

  test('nothing at all → 400 naming every field', async () => {
    const res = await signup(t, {});
    expect(res.status).toBe(400);
    expect(Object.keys((res.body as ErrorBody).errors ?? {}).sort()).toEqual(
      ['email', 'first_name', 'last_name', 'password', 'phone_number'].sort(),
    );
  });

  test('a taken e-mail, in any case → 400 with "email" in the message', async () => {
    const first = userFields();
    expect((await signup(t, first)).status).toBe(201);
    const res = await signup(t, userFields({ email: first.email.toUpperCase() }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'A user with this email already exists.',
      errors: { email: ['A user with this email already exists.'] },
    });
  });

  test('a taken phone number → 400 with "phone" in the message', async () => {
    const first = userFields();
    expect((await signup(t, first)).status).toBe(201);
    const res = await signup(t, userFields({ phone_number: first.phone_number }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'A user with this phone number already exists.',
      errors: { phone_number: ['A user with this phone number already exists.'] },
    });
  });

  test('the same sign-up sent twice at once: one 201, one 400, never a 500', async () => {
    const fields = userFields();
    const answers = await Promise.all([signup(t, fields), signup(t, fields), signup(t, fields)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) {
      expect((a.body as ErrorBody).message).toBe('A user with this email already exists.');
    }
  });

  test('unknown fields are ignored, including attempts to set stored columns', async () => {
    const fields = userFields();
    const res = await signup(t, { ...fields, id: 1, password_hash: 'x', tokens_valid_after: 9e9, is_admin: true });
    expect(res.status).toBe(201);
    const id = (res.body as { data: { user_id: number } }).data.user_id;
    expect(id).not.toBe(1);
    expect((await login(t, fields.email, fields.password)).status).toBe(200);
  });

  test('Unicode names round-trip exactly', async () => {
    const user = await newUser(t, { first_name: 'Zoë', last_name: 'देवनागरी' });
    const res = await t.call('GET', '/api/common/profile/', { token: user.token });
    expect(res.body).toMatchObject({ first_name: 'Zoë', last_name: 'देवनागरी' });
  });
});

describe('bad input never answers 500', () => {
  const bodies: [string, string, string][] = [
    ['malformed JSON', '{"email": "a@b.in", ', 'application/json'],
    ['an array', '[1, 2, 3]', 'application/json'],
    ['null', 'null', 'application/json'],
    ['a string', '"hello"', 'application/json'],
    [
      'numbers for strings',
      '{"first_name":1,"last_name":2,"phone_number":9876543210,"email":3,"password":4}',
      'application/json',
    ],
    [
      'arrays for strings',
      '{"first_name":["a"],"last_name":["b"],"phone_number":["9876543210"],"email":["a@b.in"],"password":["secret1"]}',
      'application/json',
    ],
    [
      'nulls',
      '{"first_name":null,"last_name":null,"phone_number":null,"email":null,"password":null}',
      'application/json',
    ],
    ['nested objects', '{"email":{"$ne":""},"password":{"$gt":""}}', 'application/json'],
    ['an empty body', '', 'application/json'],
  ];

  test.each([
    '/api/common/signup',
    '/api/common/userlogin',
    '/api/common/request_reset_otp',
    '/api/common/verify_reset_otp',
    '/api/common/reset_password',
  ])('%s: every malformed body is a 4xx in the error shape', async (urlPath) => {
    for (const [what, body, type] of bodies) {
      const res = await t.get(urlPath, { method: 'POST', headers: { 'content-type': type }, body });
      expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status, what).toBeLessThan(500);
      expect(typeof (res.body as ErrorBody).message, what).toBe('string');
    }
  });

  test('malformed JSON → 400 "The request body is not valid JSON."', async () => {
    const res = await t.get('/api/common/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
  });

  test('a body that is not JSON → 415', async () => {
    const form = new URLSearchParams({ email: 'a@b.in', password: 'secret' });
    const res = await t.get('/api/common/userlogin', { method: 'POST', body: form });
    expect(res.status).toBe(415);
    expect((res.body as ErrorBody).message).toMatch(/JSON/);
  });

  test('1 MB strings in every field → 400, not 500', async () => {
    const huge = 'a'.repeat(1024 * 1024);
    const res = await signup(t, {
      first_name: huge,
      last_name: huge,
      phone_number: huge,
      email: `${huge}@x.in`,
      password: huge,
    });
    expect(res.status).toBe(400);
    const login1 = await login(t, `${huge}@x.in`, huge);
    expect(login1.status).toBe(400);
  });

  test('a body over the API limit → 413', async () => {
    const res = await t.get('/api/common/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'a'.repeat(9 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(typeof (res.body as ErrorBody).message).toBe('string');
  });
});

describe('POST common/userlogin', () => {
  test('success: status, message, token and the profile fields', async () => {
    const fields = userFields({ first_name: 'Ravi', last_name: 'Iyer' });
    const id = ((await signup(t, fields)).body as { data: { user_id: number } }).data.user_id;
    const res = await login(t, fields.email, fields.password);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toEqual({
      status: 'success',
      message: 'Login successful.',
      data: {
        tokens: { access: expect.any(String) },
        user_id: id,
        first_name: 'Ravi',
        last_name: 'Iyer',
        email: fields.email,
        phone_number: fields.phone_number,
        profile_picture: null,
      },
    });
    const token = (res.body as { data: { tokens: { access: string } } }).data.tokens.access;
    expect(decodeProtectedHeader(token).alg).toBe('HS256');
    const claims = decodeJwt(token);
    expect(claims.sub).toBe(String(id));
    expect(typeof claims.jti).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(TEST_TOKEN_TTL_SECONDS);
    expect(Math.abs(claims.iat! - Date.now() / 1000)).toBeLessThan(5);
  });

  test('the e-mail is matched whatever its case and surrounding spaces', async () => {
    const fields = userFields();
    await signup(t, fields);
    expect((await login(t, ` ${fields.email.toUpperCase()} `, fields.password)).status).toBe(200);
  });

  test('each login gets its own token', async () => {
    const user = await newUser(t);
    const again = await login(t, user.email, user.password);
    const token = (again.body as { data: { tokens: { access: string } } }).data.tokens.access;
    expect(decodeJwt(token).jti).not.toBe(decodeJwt(user.token).jti);
  });

  test('wrong password → 401 "Invalid email or password."', async () => {
    const user = await newUser(t);
    const res = await login(t, user.email, `${user.password}!`);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: 'Invalid email or password.' });
  });

  test('unknown e-mail → the very same 401', async () => {
    const res = await login(t, 'nobody-here@example.in', 'whatever1');
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ status: 'error', message: 'Invalid email or password.' });
  });

  test('the password is case-sensitive and not trimmed', async () => {
    const user = await newUser(t, { password: ' Secret pass ' });
    expect((await login(t, user.email, 'secret pass')).status).toBe(401);
    expect((await login(t, user.email, ' Secret pass ')).status).toBe(200);
  });

  test('seeded reviewers (no password) can never log in', async () => {
    const reviewer = await t.db
      .selectFrom('users')
      .selectAll()
      .where('password_hash', 'is', null)
      .executeTakeFirstOrThrow();
    for (const password of ['', 'password', 'null', reviewer.email]) {
      const res = await login(t, reviewer.email, password);
      expect([400, 401]).toContain(res.status);
    }
    expect((await login(t, reviewer.email, 'anything')).status).toBe(401);
  });

  test.each<[Record<string, unknown>, string, string]>([
    [{ password: 'secret1' }, 'email', 'Username is required.'],
    [{ email: '', password: 'secret1' }, 'email', 'Username is required.'],
    [{ email: 'a@b.in' }, 'password', 'Password is required.'],
    [{ email: 'a@b.in', password: '' }, 'password', 'Password is required.'],
  ])('%j → 400 %s', async (json, field, message) => {
    const res = await t.call('POST', '/api/common/userlogin', { json });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.[field]).toContain(message);
  });
});
