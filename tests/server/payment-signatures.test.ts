import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { loadEnv } from '../../server/env';
import { loadLocalPaymentSecret, paymentsOptions } from '../../server/runtime';
import { newProviderId } from '../../server/services/payments/ids';
import { createLocalProvider } from '../../server/services/payments/local';
import {
  paymentSignature,
  randomBase62,
  verifyPaymentSignature,
  verifyWebhookSignature,
} from '../../server/services/payments/signatures';

const SECRET = 'unit-test-key-secret-0123456789abcdef';
const ORDER = 'order_AbCdEfGhIjKlMn';
const PAYMENT = 'pay_ZyXwVuTsRqPoNm';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('payment signatures', () => {
  test('are HMAC-SHA256 of "order_id|payment_id" in lowercase hex, as Razorpay documents', () => {
    const expected = crypto.createHmac('sha256', SECRET).update(`${ORDER}|${PAYMENT}`).digest('hex');
    expect(paymentSignature(ORDER, PAYMENT, SECRET)).toBe(expected);
    expect(verifyPaymentSignature(ORDER, PAYMENT, expected, SECRET)).toBe(true);
  });

  const good = paymentSignature(ORDER, PAYMENT, SECRET);
  test.each([
    ['another secret', paymentSignature(ORDER, PAYMENT, `${SECRET}x`)],
    ['another order', paymentSignature('order_Other000000000', PAYMENT, SECRET)],
    ['uppercase', good.toUpperCase()],
    ['truncated', good.slice(0, 63)],
    ['too long', `${good}a`],
    ['non-hex', `${good.slice(0, 63)}g`],
    ['padded', ` ${good}`],
    ['empty', ''],
    ['a number', 42],
    ['undefined', undefined],
    ['an array', [good]],
  ])('%s is refused', (_name, signature) => {
    expect(verifyPaymentSignature(ORDER, PAYMENT, signature, SECRET)).toBe(false);
  });

  test('webhook signatures cover the raw bytes', () => {
    const body = Buffer.from('{"event":"payment.captured","note":"कार्ड"}', 'utf8');
    const signature = crypto.createHmac('sha256', 'webhook-secret').update(body).digest('hex');
    expect(verifyWebhookSignature(new Uint8Array(body), signature, 'webhook-secret')).toBe(true);
    expect(
      verifyWebhookSignature(new Uint8Array(Buffer.from(' ' + body.toString())), signature, 'webhook-secret'),
    ).toBe(false);
    expect(verifyWebhookSignature(new Uint8Array(body), signature, 'other-secret')).toBe(false);
    expect(verifyWebhookSignature(new Uint8Array(body), undefined, 'webhook-secret')).toBe(false);
  });

  test('ids look like Razorpay’s and do not repeat', () => {
    const ids = new Set(Array.from({ length: 500 }, () => newProviderId('order')));
    expect(ids.size).toBe(500);
    for (const id of ids) expect(id).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(newProviderId('pay')).toMatch(/^pay_[A-Za-z0-9]{14}$/);
    expect(randomBase62(40)).toMatch(/^[A-Za-z0-9]{40}$/);
  });
});

describe('payment configuration', () => {
  test('the local provider is the default, with a key secret generated once into DATA_DIR/payment-secret', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-unit-'));
    dirs.push(dir);
    const env = loadEnv({ DATA_DIR: dir });
    const first = paymentsOptions(env);
    expect(first.provider).toMatchObject({
      name: 'local',
      keyId: 'rzp_test_local',
      checkoutScript: '/api/payments/local/checkout.js',
    });
    expect(first.provider.keySecret).toMatch(/^[0-9a-f]{64}$/);
    const file = path.join(dir, 'payment-secret');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(paymentsOptions(env).provider.keySecret).toBe(first.provider.keySecret);
    expect(first.webhookSecret).toBeUndefined();
  });

  test('LOCAL_PAYMENT_SECRET, when set, is the local key secret', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'payments-unit-'));
    dirs.push(dir);
    expect(loadLocalPaymentSecret(loadEnv({ DATA_DIR: dir, LOCAL_PAYMENT_SECRET: 's'.repeat(32) }))).toBe(
      's'.repeat(32),
    );
    expect(fs.existsSync(path.join(dir, 'payment-secret'))).toBe(false);
  });

  test('Razorpay keys select the Razorpay provider with its checkout script', () => {
    const options = paymentsOptions(
      loadEnv({
        RAZORPAY_KEY_ID: 'rzp_test_AbCdEf123456',
        RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      }),
    );
    expect(options.provider).toMatchObject({
      name: 'razorpay',
      keyId: 'rzp_test_AbCdEf123456',
      keySecret: 'razorpay-key-secret',
      checkoutScript: 'https://checkout.razorpay.com/v1/checkout.js',
    });
    expect(options.webhookSecret).toBe('webhook-secret');
  });

  test('a local provider refuses a short secret', () => {
    expect(() => createLocalProvider('short')).toThrow(/32/);
  });
});
