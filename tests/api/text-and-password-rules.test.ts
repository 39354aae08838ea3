import { describe, expect, test } from 'vitest';
import {
  buyDelivered,
  makeTestApp,
  newUser,
  requestPin,
  signup,
  someVariants,
  userFields,
  HOME_ADDRESS,
  appPerFile,
} from './helpers';
import type { ApiErrorBody as ErrorBody } from '../../contract/types';

const t = appPerFile(() => makeTestApp(5));

const NOT_ALLOWED = 'Contains characters that are not allowed.';
const COMMON = 'This password is too common and easy to guess. Choose another one.';

// Each bad text, the field it goes in, and what the shopper is told.
const BAD_LINES: [string, string, string][] = [
  ['a right-to-left override', 'Asha\u202eamreV', NOT_ALLOWED],
  ['a left-to-right embedding', '\u202aAsha', NOT_ALLOWED],
  ['a first-strong isolate', 'Asha \u2068Verma\u2069', NOT_ALLOWED],
  ['a line break', 'Asha\nVerma', NOT_ALLOWED],
  ['a tab', 'Asha\tVerma', NOT_ALLOWED],
  ['a C1 control (NEL)', 'Asha\u0085Verma', NOT_ALLOWED],
  ['an escape', 'Asha\u001b[31m', NOT_ALLOWED],
];

describe('names and addresses refuse control and text-direction characters and invisible-only text', () => {
  test.each(BAD_LINES)('an address name with %s → 400; nothing stored', async (_, name, message) => {
    const user = await newUser(t);
    const res = await t.call('POST', '/api/common/addresses/', { token: user.token, json: { ...HOME_ADDRESS, name } });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.name).toEqual([message]);
    expect((await t.call('GET', '/api/common/addresses/', { token: user.token })).body).toEqual([]);
  });

  test.each([
    ['zero-width spaces', '\u200b\u200b'],
    ['a Hangul filler', '\u3164'],
    ['a word joiner and a soft hyphen', '\u2060\u00ad'],
    ['no-break and ideographic spaces', '\u00a0\u3000'],
  ])('a city of only %s is as good as none: "City is required"', async (_, city) => {
    const user = await newUser(t);
    const res = await t.call('POST', '/api/common/addresses/', { token: user.token, json: { ...HOME_ADDRESS, city } });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.city).toEqual(['City is required']);
  });

  test('an optional landmark of only invisible characters is refused, not stored as blank-looking text', async () => {
    const user = await newUser(t);
    const res = await t.call('POST', '/api/common/addresses/', {
      token: user.token,
      json: { ...HOME_ADDRESS, landmark: '\u200b' },
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.landmark).toBeDefined();
  });

  test('Indian scripts with their joiners, accents and emoji pass', async () => {
    const user = await newUser(t);
    const json = { ...HOME_ADDRESS, name: 'क्‍ष Zoë', locality: 'കോഴിക്കോട്', landmark: 'Near 🛕 temple' };
    const res = await t.call('POST', '/api/common/addresses/', { token: user.token, json });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'क्‍ष Zoë', locality: 'കോഴിക്കോട്', landmark: 'Near 🛕 temple' });
  });

  test.each(BAD_LINES)('a sign-up first name with %s → 400; no account', async (_, first_name, message) => {
    const fields = userFields({ first_name });
    const res = await signup(t, fields);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.first_name).toEqual([message]);
  });

  test('a profile last name of only zero-width characters → "Last name is required."', async () => {
    const user = await newUser(t);
    const res = await t.call('PATCH', '/api/common/profile/', {
      token: user.token,
      json: { first_name: 'Asha', last_name: '\u200b\u200c', email: user.email, phone_number: user.phone_number },
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.last_name).toEqual(['Last name is required.']);
  });
});

describe('reviews: line breaks allowed, control and text-direction characters and invisible-only text refused', () => {
  const review = async (text: string, offset: number) => {
    const user = await newUser(t);
    const [v] = await someVariants(t, 1, offset);
    await buyDelivered(t, user.token, [v.id]);
    const form = new FormData();
    form.set('variant', String(v.id));
    form.set('rating', '4');
    form.set('review', text);
    return t.call('POST', '/api/common/ratings/', { token: user.token, form });
  };

  test('a review over several lines is kept as written', async () => {
    const res = await review('Good kadai.\r\nHeavy bottom.\n\nWould buy again.', 0);
    expect(res.status).toBe(201);
    // (A multipart form carries every line break as CRLF.)
    expect((res.body as { review: string }).review.split(/\r?\n/)).toEqual([
      'Good kadai.',
      'Heavy bottom.',
      '',
      'Would buy again.',
    ]);
  });

  test.each([
    ['a right-to-left override', 'Great \u202eeulav', NOT_ALLOWED],
    ['a bell', 'Great\u0007 value', NOT_ALLOWED],
    ['only zero-width characters', '\u200b\u200d\u2060', 'Missing Data: Please fill in all fields before submitting.'],
  ])('a review with %s → 400', async (_, text, message) => {
    const res = await review(text, 1);
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.review ?? [(res.body as ErrorBody).message]).toEqual([message]);
  });
});

describe('common passwords are refused wherever a password is chosen', () => {
  test.each(['password1', 'Password1', 'qwertyuiop', 'iloveyou', 'baseball'])(
    'sign-up with "%s" → 400',
    async (password) => {
      const res = await signup(t, userFields({ password }));
      expect(res.status).toBe(400);
      expect((res.body as ErrorBody).errors?.password).toEqual([COMMON]);
    },
  );

  test('an uncommon password of the same length is fine', async () => {
    expect((await signup(t, userFields({ password: 'tawa-roti-7' }))).status).toBe(201);
  });

  test('a reset to a common password → 400; the old password still works', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    const verified = await t.call('POST', '/api/common/verify_reset_otp', { json: { email: user.email, otp: pin } });
    expect(verified.status).toBe(200);
    const reset_token = (verified.body as { reset_token: string }).reset_token;
    const res = await t.call('POST', '/api/common/reset_password', {
      json: { email: user.email, new_password: 'football', confirm_password: 'football', reset_token },
    });
    expect(res.status).toBe(400);
    expect((res.body as ErrorBody).errors?.new_password).toEqual([COMMON]);
    const login = await t.call('POST', '/api/common/userlogin', {
      json: { email: user.email, password: user.password },
    });
    expect(login.status).toBe(200);
  });
});

describe('the reset token', () => {
  test('is answered with Cache-Control: no-store', async () => {
    const user = await newUser(t);
    const pin = await requestPin(t, user.email);
    const res = await t.call('POST', '/api/common/verify_reset_otp', { json: { email: user.email, otp: pin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});
