import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ApiError, onSessionEnded, setTokenSource } from './http';
import { getCart } from './cart';
import { getProfile } from './account';
import { login, logoutSession } from './auth';

/** The browser side of the client: a 401 for the held token means the server ended the session. */
describe('a refused token is reported to the session store', () => {
  const ended = vi.fn<(token: string) => void>();
  let status = 401;

  beforeEach(() => {
    vi.stubEnv('SSR', false);
    status = 401;
    ended.mockReset();
    onSessionEnded(ended);
    setTokenSource(() => 'held-token');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ detail: 'Invalid or expired token.' }), { status })),
    );
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
    setTokenSource(() => null);
  });

  test('a 401 to a call that carried the token ends the session, with that token', async () => {
    await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(ended).toHaveBeenCalledWith('held-token');
  });

  test.each([
    ['the login call itself (wrong password)', () => login('a@example.in', 'nope-nope-1')],
    ['logging out a session already ended', () => logoutSession()],
  ])('not for %s', async (_label, call) => {
    await expect(call()).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
  });

  test('not when no token was sent', async () => {
    setTokenSource(() => null);
    await expect(getCart()).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
  });

  test.each([403, 404, 500])('not for a %i', async (code) => {
    status = code;
    await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    expect(ended).not.toHaveBeenCalled();
  });
});
