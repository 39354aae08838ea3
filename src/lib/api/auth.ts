/** Signing in and out, signing up, and a forgotten password's reset. */
import { errorMessage } from './error-text';
import { ApiError, call } from './http';

/** What a successful login hands back: the token, the user id and the profile data. */
export interface LoginResult {
  token: string;
  userId: number | null;
  user: Record<string, unknown>;
}

/**
 * Logs in. Resolves only for `status: 'success'` (any case) with an access token; otherwise
 * rejects with an ApiError carrying the server's status (0 when the server could not be reached).
 */
export async function login(email: string, password: string): Promise<LoginResult> {
  const raw = await call('common/userlogin', {
    method: 'POST',
    json: { email, password },
    auth: false,
    ownsUnauthorized: true,
  });
  const body = (raw ?? {}) as { status?: unknown; data?: { tokens?: { access?: unknown }; user_id?: unknown } };
  const token = body.data?.tokens?.access;
  if (String(body.status ?? '').toLowerCase() !== 'success' || typeof token !== 'string' || !token) {
    throw new ApiError(401, errorMessage(raw, 'Login failed. Please check your credentials.'), raw);
  }
  const userId = Number(body.data?.user_id);
  return { token, userId: Number.isInteger(userId) && userId > 0 ? userId : null, user: { ...body.data } };
}

/** Creates an account. */
export async function signup(fields: {
  first_name: string;
  last_name: string;
  phone_number: string;
  email: string;
  password: string;
}): Promise<string> {
  const raw = await call('common/signup', {
    method: 'POST',
    json: fields,
    auth: false,
    fallback: 'Registration failed.',
  });
  return errorMessage(raw, 'Registration successful.');
}

/** Tells the server the session ends (it revokes the token). */
export async function logoutSession(): Promise<void> {
  // Logging out a session the server already ended is still a logout, not news.
  await call('common/logout/', { method: 'POST', json: {}, ownsUnauthorized: true });
}

/** Asks for a password-reset PIN by e-mail. */
export async function requestResetOtp(email: string): Promise<string> {
  const raw = await call('common/request_reset_otp', {
    method: 'POST',
    json: { email },
    auth: false,
    fallback: 'Failed to send OTP.',
  });
  return errorMessage(raw, 'OTP sent to your email.');
}

/** Checks the PIN from the e-mail; answers the one-time reset token when the server gives one. */
export async function verifyResetOtp(
  email: string,
  otp: string,
): Promise<{ message: string; resetToken: string | null }> {
  const raw = await call('common/verify_reset_otp', {
    method: 'POST',
    json: { email, otp },
    auth: false,
    fallback: 'Invalid OTP. Please try again.',
  });
  const token = (raw as { reset_token?: unknown } | null)?.reset_token;
  return {
    message: errorMessage(raw, 'OTP verified! Redirecting...'),
    resetToken: typeof token === 'string' ? token : null,
  };
}

/** Sets a new password after a verified PIN (with the token the verification handed out). */
export async function resetPassword(
  email: string,
  newPassword: string,
  confirmPassword: string,
  resetToken: string | null,
): Promise<string> {
  const raw = await call('common/reset_password', {
    method: 'POST',
    json: { email, new_password: newPassword, confirm_password: confirmPassword, reset_token: resetToken ?? undefined },
    auth: false,
    fallback: 'Reset failed. Please try again.',
  });
  return errorMessage(raw, 'Password reset successful! Redirecting to login...');
}
