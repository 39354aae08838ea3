import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import {
  login,
  makeTestApp,
  newUser,
  outbox,
  readLatestPin,
  signup,
  userFields,
  waitForMail,
  type TestApp,
  type TestResponse,
} from './helpers';

let t: TestApp;

// The throttles count on the system clock (rate-limiter-flexible reads Date.now), and so does
// the test app's clock: moving Date.now moves both.
let skew = 0;
const realNow = Date.now.bind(Date);
const advance = (ms: number) => void (skew += ms);

// Production allowances; the app trusts one proxy so each test can speak from its own address.
beforeAll(async () => {
  vi.spyOn(Date, 'now').mockImplementation(() => realNow() + skew);
  t = await makeTestApp(5, { trustProxy: true, accounts: { limits: {} } });
});

afterAll(async () => {
  await t.close();
  vi.restoreAllMocks();
});

const TOO_MANY = { message: 'Too many attempts. Please try again later.' };
const MINUTES_15 = 15 * 60;
const DAY = 24 * 3600;
let addressSerial = 0;
/** A fresh client address (as the proxy reports it). */
const newAddress = () => {
  addressSerial += 1;
  return { 'x-forwarded-for': `203.0.${Math.floor(addressSerial / 250)}.${addressSerial % 250}` };
};
const requestOtp = (email: string, headers: Record<string, string>) =>
  t.call('POST', '/api/common/request_reset_otp', { json: { email }, headers });

/** How many e-mails `email` has been sent so far. */
const mailsTo = (email: string) => outbox(t.outboxDir).filter((m) => m.headers.to === email).length;

function expectThrottled(res: TestResponse, maxSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual(TOO_MANY);
  const retry = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retry)).toBe(true);
  expect(retry).toBeGreaterThan(0);
  expect(retry).toBeLessThanOrEqual(maxSeconds);
}

/** The device cookie a successful login set, as a Cookie header value (`name=value`). */
function deviceCookie(res: TestResponse): string {
  const header = res.headers.get('set-cookie') ?? '';
  const match = /(gb_device_\d+=[^;]+)/.exec(header);
  const cookie = match?.[1];
  if (!cookie) throw new Error(`No device cookie in ${header}`);
  return cookie;
}

/** A shopper who has logged in once from their own browser: its device cookie. */
async function ownerWithBrowser() {
  const user = await newUser(t);
  const res = await login(t, user.email, user.password, newAddress());
  expect(res.status).toBe(200);
  return { user, cookie: deviceCookie(res) };
}

/** `count` wrong passwords from `from`, each expected to be refused with `status`. */
async function fail(email: string, from: Record<string, string>, count: number, status = 401) {
  for (let i = 0; i < count; i++) expect((await login(t, email, 'wrong password', from)).status).toBe(status);
}

describe('login throttling: per account and address, per day, and per device cookie', () => {
  test("a stranger's 6th and 7th guess from one address are 429 with Retry-After, even with the right password", async () => {
    const user = await newUser(t);
    const stranger = newAddress();
    await fail(user.email, stranger, 5);
    expectThrottled(await login(t, user.email, 'wrong password', stranger), MINUTES_15);
    expectThrottled(await login(t, user.email, user.password, stranger), MINUTES_15);
    // The e-mail is counted whatever its case.
    expectThrottled(await login(t, user.email.toUpperCase(), user.password, stranger), MINUTES_15);
  });

  test("a stranger's 7 failures from one address do not stop the owner logging in from another address", async () => {
    const user = await newUser(t);
    const stranger = newAddress();
    await fail(user.email, stranger, 5);
    await fail(user.email, stranger, 2, 429);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(200);
  });

  test("nor from the owner's browser holding a device cookie, even at the stranger's address", async () => {
    const { user, cookie } = await ownerWithBrowser();
    const stranger = newAddress();
    await fail(user.email, stranger, 5);
    await fail(user.email, stranger, 2, 429);
    // Same network as the stranger (a shared NAT), but the browser has logged in before.
    const res = await login(t, user.email, user.password, { ...stranger, cookie });
    expect(res.status).toBe(200);
    // Each success hands out a fresh device cookie.
    expect(deviceCookie(res)).not.toBe(cookie);
  });

  test('the lock of one address lifts when its 15 minutes have passed', async () => {
    const user = await newUser(t);
    const from = newAddress();
    await fail(user.email, from, 5);
    expect((await login(t, user.email, user.password, from)).status).toBe(429);
    advance(MINUTES_15 * 1000 + 1000);
    expect((await login(t, user.email, user.password, from)).status).toBe(200);
  });

  test('the daily bound holds: 20 failures a day from any addresses, then only browsers with a device cookie get in', async () => {
    const { user, cookie } = await ownerWithBrowser();
    // Four addresses, five guesses each: none of them hits its own 15-minute limit.
    for (let a = 0; a < 4; a++) await fail(user.email, newAddress(), 5);
    const refused = await login(t, user.email, 'wrong password', newAddress());
    expectThrottled(refused, DAY);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(MINUTES_15);
    // Hours later, from yet another address, even the right password: still refused today.
    advance(3 * 3600_000);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(429);
    // The owner's browser is counted apart.
    expect((await login(t, user.email, user.password, { ...newAddress(), cookie })).status).toBe(200);
    advance(DAY * 1000);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(200);
  });

  test('a password reset (the owner read the PIN) lifts the daily bound', async () => {
    const user = await newUser(t);
    for (let a = 0; a < 4; a++) await fail(user.email, newAddress(), 5);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(429);
    const owner = newAddress();
    const before = outbox(t.outboxDir).filter((m) => m.headers.to === user.email).length;
    expect((await requestOtp(user.email, owner)).status).toBe(200);
    const otp = await readLatestPin(t.outboxDir, user.email, before);
    const verified = await t.call('POST', '/api/common/verify_reset_otp', {
      json: { email: user.email, otp },
      headers: owner,
    });
    const reset_token = (verified.body as { reset_token: string }).reset_token;
    const password = 'new-chai-pass-7';
    const reset = await t.call('POST', '/api/common/reset_password', {
      json: { email: user.email, new_password: password, confirm_password: password, reset_token },
      headers: owner,
    });
    expect(reset.status).toBe(200);
    expect((await login(t, user.email, password, newAddress())).status).toBe(200);
  });

  test('a device cookie that fails 5 times is locked itself; other browsers are not', async () => {
    const { user, cookie } = await ownerWithBrowser();
    const from = newAddress();
    for (let i = 0; i < 5; i++) {
      expect((await login(t, user.email, 'wrong password', { ...from, cookie })).status).toBe(401);
    }
    expectThrottled(await login(t, user.email, user.password, { ...from, cookie }), MINUTES_15);
    // Its failures were counted against the cookie only: the same address without it gets in.
    expect((await login(t, user.email, user.password, from)).status).toBe(200);
  });

  test("a forged or another account's device cookie counts as none", async () => {
    const { user, cookie } = await ownerWithBrowser();
    const other = await ownerWithBrowser();
    const [name, value = ''] = cookie.split('=');
    const last = value.at(-1) === 'A' ? 'B' : 'A';
    const forged = `${name}=${value.slice(0, -1)}${last}`;
    const otherAccount = `${name}=${other.cookie.split('=')[1]}`;
    const from = newAddress();
    await fail(user.email, { ...from, cookie: forged }, 3);
    await fail(user.email, { ...from, cookie: otherAccount }, 2);
    expectThrottled(await login(t, user.email, user.password, { ...from, cookie: forged }), MINUTES_15);
  });

  test('the device cookie is HttpOnly, SameSite=Lax, kept a year and sent only to the account API', async () => {
    const user = await newUser(t);
    const header = (await login(t, user.email, user.password, newAddress())).headers.get('set-cookie') ?? '';
    expect(header).toMatch(new RegExp(`^gb_device_${user.id}=${user.id}\\.[\\w-]{22}\\.[\\w-]{43};`));
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Path=\/api\/common\//);
    expect(header).toMatch(/; Max-Age=31536000/);
    // Over plain http (tests, localhost) it cannot be Secure; behind an https proxy it is.
    expect(header).not.toMatch(/Secure/);
    const https = await login(t, user.email, user.password, { ...newAddress(), 'x-forwarded-proto': 'https' });
    expect(https.headers.get('set-cookie')).toMatch(/; Secure/);
  });

  test('a success clears the failures from that address', async () => {
    const user = await newUser(t);
    const from = newAddress();
    for (let round = 0; round < 3; round++) {
      await fail(user.email, from, 4);
      expect((await login(t, user.email, user.password, from)).status).toBe(200);
    }
  });

  test('unknown e-mails are throttled alike (no hint whether the account exists)', async () => {
    const from = newAddress();
    for (let i = 0; i < 5; i++) expect((await login(t, 'ghost@example.in', 'x1x1x1', from)).status).toBe(401);
    expectThrottled(await login(t, 'ghost@example.in', 'x1x1x1', from), MINUTES_15);
  });

  test('30 attempts from one address → 429 for any e-mail from it, others unaffected', async () => {
    const from = newAddress();
    for (let i = 0; i < 30; i++) {
      expect((await login(t, `spray-${i}@example.in`, 'guess123', from)).status).toBe(401);
    }
    const user = await newUser(t);
    expectThrottled(await login(t, user.email, user.password, from), MINUTES_15);
    expect((await login(t, user.email, user.password, newAddress())).status).toBe(200);
  });

  test('parallel guesses from one address cannot slip past the limit', async () => {
    const user = await newUser(t);
    const from = newAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(t, user.email, 'parallel guess', from)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe('the current password asked for an e-mail change', () => {
  test('is guessed no faster than at login: 5 wrong from one address, then 429 even for the right one', async () => {
    const user = await newUser(t);
    const from = newAddress();
    const change = (current_password: string) =>
      t.call('PATCH', '/api/common/profile/', {
        token: user.token,
        headers: from,
        json: {
          first_name: user.first_name,
          last_name: user.last_name,
          phone_number: user.phone_number,
          email: `moved-${user.email}`,
          current_password,
        },
      });
    for (let i = 0; i < 5; i++) expect((await change('stolen-token guess')).status).toBe(403);
    expectThrottled(await change(user.password), MINUTES_15);
    // They were login failures of this account from this address too.
    expect((await login(t, user.email, user.password, from)).status).toBe(429);
  });
});

describe('password reset throttling', () => {
  test('3 requests per e-mail from one address in 15 minutes, then 429; the owner elsewhere still gets a PIN', async () => {
    const user = await newUser(t);
    const stranger = newAddress();
    for (let i = 0; i < 3; i++) expect((await requestOtp(user.email, stranger)).status).toBe(200);
    expectThrottled(await requestOtp(user.email, stranger), MINUTES_15);
    expect((await requestOtp(user.email, newAddress())).status).toBe(200);
  });

  test('unknown e-mails are throttled alike', async () => {
    const from = newAddress();
    for (let i = 0; i < 3; i++) expect((await requestOtp('ghost2@example.in', from)).status).toBe(200);
    expectThrottled(await requestOtp('ghost2@example.in', from), MINUTES_15);
  });

  test('10 requests per address in 15 minutes, whatever the e-mails', async () => {
    const from = newAddress();
    for (let i = 0; i < 10; i++) expect((await requestOtp(`spread-${i}@example.in`, from)).status).toBe(200);
    expectThrottled(await requestOtp('spread-x@example.in', from), MINUTES_15);
    expect((await requestOtp('spread-x@example.in', newAddress())).status).toBe(200);
  });

  test('mail bombing is bounded: 5 PIN e-mails an hour to one address, however many senders', async () => {
    const email = 'hourly@example.in';
    for (let i = 0; i < 5; i++) expect((await requestOtp(email, newAddress())).status).toBe(200);
    expectThrottled(await requestOtp(email, newAddress()), 3600);
    advance(3600_000 + 1000);
    expect((await requestOtp(email, newAddress())).status).toBe(200);
  });

  test('no reset cap lasts a day: a stranger who used up the hour has not blocked the owner for the day', async () => {
    const { user } = await ownerWithBrowser();
    const earlier = mailsTo(user.email);
    // Two hours of a stranger using up every PIN the hour allows.
    for (let hour = 0; hour < 2; hour++) {
      for (let i = 0; i < 5; i++) expect((await requestOtp(user.email, newAddress())).status).toBe(200);
      expectThrottled(await requestOtp(user.email, newAddress()), 3600);
      advance(3600_000 + 1000);
    }
    // PIN mails are written after the answer: wait for all ten, so the owner's is the one read below.
    await waitForMail(t.outboxDir, user.email, earlier + 9);
    // The owner, on a browser that never logged in, gets a PIN an hour later and can use it.
    const owner = newAddress();
    const before = mailsTo(user.email);
    expect((await requestOtp(user.email, owner)).status).toBe(200);
    const pin = await readLatestPin(t.outboxDir, user.email, before);
    const verified = await t.call('POST', '/api/common/verify_reset_otp', {
      json: { email: user.email, otp: pin },
      headers: owner,
    });
    expect(verified.status).toBe(200);
  });

  test('guessing is bounded per e-mail: 5 wrong PINs an hour from any addresses, then even the right one waits', async () => {
    const { user } = await ownerWithBrowser();
    const owner = newAddress();
    const before = mailsTo(user.email);
    expect((await requestOtp(user.email, owner)).status).toBe(200);
    const pin = await readLatestPin(t.outboxDir, user.email, before);
    const wrong = String((Number(pin) + 1) % 10_000).padStart(4, '0');
    const verify = (otp: string, headers: Record<string, string>) =>
      t.call('POST', '/api/common/verify_reset_otp', { json: { email: user.email, otp }, headers });
    // Each guess from an address of its own: the per-address throttle never sees a second one.
    for (let i = 0; i < 5; i++) expect((await verify(wrong, newAddress())).status).toBe(400);
    expectThrottled(await verify(pin, owner), 3600);
    advance(3600_000 + 1000);
    // An hour later the owner asks again (the old PIN has expired) and gets in.
    const again = mailsTo(user.email);
    expect((await requestOtp(user.email, owner)).status).toBe(200);
    expect((await verify(await readLatestPin(t.outboxDir, user.email, again), owner)).status).toBe(200);
  });

  test('PIN checks are throttled per address', async () => {
    const from = newAddress();
    // A different e-mail each time: the per-e-mail budget of wrong PINs is tested above.
    let guess = 0;
    const verify = () =>
      t.call('POST', '/api/common/verify_reset_otp', {
        json: { email: `v${(guess += 1)}@example.in`, otp: '0000' },
        headers: from,
      });
    for (let i = 0; i < 20; i++) expect((await verify()).status).toBe(400);
    expectThrottled(await verify(), MINUTES_15);
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
