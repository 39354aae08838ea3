import { describe, expect, test } from 'vitest';
import { STORAGE_KEYS, isTokenExpired, tokenProblem, type TokenProblem } from './session';

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-like token carrying `payload` (the signature part is never checked in the browser). */
function token(payload: unknown): string {
  return `${base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${base64url(JSON.stringify(payload))}.signature`;
}

const NOW = Date.UTC(2025, 0, 15, 12, 0, 0);
const NOW_S = NOW / 1000;

describe('tokenProblem', () => {
  test.each<[string, unknown, TokenProblem | null]>([
    ['undefined', undefined, 'missing'],
    ['null', null, 'missing'],
    ['empty string', '', 'missing'],
    ["the string 'null'", 'null', 'missing'],
    ["the string 'undefined'", 'undefined', 'missing'],
    ['a number', 12345, 'missing'],
    ['garbage', 'not-a-token', 'invalid'],
    ['two-part junk', 'abc.def', 'invalid'],
    ['payload not JSON', `${base64url('{}')}.${base64url('hello')}.sig`, 'invalid'],
    ['payload without exp', token({ sub: '1' }), 'no-expiry'],
    ['exp as a string', token({ exp: String(NOW_S + 3600) }), 'no-expiry'],
    ['exp null', token({ exp: null }), 'no-expiry'],
    ['expired an hour ago', token({ exp: NOW_S - 3600 }), 'expired'],
    ['expiring exactly now', token({ exp: NOW_S }), 'expired'],
    ['valid for one more second', token({ exp: NOW_S + 1 }), null],
    ['valid for a day', token({ exp: NOW_S + 86_400, user_id: 4 }), null],
  ])('%s → %s', (_label, value, expected) => {
    expect(tokenProblem(value, NOW)).toBe(expected);
  });

  test('unicode payloads decode', () => {
    expect(tokenProblem(token({ name: 'आशा', exp: NOW_S + 60 }), NOW)).toBeNull();
  });
});

describe('isTokenExpired', () => {
  test.each<[string, unknown, boolean]>([
    ['missing', null, true],
    ['garbage', 'x.y.z', true],
    ['no expiry', token({}), true],
    ['expired', token({ exp: NOW_S - 1 }), true],
    ['valid', token({ exp: NOW_S + 600 }), false],
  ])('%s → %s', (_label, value, expected) => {
    expect(isTokenExpired(value, NOW)).toBe(expected);
  });

  test('defaults to the current time', () => {
    const inAnHour = Math.floor(Date.now() / 1000) + 3600;
    expect(isTokenExpired(token({ exp: inAnHour }))).toBe(false);
    expect(isTokenExpired(token({ exp: 1 }))).toBe(true);
  });
});

describe('STORAGE_KEYS', () => {
  test('names the local storage keys the session is kept under', () => {
    expect(STORAGE_KEYS).toEqual({ token: 'authToken', user: 'user', userId: 'user_id' });
  });
});
