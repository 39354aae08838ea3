import { describe, expect, test } from 'vitest';
import { ApiError } from './http';
import { refusedByServer, shopperMessage, type ErrorTexts } from './error-message';

const refusal = new ApiError(400, 'Pincode is not serviceable.');
const silent = new ApiError(409, '');
const unreachable = new ApiError(0, "Could not reach the shop's API at http://x/api/: TypeError.");
const login: ErrorTexts = {
  refused: 'Login failed. Please check your credentials.',
  noAnswer: 'Something went wrong.',
  showServerText: [429],
};
const profile: ErrorTexts = {
  refused: 'Failed to fetch profile data. Please try again later.',
  byStatus: { 401: 'No authentication token found. Please login again.' },
  showServerText: [],
};
const contact: ErrorTexts = {
  refused: 'Your message could not be sent. Please try again.',
  noAnswer: 'No response from server. Please try again.',
  byStatus: {
    400: 'Please correct the fields marked below.',
    429: 'Too many messages from here. Please try again later.',
  },
};

describe('shopperMessage', () => {
  test.each<[string, unknown, ErrorTexts, string]>([
    ["the server's message", refusal, { refused: 'Failed.' }, 'Pincode is not serviceable.'],
    ['a refusal without a message', silent, { refused: 'Failed.' }, 'Failed.'],
    ['no answer, no text for it', unreachable, { refused: 'Failed.' }, 'Failed.'],
    ['no answer, with its own text', unreachable, { refused: 'Failed.', noAnswer: 'Offline.' }, 'Offline.'],
    [
      'not an API error at all',
      new TypeError('x is undefined'),
      { refused: 'Failed.', noAnswer: 'Offline.' },
      'Offline.',
    ],
    ['a thrown string', 'boom', { refused: 'Failed.' }, 'Failed.'],
    ['login: wrong password', new ApiError(401, 'Invalid credentials'), login, login.refused],
    [
      'login: throttled',
      new ApiError(429, 'Too many attempts. Try again in 5 minutes.'),
      login,
      'Too many attempts. Try again in 5 minutes.',
    ],
    ['login: offline', unreachable, login, 'Something went wrong.'],
    [
      'profile: logged out',
      new ApiError(401, 'Token expired'),
      profile,
      'No authentication token found. Please login again.',
    ],
    ['profile: server error', new ApiError(500, 'db locked'), profile, profile.refused],
    [
      'contact: invalid fields',
      new ApiError(400, 'email: invalid'),
      contact,
      'Please correct the fields marked below.',
    ],
    [
      'contact: throttled',
      new ApiError(429, 'slow down'),
      contact,
      'Too many messages from here. Please try again later.',
    ],
    ['contact: other refusal', new ApiError(503, 'Mail is down.'), contact, 'Mail is down.'],
    ['contact: offline', unreachable, contact, 'No response from server. Please try again.'],
  ])('%s', (_, error, texts, expected) => {
    expect(shopperMessage(error, texts)).toBe(expected);
  });
});

describe('refusedByServer', () => {
  test.each<[unknown, boolean]>([
    [refusal, true],
    [silent, true],
    [unreachable, false],
    [new Error('x'), false],
    [null, false],
  ])('%s → %s', (error, expected) => {
    expect(refusedByServer(error)).toBe(expected);
  });
});
