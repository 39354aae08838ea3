import { describe, expect, test } from 'vitest';
import { login, makeTestApp, newUser, outbox, pinIn, requestPin, waitForMail, appPerFile } from './helpers';

const t = appPerFile(() => makeTestApp(5));

const INVALID_OTP = { message: 'Invalid OTP. Please try again.' };
const NOT_VERIFIED = { message: 'Please verify the PIN sent to your email first.' };

const requestOtp = (email: string) => t.call('POST', '/api/common/request_reset_otp', { json: { email } });
/** The one-time token each e-mail's latest successful verification handed out. */
const resetTokens = new Map<string, string>();
const verify = async (email: string, otp: string) => {
  const res = await t.call('POST', '/api/common/verify_reset_otp', { json: { email, otp } });
  const token = (res.body as { reset_token?: unknown }).reset_token;
  if (typeof token === 'string') resetTokens.set(email, token);
  return res;
};
const reset = (email: string, password: string, confirm = password, token = resetTokens.get(email)) =>
  t.call('POST', '/api/common/reset_password', {
    json: { email, new_password: password, confirm_password: confirm, reset_token: token },
  });
const wrong = (pin: string) => String((Number(pin) + 1) % 10_000).padStart(4, '0');

describe('password reset by e-mailed PIN', () => {
  test('end to end: request, read the PIN from the outbox, verify, reset, log in with the new password', async () => {
    const user = await newUser(t);
    const res = await requestOtp(user.email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OTP sent to your email.' });

    const mail = await waitForMail(t.outboxDir, user.email);
    expect(mail.headers.subject).toBe('Your GharBazaar password reset PIN');
    expect(mail.headers.from).toBe('"GharBazaar" <no-reply@gharbazaar.in>');
    expect(mail.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(mail.headers['mime-version']).toBe('1.0');
    expect(mail.headers['message-id']).toMatch(/^<[0-9a-f]+@gharbazaar\.in>$/);
    expect(mail.headers.date).toMatch(/^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(mail.body).toMatch(/^Your PIN is \d{4}\.$/m);
    expect(mail.body).toContain('10 minutes');
    // Every line ends in CRLF; no bare LF anywhere.
    expect(mail.raw.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(mail.file).toMatch(/\d{8}T\d{9}Z-[0-9a-f]+\.eml$/);

    const pin = pinIn(mail);
    const ok = await verify(user.email, pin);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ message: 'OTP verified! Redirecting...', reset_token: expect.any(String) });
    expect((ok.body as { reset_token: string }).reset_token).toMatch(/^[\w-]{43}$/);

    const done = await reset(user.email, 'a brand new secret');
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Password reset successful! Redirecting to login...' });

    expect((await login(t, user.email, user.password)).status).toBe(401);
    expect((await login(t, user.email, 'a brand new secret')).status).toBe(200);
  });

  test('the PIN is stored hashed, never in clear', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    const row = await t.db
      .selectFrom('password_resets')
      .selectAll()
      .where('email_lower', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.pin_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pin_hash).not.toContain(pin);
    expect(row.user_id).toBe(user.id);
  });

  test('an unknown e-mail gets the very same answer, and no mail is sent', async () => {
    const before = outbox(t.outboxDir).length;
    const res = await requestOtp('no-such-shopper@example.in');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'OTP sent to your email.' });
    // Give a (wrongly) sent mail time to land before checking it did not.
    const known = await newUser(t);
    await requestPin(t, known.email);
    expect(outbox(t.outboxDir).length).toBe(before + 1);
    expect(outbox(t.outboxDir).some((m) => m.headers.to === 'no-such-shopper@example.in')).toBe(false);
    expect((await verify('no-such-shopper@example.in', '1234')).body).toEqual(INVALID_OTP);
  });

  test('a seeded reviewer (no password) gets no PIN', async () => {
    const reviewer = await t.db
      .selectFrom('users')
      .selectAll()
      .where('password_hash', 'is', null)
      .executeTakeFirstOrThrow();
    expect((await requestOtp(reviewer.email)).status).toBe(200);
    const rows = await t.db
      .selectFrom('password_resets')
      .select('id')
      .where('email_lower', '=', reviewer.email)
      .execute();
    expect(rows).toHaveLength(0);
  });

  test('the request accepts the e-mail in any case', async () => {
    const user = await newUser(t);
    const res = await requestOtp(user.email.toUpperCase());
    expect(res.status).toBe(200);
    const mail = await waitForMail(t.outboxDir, user.email);
    const pin = pinIn(mail);
    expect((await verify(user.email.toUpperCase(), pin)).status).toBe(200);
  });

  test('a wrong PIN → 400, and the same answer as an unknown e-mail', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    expect((await verify(user.email, wrong(pin))).body).toEqual(INVALID_OTP);
    expect((await verify(user.email, wrong(pin))).status).toBe(400);
    expect((await verify(user.email, pin)).status).toBe(200);
  });

  test('5 wrong tries kill the PIN: the right one then fails too', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    for (let i = 0; i < 5; i++) expect((await verify(user.email, wrong(pin))).status).toBe(400);
    expect((await verify(user.email, pin)).body).toEqual(INVALID_OTP);
    expect((await reset(user.email, 'new secret 1')).body).toEqual(NOT_VERIFIED);
  });

  test('parallel wrong guesses cannot exceed the 5 tries', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    const guesses = Array.from({ length: 12 }, (_, i) => String((Number(pin) + 1 + i) % 10_000).padStart(4, '0'));
    await Promise.all(guesses.map((g) => verify(user.email, g)));
    const row = await t.db
      .selectFrom('password_resets')
      .select('attempts')
      .where('email_lower', '=', user.email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(user.email, pin)).status).toBe(400);
  });

  test('the PIN expires after 10 minutes', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    t.clock.advance(10 * 60_000 + 1000);
    try {
      expect((await verify(user.email, pin)).body).toEqual(INVALID_OTP);
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  test('just before 10 minutes the PIN still works', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    t.clock.advance(9 * 60_000 + 50_000);
    try {
      expect((await verify(user.email, pin)).status).toBe(200);
    } finally {
      t.clock.advance(-(9 * 60_000 + 50_000));
    }
  });

  test('a new request replaces the older PIN', async () => {
    const user = await newUser(t);
    const first = await requestPin(t, user.email);
    const second = await requestPin(t, user.email);
    if (first !== second) expect((await verify(user.email, first)).status).toBe(400);
    expect((await verify(user.email, second)).status).toBe(200);
    const rows = await t.db.selectFrom('password_resets').select('id').where('email_lower', '=', user.email).execute();
    expect(rows).toHaveLength(1);
  });

  test('single use: a second reset with the same verification is refused, and so is the PIN', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    expect((await verify(user.email, pin)).status).toBe(200);
    expect((await reset(user.email, 'first new pass')).status).toBe(200);
    expect((await reset(user.email, 'second new pass')).body).toEqual(NOT_VERIFIED);
    expect((await verify(user.email, pin)).body).toEqual(INVALID_OTP);
    expect((await login(t, user.email, 'first new pass')).status).toBe(200);
  });

  test('two resets racing on one verification: exactly one wins', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    expect((await verify(user.email, pin)).status).toBe(200);
    const answers = await Promise.all([reset(user.email, 'racer one 1'), reset(user.email, 'racer two 2')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  });

  test("knowing the e-mail is not enough: a reset needs the verification's own token", async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    expect((await verify(user.email, pin)).status).toBe(200);
    const token = resetTokens.get(user.email) as string;
    expect((await reset(user.email, 'hijacked pass', undefined, '')).body).toEqual(NOT_VERIFIED);
    const missing = await t.call('POST', '/api/common/reset_password', {
      json: { email: user.email, new_password: 'hijacked pass', confirm_password: 'hijacked pass' },
    });
    expect(missing.body).toEqual(NOT_VERIFIED);
    expect(
      (await reset(user.email, 'hijacked pass', undefined, `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`))
        .body,
    ).toEqual(NOT_VERIFIED);
    const stored = await t.db
      .selectFrom('password_resets')
      .select('token_hash')
      .where('email_lower', '=', user.email)
      .executeTakeFirst();
    expect(stored?.token_hash).not.toContain(token);
    expect((await reset(user.email, 'owner new pass', undefined, token)).status).toBe(200);
  });

  test('reset without a verified PIN → 400', async () => {
    const user = await newUser(t);
    expect((await reset(user.email, 'sneaky new pass')).body).toEqual(NOT_VERIFIED);
    await requestPin(t, user.email);
    // Requested but not verified is not enough.
    expect((await reset(user.email, 'sneaky new pass')).body).toEqual(NOT_VERIFIED);
    expect((await login(t, user.email, user.password)).status).toBe(200);
    expect((await reset('nobody-at-all@example.in', 'sneaky new pass')).body).toEqual(NOT_VERIFIED);
  });

  test('a verification older than 10 minutes no longer allows a reset', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    expect((await verify(user.email, pin)).status).toBe(200);
    t.clock.advance(10 * 60_000 + 1000);
    try {
      expect((await reset(user.email, 'too late pass')).body).toEqual(NOT_VERIFIED);
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  test('a reset kills every token issued before it; a login right after works', async () => {
    const user = await newUser(t);
    const profile = (token: string) => t.call('GET', '/api/common/profile/', { token });
    expect((await profile(user.token)).status).toBe(200);
    const pin = await requestPin(t, user.email);
    await verify(user.email, pin);
    expect((await reset(user.email, 'after reset 1')).status).toBe(200);

    expect((await profile(user.token)).body).toEqual({ message: 'Invalid or expired token.' });
    const fresh = await login(t, user.email, 'after reset 1');
    const token = (fresh.body as { data: { tokens: { access: string } } }).data.tokens.access;
    // In the same second as the reset, the new token lives.
    expect((await profile(token)).status).toBe(200);
  });

  test.each<[Record<string, unknown>, string, string]>([
    [
      { email: 'a@b.in', new_password: 'secret1', confirm_password: 'secret2' },
      'confirm_password',
      'Passwords do not match.',
    ],
    [{ email: 'a@b.in', new_password: '', confirm_password: '' }, 'new_password', 'New password is required.'],
    [{ email: 'a@b.in', new_password: 'secret1' }, 'confirm_password', 'Confirm password is required.'],
    [
      { email: 'a@b.in', new_password: 'abc', confirm_password: 'abc' },
      'new_password',
      'Password must be at least 8 characters.',
    ],
    [{ new_password: 'secret1', confirm_password: 'secret1' }, 'email', 'Email is required.'],
    [{ email: 'nope', new_password: 'secret1', confirm_password: 'secret1' }, 'email', 'Enter a valid email address.'],
  ])('reset validation %j → 400 %s', async (json, field, message) => {
    const res = await t.call('POST', '/api/common/reset_password', { json });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
  });

  test.each<[Record<string, unknown>, string, string]>([
    [{}, 'email', 'Email is required.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
  ])('request validation %j → 400', async (json, field, message) => {
    const res = await t.call('POST', '/api/common/request_reset_otp', { json });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Record<string, string[]> }).errors[field]).toContain(message);
  });

  test.each(['', '123', '12345', 'abcd', '12 4', '١٢٣٤'])(
    'verify with otp %j → 400 asking for 4 digits',
    async (otp) => {
      const res = await verify('a@b.in', otp);
      expect(res.status).toBe(400);
      expect((res.body as { errors: Record<string, string[]> }).errors.otp).toContain(
        'Please enter the complete 4-digit PIN.',
      );
    },
  );

  test('a number for the otp is refused, not coerced', async () => {
    const res = await t.call('POST', '/api/common/verify_reset_otp', { json: { email: 'a@b.in', otp: 1234 } });
    expect(res.status).toBe(400);
  });
});
