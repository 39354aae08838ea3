import { beforeAll, describe, expect, test } from 'vitest';
import { passwordProblem, profileChangeSchema, resetPasswordSchema, signupSchema } from './auth';
import { loadCommonPasswords } from './common-passwords';
import { multilineText, optionalText, requiredText, validate } from './common';
import { contactSchema } from './contact';

// The browser loads the list on first use; here it is loaded first, as by the time of a submit.
beforeAll(() => loadCommonPasswords());

const NOT_ALLOWED = 'Contains characters that are not allowed.';
const COMMON = 'This password is too common and easy to guess. Choose another one.';

describe('single-line text (names, address lines)', () => {
  const name = requiredText('Name is required', 100);
  test.each<[string, string | true]>([
    ['Asha Verma', true],
    ['  Asha  ', true],
    ['क्‍षत्रिय', true],
    ['Zoë 🙂', true],
    ['Asha\u200eVerma', true],
    ['', 'Name is required'],
    ['\u200b', 'Name is required'],
    ['\u3164\u115f', 'Name is required'],
    ['Asha\u202eVerma', NOT_ALLOWED],
    ['Asha\u2066Verma\u2069', NOT_ALLOWED],
    ['Asha\nVerma', NOT_ALLOWED],
    ['Asha\u0000', NOT_ALLOWED],
    ['Asha\u009b', NOT_ALLOWED],
  ])('%j → %s', (value, expected) => {
    const parsed = name.safeParse(value);
    if (expected === true) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(expected);
  });

  test('an optional line may be empty, but not invisible', () => {
    expect(optionalText(100).parse(undefined)).toBe('');
    expect(optionalText(100).safeParse('\u200b').success).toBe(false);
  });
});

describe('multi-line text (reviews, messages)', () => {
  const message = multilineText('Message is required.', 20, 5, 'Too short.');
  test.each<[string, string | true]>([
    ['Line one\nline 2', true],
    ['Tab\tand\r\nCRLF', true],
    ['', 'Message is required.'],
    ['\u200b\u200d', 'Message is required.'],
    ['abc', 'Too short.'],
    ['x'.repeat(21), 'At most 20 characters.'],
    ['Hello \u202ethere', NOT_ALLOWED],
    ['Hello\u0007 bell', NOT_ALLOWED],
  ])('%j → %s', (value, expected) => {
    const parsed = message.safeParse(value);
    if (expected === true) expect(parsed.success).toBe(true);
    else expect(parsed.error?.issues[0]?.message).toBe(expected);
  });
});

describe('new passwords (shared with the browser)', () => {
  const fields = { first_name: 'A', last_name: 'B', phone_number: '9876543210', email: 'a@b.in' };
  test.each(['123456789', 'password', 'Password1', 'QWERTY123', 'iloveyou'])('sign-up refuses "%s"', (password) => {
    expect(validate(signupSchema, { ...fields, password })).toEqual({ ok: false, errors: { password: COMMON } });
  });

  test('too short still says so, not "common"', () => {
    expect(validate(signupSchema, { ...fields, password: '12345' })).toEqual({
      ok: false,
      errors: { password: 'Password must be at least 8 characters.' },
    });
  });

  test('sign-up refuses the e-mail as the password', () => {
    const email = 'asha.verma@example.in';
    expect(validate(signupSchema, { ...fields, email, password: 'Asha.Verma@example.in' })).toEqual({
      ok: false,
      errors: { password: 'Password cannot be your email address or the part before @.' },
    });
  });

  test('reset refuses a common new password', () => {
    const result = validate(resetPasswordSchema, {
      email: 'a@b.in',
      new_password: 'sunshine',
      confirm_password: 'sunshine',
    });
    expect(result).toEqual({ ok: false, errors: { new_password: COMMON } });
  });

  test('an uncommon one passes', () => {
    expect(validate(signupSchema, { ...fields, password: 'masala-dosa-42' }).ok).toBe(true);
  });
});

describe('the password rule (one for shoppers, staff, resets and the CLI)', () => {
  const SHORT = 'Password must be at least 8 characters.';
  test.each<[string, string, string | null]>([
    ['six spaces', '      ', SHORT],
    ['eight spaces', '        ', 'Password cannot be only spaces.'],
    ['tabs and no-break spaces', '\t\t\u00a0\u00a0    ', 'Password cannot be only spaces.'],
    ['aaaaaa', 'aaaaaa', SHORT],
    ['aaaaaaaa', 'aaaaaaaa', 'Password cannot be one character repeated.'],
    ['eight of one emoji', '🙂'.repeat(8), 'Password cannot be one character repeated.'],
    ['a common one', 'password1', COMMON],
    ['a common one with spaces round it', '  sunshine  ', COMMON],
    ['seven emoji (code points, not UTF-16 units)', '🙂🙃🙂🙃🙂🙃🙂', SHORT],
    ['the e-mail', 'asha.verma@example.in', 'Password cannot be your email address or the part before @.'],
    ['the part before @', 'ASHA.VERMA', 'Password cannot be your email address or the part before @.'],
    ['an uncommon phrase', 'tawa roti 7', null],
    ['129 characters', 'ab'.repeat(64) + 'c', 'Password must be at most 128 characters.'],
  ])('%s → %s', (_, password, problem) => {
    expect(passwordProblem(password, 'asha.verma@example.in')).toBe(problem);
  });
});

describe('profile change', () => {
  const base = { first_name: 'A', last_name: 'B', phone_number: '9876543210', email: 'asha@example.in' };
  test.each<[string, Record<string, string>, Record<string, string> | null]>([
    ['same e-mail, no password', {}, null],
    ['same e-mail in capitals', { email: 'ASHA@example.in' }, null],
    [
      'new e-mail, no password',
      { email: 'new@example.in' },
      { current_password: 'Enter your current password to change your email.' },
    ],
    ['new e-mail with a password', { email: 'new@example.in', current_password: 'whatever' }, null],
  ])('%s', (_, change, errors) => {
    const result = validate(profileChangeSchema('asha@example.in'), { ...base, ...change });
    expect(result.ok ? null : result.errors).toEqual(errors);
  });
});

describe('contact form', () => {
  const ok = { name: 'Asha', email: 'asha@example.in', phone: '', message: 'Where is my order #12?' };
  test.each<[string, Record<string, string>, Record<string, string> | null]>([
    ['a good message', {}, null],
    ['with a 10-digit phone', { phone: '9876543210' }, null],
    ['no name', { name: ' ' }, { name: 'Name is required.' }],
    ['a bad e-mail', { email: 'asha@' }, { email: 'Enter a valid email address.' }],
    ['a short phone', { phone: '98765' }, { phone: 'Phone number must be exactly 10 digits.' }],
    ['a 9-character message', { message: '123456789' }, { message: 'Message must be at least 10 characters.' }],
    ['no message', { message: '' }, { message: 'Message is required.' }],
    ['2,001 characters', { message: 'x'.repeat(2001) }, { message: 'Message must be at most 2,000 characters.' }],
    ['a bidi override', { message: 'Hello there \u202eevil' }, { message: NOT_ALLOWED }],
  ])('%s', (_, change, errors) => {
    const result = validate(contactSchema, { ...ok, ...change });
    expect(result.ok ? null : result.errors).toEqual(errors);
  });

  test('2,000 characters over several lines are fine', () => {
    expect(validate(contactSchema, { ...ok, message: `${'x'.repeat(999)}\n${'y'.repeat(1000)}` }).ok).toBe(true);
  });
});
