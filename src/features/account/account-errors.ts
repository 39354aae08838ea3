import { ApiError } from '../../lib/api/http';
import type { ErrorTexts } from '../../lib/api/error-message';

/** Maps a refused sign-up to field errors and a form message. */
export function signupFailure(error: unknown): {
  fields: Record<string, string>;
  message: string;
  duplicateEmail: boolean;
} {
  if (!(error instanceof ApiError)) return { fields: {}, message: 'Something went wrong.', duplicateEmail: false };
  if (error.status === 0) return { fields: {}, message: 'No response from server.', duplicateEmail: false };
  // A password the server refused (too common, when the browser's list had not loaded yet) is
  // shown under the password field, as the browser's own check shows it.
  const passwordError = fieldError(error, 'password');
  if (passwordError) return { fields: { password: passwordError }, message: passwordError, duplicateEmail: false };
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

/** The first message the server gave for `field` (`errors: {field: [message]}`), if any. */
function fieldError(error: ApiError, field: string): string | undefined {
  const errors = (error.body as { errors?: Record<string, unknown> } | null | undefined)?.errors;
  const messages = errors?.[field];
  return Array.isArray(messages) && typeof messages[0] === 'string' ? messages[0] : undefined;
}

/** Loading the shopper's own profile (profile page, edit form): a 401 means logging in again. */
export const PROFILE_LOAD_ERRORS: ErrorTexts = {
  refused: 'Failed to fetch profile data. Please try again later.',
  byStatus: { 401: 'No authentication token found. Please login again.' },
  showServerText: [],
};
