import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { login, makeTestApp, newUser, signup, userFields, type TestApp } from './helpers';

let t: TestApp;

// Production allowances; the app trusts one proxy so each test can speak from its own address.
beforeAll(async () => {
  t = await makeTestApp(5, { trustProxy: true, accounts: { limits: {} } });
});

afterAll(async () => {
  await t.close();
});

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
let addressSerial = 0;
/** A fresh client address (as the proxy reports it). */
const newAddress = () => {
  addressSerial += 1;
  return { 'x-forwarded-for': `203.0.113.${addressSerial}` };
};
const requestOtp = (email: string, headers: Record<string, string>) =>
  t.call('POST', '/api/common/request_reset_otp', { json: { email }, headers });

function expectThrottled(res: { status: number; body: unknown; headers: Headers }, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retry = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
}

describe('login throttling', () => {
  test('5 failed attempts on one e-mail → 429 with Retry-After, even with the right password', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 5; i++) {
      expect((await login(t, user.email, 'wrong password', newAddress())).status).toBe(401);
    }
    const blocked = await login(t, user.email, user.password, newAddress());
    expectThrottled(blocked, 15 * 60);
    // The e-mail is counted whatever its case.
    expectThrottled(await login(t, user.email.toUpperCase(), user.password, newAddress()), 15 * 60);
  });

  test('the e-mail lock lifts when the window has passed', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 5; i++) await login(t, user.email, 'wrong password', newAddress());
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(429);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(200);
  });

  test('a success clears the failures of that e-mail', async () => {
    const user = await newUser(t);
    const from = newAddress();
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await login(t, user.email, 'wrong password', from)).status).toBe(401);
      expect((await login(t, user.email, user.password, from)).status).toBe(200);
    }
  });

  test('unknown e-mails are throttled alike (no hint whether the account exists)', async () => {
    for (let i = 0; i < 5; i++) expect((await login(t, 'ghost@example.in', 'x1x1x1', newAddress())).status).toBe(401);
    expectThrottled(await login(t, 'ghost@example.in', 'x1x1x1', newAddress()), 15 * 60);
  });

  test('30 attempts from one address → 429 for any e-mail from it, others unaffected', async () => {
    const from = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await login(t, `spray-${i}@example.in`, 'guess123', from)).status).toBe(401);
    }
    const user = await newUser(t);
    expectThrottled(await login(t, user.email, user.password, from), 15 * 60);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(200);
  });

  test('parallel guesses cannot slip past the e-mail limit', async () => {
    const user = await newUser(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => login(t, user.email, 'parallel guess', newAddress())),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('password reset throttling', () => {
  test('3 requests per e-mail in 15 minutes, then 429 with Retry-After', async () => {
    const user = await newUser(t);
    for (let i = 0; i < 3; i++) expect((await requestOtp(user.email, newAddress())).status).toBe(200);
    expectThrottled(await requestOtp(user.email, newAddress()), 15 * 60);
  });

  test('unknown e-mails are throttled alike', async () => {
    for (let i = 0; i < 3; i++) expect((await requestOtp('ghost2@example.in', newAddress())).status).toBe(200);
    expectThrottled(await requestOtp('ghost2@example.in', newAddress()), 15 * 60);
  });

  test('10 requests per address in 15 minutes, whatever the e-mails', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await requestOtp(`spread-${i}@example.in`, from)).status).toBe(200);
    expectThrottled(await requestOtp('spread-x@example.in', from), 15 * 60);
    expect((await requestOtp('spread-x@example.in', newAddress())).status).toBe(200);
  });

  test('at most 10 PINs per e-mail a day, however the requests are spaced', async () => {
    const email = 'daily@example.in';
    for (let i = 0; i < 10; i++) {
      expect((await requestOtp(email, newAddress())).status).toBe(200);
      if (i % 3 === 2) t.clock.advance(15 * 60_000 + 1000);
    }
    t.clock.advance(15 * 60_000 + 1000);
    const res = await requestOtp(email, newAddress());
    expectThrottled(res, 24 * 3600);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(15 * 60);
  });

  test('PIN checks are throttled per address', async () => {
    const from = newAddress();
    const verify = () =>
      t.call('POST', '/api/common/verify_reset_otp', { json: { email: 'v@example.in', otp: '0000' }, headers: from });
    for (let i = 0; i < 20; i++) expect((await verify()).status).toBe(400);
    expectThrottled(await verify(), 15 * 60);
  });
});

describe('sign-up throttling', () => {
  test('20 sign-ups per address an hour', async () => {
    const from = newAddress();
    for (let i = 0; i < 20; i++) {
      expect((await t.call('POST', '/api/common/signup', { json: userFields(), headers: from })).status).toBe(201);
    }
    expectThrottled(await t.call('POST', '/api/common/signup', { json: userFields(), headers: from }), 3600);
    expect((await signup(t, userFields())).status).toBe(201);
  });
});

describe('client address behind the proxy', () => {
  test('only the entry the proxy appended counts: a forged first entry does not give a fresh budget', async () => {
    const proxySaw = '198.51.100.77';
    for (let i = 0; i < 30; i++) {
      const forged = { 'x-forwarded-for': `10.0.0.${i}, ${proxySaw}` };
      expect((await login(t, `forge-${i}@example.in`, 'guess123', forged)).status).toBe(401);
    }
    const res = await login(t, 'forge-x@example.in', 'guess123', { 'x-forwarded-for': `10.9.9.9, ${proxySaw}` });
    expect(res.status).toBe(429);
  });
});
