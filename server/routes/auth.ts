import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import {
  LoginAnswerSchema,
  LoginRefusedSchema,
  ResetTokenAnswerSchema,
  SignupAnswerSchema,
} from '../../contract/api/accounts';
import { MessageAnswerSchema } from '../../contract/api/messages';
import {
  loginSchema,
  resetPasswordSchema,
  resetRequestSchema,
  signupSchema,
  verifyOtpSchema,
} from '../../contract/schemas/auth';
import { ApiRoutes, errors, json, jsonBody } from '../http/api-routes';
import { shopperSession, type SessionEnv } from '../http/auth';
import { clientAddress, throttleKey } from '../http/client-address';
import { ApiError, tooManyRequests } from '../http/errors';
import type { Accounts } from '../services/auth/accounts';
import { countLoginAttempt, forgiveLoginAttempt } from '../services/auth/login-throttle';
import { presentedDevice, setDeviceCookie } from '../services/auth/device-cookies';
import { hashPassword, verifyPassword } from '../services/auth/passwords';
import { createReset, newPin, resetPassword, verifyResetPin } from '../services/auth/password-resets';
import { issueToken, revokeToken } from '../services/auth/tokens';
import { conflictError, findConflict, profileOf, registerUser, userByEmail } from '../services/auth/users';
import { resetPinMessage } from '../services/mail/messages';
import { consumeAll, type Throttle } from '../services/rate-limit';
import { inBackground } from '../services/background';

/** The reset call also carries the one-time token the PIN's verification handed out. */
export const ResetPasswordBody = resetPasswordSchema.and(
  z.object({
    reset_token: z.string().max(200).optional().meta({ description: 'The token verify_reset_otp answered.' }),
  }),
);

/** Sign-up, login, logout and password reset by e-mailed PIN. */
export function authRoutes(accounts: Accounts): ApiRoutes<SessionEnv> {
  const { db, throttles } = accounts;
  const app = new ApiRoutes<SessionEnv>();
  const addressOf = (c: Parameters<typeof clientAddress>[0]) => throttleKey(clientAddress(c, accounts.trustProxy));

  const signup = createRoute({
    method: 'post',
    path: '/signup',
    tags: ['Accounts'],
    summary: 'Create an account',
    request: { body: jsonBody(signupSchema) },
    responses: {
      201: json(SignupAnswerSchema, 'The account was created.'),
      ...errors(400, [409, 'The e-mail or phone number belongs to another account.'], 413, 415, 429),
    },
  });
  app.openapi(signup, async (c) => {
    const input = c.req.valid('json');
    const wait = await consumeAll([
      [throttles.signupsPerAddress, addressOf(c)],
      [throttles.signupsPerEmail, input.email],
      [throttles.signupsPerPhone, input.phone_number],
    ]);
    if (wait) throw tooManyRequests(wait);
    const conflict = await findConflict(db, input.email, input.phone_number);
    if (conflict) throw conflictError(conflict);
    const passwordHash = await hashPassword(input.password);
    const { first_name, last_name, email, phone_number } = input;
    const at = new Date(accounts.now()).toISOString();
    const userId = await registerUser(db, { first_name, last_name, email, phone_number }, passwordHash, at);
    return c.json({ status: 'success' as const, message: 'Registration successful.', data: { user_id: userId } }, 201);
  });

  const login = createRoute({
    method: 'post',
    path: '/userlogin',
    tags: ['Accounts'],
    summary: 'Log in',
    description:
      'The e-mail is the user name. Also sets a device cookie: failed logins from a browser that ' +
      'holds it count against that browser alone.',
    request: { body: jsonBody(loginSchema) },
    responses: {
      200: json(LoginAnswerSchema, 'Logged in: the session token and the profile.'),
      401: json(LoginRefusedSchema, 'Wrong e-mail or password.'),
      ...errors(400, 413, 415, 429, 503),
    },
  });
  app.openapi(login, async (c) => {
    const { email, password } = c.req.valid('json');
    const emailKey = email.toLowerCase();
    const source = addressOf(c);
    const user = await userByEmail(db, emailKey);
    const device = user ? presentedDevice(c, accounts.secret, user.id) : null;
    // Counted before the slow password check, by the device-cookie rule (services/auth/login-throttle.ts).
    const attempt = { device, emailKey, source };
    const wait = await countLoginAttempt(throttles, attempt);
    if (wait) throw tooManyRequests(wait);
    // Unknown e-mails and password-less accounts are checked against a dummy hash: same time, same answer.
    const ok = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !ok) return c.json({ status: 'error' as const, message: 'Invalid email or password.' }, 401);
    await forgiveLoginAttempt(throttles, attempt);
    setDeviceCookie(c, accounts.secret, user.id, apiPath(c.req.path), accounts.trustProxy);
    const { token } = await issueToken(accounts.tokens, user);
    c.header('cache-control', 'no-store');
    return c.json(
      {
        status: 'success' as const,
        message: 'Login successful.',
        data: { tokens: { access: token }, user_id: user.id, ...withoutId(profileOf(user)) },
      },
      200,
    );
  });

  const logout = createRoute({
    method: 'post',
    path: '/logout',
    tags: ['Accounts'],
    summary: 'Log out',
    description: 'Ends the session: the token is refused from now on.',
    ...shopperSession(accounts),
    responses: { 200: json(MessageAnswerSchema, 'Logged out.'), ...errors(401, 413) },
  });
  app.openapi(logout, async (c) => {
    await revokeToken(db, accounts.tokens, c.get('session'));
    return c.json({ message: 'Logged out.' }, 200);
  });

  const requestReset = createRoute({
    method: 'post',
    path: '/request_reset_otp',
    tags: ['Accounts'],
    summary: 'Ask for a password-reset PIN',
    description: 'E-mails a 4-digit PIN. The answer is the same whether or not the account exists.',
    request: { body: jsonBody(resetRequestSchema) },
    responses: { 200: json(MessageAnswerSchema, 'The PIN is on its way.'), ...errors(400, 413, 415, 429, 503) },
  });
  app.openapi(requestReset, async (c) => {
    const { email } = c.req.valid('json');
    const source = addressOf(c);
    const user = await userByEmail(db, email);
    const device = user ? presentedDevice(c, accounts.secret, user.id) : null;
    // Per address and per (e-mail, address) for everyone. The e-mail's hourly cap bounds the
    // mail strangers can send; the owner's browser with a device cookie is counted apart. No cap
    // here is daily: guessing is bounded by wrong PINs an hour (verify_reset_otp), so a stranger
    // cannot use up an owner's resets for a day.
    const counters: [Throttle, string][] = [
      [throttles.resetRequestsPerAddress, source],
      [throttles.resetRequestsPerEmailAndAddress, `${email} ${source}`],
    ];
    if (device) counters.push([throttles.resetRequestsPerDevice, device]);
    else counters.push([throttles.resetRequestsPerEmailHourly, email]);
    const wait = await consumeAll(counters);
    if (wait) throw tooManyRequests(wait);
    // Password-less accounts (seeded reviewers) must stay unable to log in: no PIN for them.
    if (user?.password_hash) {
      const pin = newPin();
      await createReset(db, accounts.secret, user, email, pin, accounts.now());
      // Not awaited: how long the mail takes must not tell whether the account exists.
      inBackground(
        accounts.mailer.send(resetPinMessage(user.email, pin)).catch((error: unknown) => {
          console.error(`Could not send the password reset e-mail: ${String(error)}`);
        }),
      );
    }
    return c.json({ message: 'OTP sent to your email.' }, 200);
  });

  const verifyReset = createRoute({
    method: 'post',
    path: '/verify_reset_otp',
    tags: ['Accounts'],
    summary: 'Check a password-reset PIN',
    request: { body: jsonBody(verifyOtpSchema) },
    responses: {
      200: json(ResetTokenAnswerSchema, 'The PIN is right: the token for reset_password.'),
      ...errors([400, 'The request is not valid, or the PIN is wrong.'], 413, 415, 429, 503),
    },
  });
  app.openapi(verifyReset, async (c) => {
    const { email, otp } = c.req.valid('json');
    const wait =
      (await throttles.resetWrongPinsPerEmailHourly.retryAfter(email)) ||
      (await consumeAll([[throttles.resetVerificationsPerAddress, addressOf(c)]]));
    if (wait) throw tooManyRequests(wait);
    const resetToken = await verifyResetPin(db, accounts.secret, email, otp, accounts.now());
    if (!resetToken) {
      await throttles.resetWrongPinsPerEmailHourly.consume(email);
      throw new ApiError(400, 'Invalid OTP. Please try again.');
    }
    // The token lets this browser set the password: no cache between it and the shop may keep it.
    c.header('cache-control', 'no-store');
    return c.json({ message: 'OTP verified! Redirecting...', reset_token: resetToken }, 200);
  });

  const reset = createRoute({
    method: 'post',
    path: '/reset_password',
    tags: ['Accounts'],
    summary: 'Set a new password',
    description: 'Needs the token of a verified PIN. Every session of the account ends.',
    request: { body: jsonBody(ResetPasswordBody) },
    responses: {
      200: json(MessageAnswerSchema, 'The password was changed.'),
      ...errors([400, 'The request is not valid, or the PIN was not verified.'], 413, 415),
    },
  });
  app.openapi(reset, async (c) => {
    const { email, new_password, reset_token } = c.req.valid('json');
    await resetPassword(db, email, reset_token, () => hashPassword(new_password), accounts.now);
    // Whoever proved they read the account's mail is its owner: strangers' failures against the
    // old password no longer keep the owner's new browsers out.
    await throttles.loginFailuresPerAccountDaily.reset(email);
    await throttles.loginFailuresPerAccountAndAddress.reset(`${email} ${addressOf(c)}`);
    return c.json({ message: 'Password reset successful! Redirecting to login...' }, 200);
  });

  return app;
}

/** The account API's folder (`/api/common/`), where the device cookie is sent. */
function apiPath(requestPath: string): string {
  return requestPath.replace(/[^/]*\/?$/, '');
}

function withoutId<T extends { id: number }>(value: T): Omit<T, 'id'> {
  const { id: _id, ...rest } = value;
  return rest;
}
