import { ApiError } from './api/client';

/** Maps a refused sign-up to field errors and a form message (SPEC.md §8). */
export function signupFailure(error: unknown): {
  fields: Record<string, string>;
  message: string;
  duplicateEmail: boolean;
} {
  if (!(error instanceof ApiError)) return { fields: {}, message: 'Something went wrong.', duplicateEmail: false };
  if (error.status === 0) return { fields: {}, message: 'No response from server.', duplicateEmail: false };
  const text = error.message.toLowerCase();
  if (text.includes('email')) {
    return {
      fields: { email: 'Email already registered.' },
      message: error.message || 'Registration failed, email already exist',
      duplicateEmail: true,
    };
  }
  if (text.includes('phone'))
    return {
      fields: { phone_number: 'Phone number already registered.' },
      message: error.message,
      duplicateEmail: false,
    };
  return { fields: {}, message: error.message || 'Registration failed.', duplicateEmail: false };
}
