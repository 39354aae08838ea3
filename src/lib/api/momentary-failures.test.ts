import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { addToCart, getCart } from './cart';
import { ApiError } from './http';
import { createOrder, verifyPayment } from './orders';
import { sendContactMessage } from './contact';
import { BUSY_MESSAGE } from '../../../contract/shop';

/** The browser side of the client when the shop cannot answer for a moment (see retry.ts). */
describe('momentary failures are asked again where the call may be repeated', () => {
  /** What each attempt answers, in order; the last one repeats. */
  let answers: (() => Response)[] = [];
  const fetchMock = vi.fn(async () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    if (!next) throw new Error('no answer planned');
    return next();
  });
  const busy =
    (status = 503, retryAfter?: string) =>
    () =>
      new Response(JSON.stringify({ message: BUSY_MESSAGE }), {
        status,
        headers: { 'content-type': 'application/json', ...(retryAfter ? { 'retry-after': retryAfter } : {}) },
      });
  const gatewayPage = (status: number) => () =>
    new Response(`<html><body><h1>${status} Bad Gateway</h1></body></html>`, {
      status,
      headers: { 'content-type': 'text/html' },
    });
  const offline = () => {
    throw new TypeError('Failed to fetch');
  };
  const ok = (body: unknown) => () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubEnv('SSR', false);
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
    vi.unstubAllGlobals();
  });

  test('a read succeeds once a process is back: 502, no answer, 503, then the cart', async () => {
    answers = [gatewayPage(502), offline, busy(503, '1'), ok([])];
    const cart = getCart();
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000);
    await expect(cart).resolves.toEqual([]);
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  test('placing an order and verifying a payment are asked again (the server makes them repeatable)', async () => {
    answers = [
      busy(504),
      ok({ id: 7, order_id: 'order_Abc123', razorpay_key: 'rzp_test_local', currency: 'INR', amount: 9900 }),
    ];
    const order = createOrder([{ variant_id: 1, quantity: 1 }], { address: 'Asha, 9876543210, Pune, 411001' });
    await vi.advanceTimersByTimeAsync(500);
    await expect(order).resolves.toMatchObject({ id: 7, order_id: 'order_Abc123' });

    answers = [busy(503, '5'), ok({ message: 'Payment verified' })];
    const verified = verifyPayment({ razorpay_order_id: 'order_Abc123' });
    await vi.advanceTimersByTimeAsync(4999);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(1);
    await expect(verified).resolves.toBeUndefined();
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  test('after about 7.5 s of failures the shopper is told the shop is busy, in words, not an HTML page', async () => {
    answers = [gatewayPage(502)];
    const cart = getCart();
    const settled = cart.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(7499);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 502, message: BUSY_MESSAGE });
    expect(fetchMock).toHaveBeenCalledTimes(5);
  });

  test('writes the server does not make repeatable are sent once: adding to the cart, the contact form', async () => {
    answers = [busy(503)];
    await expect(addToCart(1, 1)).rejects.toMatchObject({ status: 503, message: BUSY_MESSAGE });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(
      sendContactMessage({ name: 'Asha', email: 'asha@example.in', phone: '9876543210', message: 'Hello' }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  test('refusals are never asked again', async () => {
    for (const status of [400, 404, 429, 500]) {
      fetchMock.mockClear();
      answers = [() => new Response(JSON.stringify({ message: 'No.' }), { status })];
      await expect(getCart()).rejects.toMatchObject({ status, message: 'No.' });
      expect(fetchMock).toHaveBeenCalledTimes(1);
    }
  });
});
