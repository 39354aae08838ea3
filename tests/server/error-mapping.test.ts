import { Hono } from 'hono';
import { describe, expect, test } from 'vitest';
import { ApiError, apiErrorOf, errorResponse } from '../../server/http/errors';
import {
  Conflict,
  Forbidden,
  Invalid,
  NotFound,
  PaymentProviderFailed,
  TemporarilyUnavailable,
  TooLarge,
  UnsupportedFormat,
  type DomainError,
} from '../../server/services/errors';

/**
 * Services throw domain errors and know nothing of HTTP; server/http/errors.ts is the one place
 * that gives each its status, the one JSON error shape and its headers.
 */
describe('domain error → answer', () => {
  /** The answer an app gives when a handler throws `error`. */
  async function answerOf(error: unknown) {
    const app = new Hono();
    app.get('/', () => {
      throw error;
    });
    app.onError((e, c) => errorResponse(c, e) ?? c.json({ message: 'unmapped' }, 500));
    const res = await app.request('/');
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  }

  test.each<[string, DomainError, number, Record<string, unknown>, string | null]>([
    ['Invalid', new Invalid('The picture file is empty.'), 400, { message: 'The picture file is empty.' }, null],
    [
      'Invalid with field errors',
      new Invalid('That e-mail is taken.', { errors: { email: ['That e-mail is taken.'] } }),
      400,
      { message: 'That e-mail is taken.', errors: { email: ['That e-mail is taken.'] } },
      null,
    ],
    [
      'Invalid with other text under error',
      new Invalid('This order has already been paid.', { also: { error: 'Payment verification failed' } }),
      400,
      { message: 'This order has already been paid.', error: 'Payment verification failed' },
      null,
    ],
    [
      'Forbidden echoed under detail',
      new Forbidden('You can only review products you have bought.', { echo: 'detail' }),
      403,
      {
        message: 'You can only review products you have bought.',
        detail: 'You can only review products you have bought.',
      },
      null,
    ],
    ['NotFound', new NotFound('Order not found.'), 404, { message: 'Order not found.' }, null],
    [
      'Conflict echoed under error',
      new Conflict('This order has expired. Please order again.', { echo: 'error' }),
      409,
      { message: 'This order has expired. Please order again.', error: 'This order has expired. Please order again.' },
      null,
    ],
    [
      'Conflict with field errors',
      new Conflict('Below what is held.', { errors: { on_hand: ['Below what is held.'] } }),
      409,
      { message: 'Below what is held.', errors: { on_hand: ['Below what is held.'] } },
      null,
    ],
    ['TooLarge', new TooLarge('Image is too large.'), 413, { message: 'Image is too large.' }, null],
    ['UnsupportedFormat', new UnsupportedFormat('Not a picture.'), 415, { message: 'Not a picture.' }, null],
    ['PaymentProviderFailed', new PaymentProviderFailed('Try again.'), 502, { message: 'Try again.' }, null],
    ['TemporarilyUnavailable', new TemporarilyUnavailable('Paused.', 30), 503, { message: 'Paused.' }, '30'],
    [
      'TemporarilyUnavailable, part seconds',
      new TemporarilyUnavailable('Paused.', 0.2),
      503,
      { message: 'Paused.' },
      '1',
    ],
  ])('%s', async (_name, error, status, body, retryAfter) => {
    const answer = await answerOf(error);
    expect(answer).toEqual({ status, body, retryAfter });
  });

  test('an ApiError of the HTTP layer is answered as it is', async () => {
    const error = new ApiError(429, 'Too many attempts.', undefined, { 'retry-after': '7' });
    expect(apiErrorOf(error)).toBe(error);
    expect(await answerOf(error)).toEqual({ status: 429, body: { message: 'Too many attempts.' }, retryAfter: '7' });
  });

  test('anything else is not the mapping’s to answer', async () => {
    expect(apiErrorOf(new Error('boom'))).toBeNull();
    expect((await answerOf(new Error('boom'))).status).toBe(500);
  });
});
