import { describe, expect, test } from 'vitest';
import { signupFailure } from './account-errors';
import { ApiError } from '../../lib/api/http';

describe('signupFailure', () => {
  test('a duplicate e-mail is a field error and the popup', () => {
    expect(signupFailure(new ApiError(400, 'A user with this email already exists.'))).toEqual({
      fields: { email: 'Email already registered.' },
      message: 'A user with this email already exists.',
      duplicateEmail: true,
    });
  });
  test('a duplicate phone is a field error', () => {
    expect(signupFailure(new ApiError(400, 'A user with this phone number already exists.'))).toEqual({
      fields: { phone_number: 'Phone number already registered.' },
      message: 'A user with this phone number already exists.',
      duplicateEmail: false,
    });
  });
  test('a password the server refused is a field error with its message', () => {
    const message = 'This password is too common and easy to guess. Choose another one.';
    const error = new ApiError(400, `password: ${message}`, { message, errors: { password: [message] } });
    expect(signupFailure(error)).toEqual({ fields: { password: message }, message, duplicateEmail: false });
  });
  test.each([
    [new ApiError(500, 'Server is down'), 'Server is down'],
    [new ApiError(400, ''), 'Registration failed.'],
    [new ApiError(0, 'unreachable'), 'No response from server.'],
    [new TypeError('boom'), 'Something went wrong.'],
    ['weird', 'Something went wrong.'],
  ])('%s → %s', (error, message) => {
    const failure = signupFailure(error);
    expect(failure.message).toBe(message);
    expect(failure.fields).toEqual({});
  });
});
