import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { DEMO_SELLER } from '../../server/services/invoices/issuing';

describe('loadEnv', () => {
  test('defaults for an empty environment', () => {
    expect(loadEnv({})).toEqual({
      port: 4321,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      database: { engine: 'sqlite', file: path.resolve('./data/shop.sqlite') },
      siteUrl: 'http://localhost:4321',
      seedProducts: 320,
      rebuildIntervalMinutes: 0,
      siteBuilds: true,
      pictureEncoding: true,
      backgroundEncoding: true,
      buildWorkers: Math.min(2, os.availableParallelism()),
      logRequests: false,
      jwtSecret: undefined,
      tokenTtlHours: 48,
      staffTokenTtlHours: 8,
      smtpUrl: undefined,
      mailFrom: 'GharBazaar <no-reply@gharbazaar.in>',
      trustProxy: false,
      rateLimits: true,
      razorpay: undefined,
      razorpayWebhookSecret: undefined,
      localPaymentSecret: undefined,
      paymentProvider: 'local',
      storefrontOrigin: undefined,
      redisUrl: undefined,
      redisKeyPrefix: 'gharbazaar:',
      webConcurrency: 1,
      orderPaymentTimeoutMinutes: 30,
      seller: DEMO_SELLER,
      deliveryZonesFile: undefined,
      codLimitRupees: 5000,
    });
  });

  test('empty strings count as unset', () => {
    expect(loadEnv({ PORT: '', HOST: '', SITE_URL: '' })).toMatchObject({
      port: 4321,
      host: '0.0.0.0',
      siteUrl: 'http://localhost:4321',
    });
  });

  test('reads every variable', () => {
    expect(
      loadEnv({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATA_DIR: '/srv/shop',
        SITE_URL: 'https://shop.example.in/',
        SEED_PRODUCTS: '60',
        REBUILD_INTERVAL_MINUTES: '30',
        SITE_BUILDS: 'off',
        PICTURE_ENCODING: 'off',
        BUILD_WORKERS: '3',
        LOG_REQUESTS: '1',
        JWT_SECRET: 's'.repeat(40),
        TOKEN_TTL_HOURS: '12',
        STAFF_TOKEN_TTL_HOURS: '4',
        SMTP_URL: 'smtps://user:pass@smtp.example.in:465',
        MAIL_FROM: 'Shop <shop@example.in>',
        TRUST_PROXY: '1',
        RATE_LIMITS: 'off',
        RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456',
        RAZORPAY_KEY_SECRET: 'razorpay-key-secret',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
        LOCAL_PAYMENT_SECRET: 'l'.repeat(32),
        STOREFRONT_ORIGIN: 'https://shop.example.in',
        REDIS_URL: 'redis://:pw@redis.internal:6380/2',
        REDIS_KEY_PREFIX: 'shop-2:',
        WEB_CONCURRENCY: '4',
        ORDER_PAYMENT_TIMEOUT_MINUTES: '45',
        SHOP_LEGAL_NAME: 'Asha Home Stores LLP',
        SHOP_ADDRESS: '12 Anna Salai | Chennai, Tamil Nadu 600002',
        SHOP_GSTIN: '33aaacg4821m1zp',
        SHOP_STATE: 'Tamil Nadu',
        DELIVERY_ZONES_FILE: '/srv/shop/zones.json',
        COD_LIMIT: '2500',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('/srv/shop'),
      database: { engine: 'sqlite', file: path.resolve('/srv/shop/shop.sqlite') },
      siteUrl: 'https://shop.example.in',
      seedProducts: 60,
      rebuildIntervalMinutes: 30,
      siteBuilds: false,
      pictureEncoding: false,
      backgroundEncoding: false,
      buildWorkers: 3,
      logRequests: true,
      jwtSecret: 's'.repeat(40),
      tokenTtlHours: 12,
      staffTokenTtlHours: 4,
      smtpUrl: 'smtps://user:pass@smtp.example.in:465',
      mailFrom: 'Shop <shop@example.in>',
      trustProxy: true,
      rateLimits: false,
      razorpay: { keyId: 'rzp_live_AbCdEf123456', keySecret: 'razorpay-key-secret' },
      razorpayWebhookSecret: 'webhook-secret',
      localPaymentSecret: 'l'.repeat(32),
      paymentProvider: 'razorpay',
      storefrontOrigin: 'https://shop.example.in',
      redisUrl: 'redis://:pw@redis.internal:6380/2',
      redisKeyPrefix: 'shop-2:',
      webConcurrency: 4,
      orderPaymentTimeoutMinutes: 45,
      seller: {
        legalName: 'Asha Home Stores LLP',
        addressLines: ['12 Anna Salai', 'Chennai, Tamil Nadu 600002'],
        gstin: '33AAACG4821M1ZP',
        state: 'Tamil Nadu',
      },
      deliveryZonesFile: path.resolve('/srv/shop/zones.json'),
      codLimitRupees: 2500,
    });
  });

  test('TRUST_PROXY names the proxies to believe: addresses and CIDR ranges, or a count', () => {
    expect(loadEnv({ TRUST_PROXY: '10.0.0.5, 10.8.0.0/16' }).trustProxy).toEqual(['10.0.0.5', '10.8.0.0/16']);
    expect(loadEnv({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(true);
    expect(loadEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  test('PICTURE_ENCODING: in the background and on demand, on demand only, or never', () => {
    const read = (value: string) => {
      const { pictureEncoding, backgroundEncoding } = loadEnv({ PICTURE_ENCODING: value });
      return { pictureEncoding, backgroundEncoding };
    };
    expect(read('on')).toEqual({ pictureEncoding: true, backgroundEncoding: true });
    expect(read('on-demand')).toEqual({ pictureEncoding: true, backgroundEncoding: false });
    expect(read('off')).toEqual({ pictureEncoding: false, backgroundEncoding: false });
    expect(() => loadEnv({ PICTURE_ENCODING: 'sometimes' })).toThrow('must be on, on-demand or off');
  });

  test('the site URL defaults to the chosen port', () => {
    expect(loadEnv({ PORT: '3000' }).siteUrl).toBe('http://localhost:3000');
  });

  test.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '0'],
    ['PORT', '80.5'],
    ['SEED_PRODUCTS', '0'],
    ['SITE_URL', 'not a url'],
    ['LOG_REQUESTS', 'yes'],
    ['SITE_BUILDS', 'no'],
    ['REBUILD_INTERVAL_MINUTES', '-1'],
    ['BUILD_WORKERS', '0'],
    ['BUILD_WORKERS', 'two'],
    ['TOKEN_TTL_HOURS', '0'],
    ['TOKEN_TTL_HOURS', 'two days'],
    ['STAFF_TOKEN_TTL_HOURS', '0'],
    ['STAFF_TOKEN_TTL_HOURS', '25'],
    ['MAIL_FROM', 'not an address'],
    ['MAIL_FROM', 'Shop <shop@example.in> Bcc: x@y.in'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['RATE_LIMITS', '0'],
    ['RAZORPAY_KEY_ID', 'key_123456789'],
    ['WEB_CONCURRENCY', '0'],
    ['WEB_CONCURRENCY', '33'],
    ['WEB_CONCURRENCY', 'auto'],
    ['ORDER_PAYMENT_TIMEOUT_MINUTES', '4'],
    ['ORDER_PAYMENT_TIMEOUT_MINUTES', 'half an hour'],
    ['REDIS_KEY_PREFIX', 'shop prefix'],
  ])('%s=%s throws a ConfigError naming it', (name, value) => {
    let thrown: unknown;
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain(name);
    expect((thrown as Error).message).toContain(value);
  });

  test('a bad PORT does not blame other variables', () => {
    expect(() => loadEnv({ PORT: 'abc' })).toThrow(/PORT/);
    try {
      loadEnv({ PORT: 'abc' });
    } catch (error) {
      expect((error as Error).message).not.toMatch(/HOST|DATA_DIR|SEED_PRODUCTS/);
    }
  });

  test.each([
    ['JWT_SECRET', 'short-secret'],
    ['SMTP_URL', 'http://user:hunter2@mail.example.in'],
    ['RAZORPAY_KEY_SECRET', 'short'],
    ['RAZORPAY_WEBHOOK_SECRET', 'tiny'],
    ['LOCAL_PAYMENT_SECRET', 'not-32-characters-long'],
    ['REDIS_URL', 'http://:hunter2@127.0.0.1:6379'],
    ['REDIS_URL', 'redis://:hunter2@'],
    ['REDIS_URL', 'redis://:hunter2@127.0.0.1:6379/99'],
    ['REDIS_URL', 'redis-host:6379'],
  ])('a bad secret %s is named but its value never shown', (name, value) => {
    let message = '';
    try {
      loadEnv({ [name]: value });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(name);
    expect(message).not.toContain(value);
    expect(message).not.toContain('hunter2');
  });

  test('MAIL_FROM with a line break is refused (it becomes a mail header)', () => {
    expect(() => loadEnv({ MAIL_FROM: 'Shop <shop@example.in>\r\nBcc: x@y.in' })).toThrow(/MAIL_FROM/);
  });

  test('MAIL_FROM may be a bare address', () => {
    expect(loadEnv({ MAIL_FROM: ' shop@example.in ' }).mailFrom).toBe('shop@example.in');
  });

  test.each([
    [{ RAZORPAY_KEY_ID: 'rzp_test_AbCdEf123456' }, 'RAZORPAY_KEY_SECRET'],
    [{ RAZORPAY_KEY_SECRET: 'razorpay-key-secret' }, 'RAZORPAY_KEY_ID'],
  ])('Razorpay keys come in pairs: %j alone names %s', (vars, missing) => {
    let message = '';
    try {
      loadEnv(vars);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      message = (error as Error).message;
    }
    expect(message).toContain(`${missing}=(unset)`);
    expect(message).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET must be set together');
    expect(message).not.toContain('razorpay-key-secret');
  });

  test('without Razorpay keys payments use the local test checkout', () => {
    expect(loadEnv({}).razorpay).toBeUndefined();
    expect(loadEnv({ RAZORPAY_KEY_ID: '', RAZORPAY_KEY_SECRET: '' }).razorpay).toBeUndefined();
  });

  test('the payment provider: Razorpay when both keys are set, else the local test checkout outside production', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_AbCdEf123456', RAZORPAY_KEY_SECRET: 'razorpay-key-secret' };
    expect(loadEnv(keys).paymentProvider).toBe('razorpay');
    expect(loadEnv({}).paymentProvider).toBe('local');
    expect(loadEnv({ NODE_ENV: 'development' }).paymentProvider).toBe('local');
    expect(loadEnv({ NODE_ENV: 'production', ...keys }).paymentProvider).toBe('razorpay');
    // Chosen explicitly: test payments even with keys at hand, or in production.
    expect(loadEnv({ PAYMENT_PROVIDER: 'local', ...keys }).paymentProvider).toBe('local');
    expect(loadEnv({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'local' }).paymentProvider).toBe('local');
  });

  const failure = (vars: Record<string, string>): string => {
    try {
      loadEnv(vars);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error(`loadEnv(${JSON.stringify(vars)}) did not fail`);
  };

  test('production without Razorpay keys refuses to start, in one line naming the keys and the opt-in', () => {
    const message = failure({ NODE_ENV: 'production' });
    expect(message).not.toContain('\n');
    expect(message).toContain('RAZORPAY_KEY_ID');
    expect(message).toContain('RAZORPAY_KEY_SECRET');
    expect(message).toContain('PAYMENT_PROVIDER=local');
  });

  test('PAYMENT_PROVIDER=razorpay without keys names the keys; other values are refused', () => {
    const message = failure({ PAYMENT_PROVIDER: 'razorpay' });
    expect(message).toMatch(/^Invalid configuration: PAYMENT_PROVIDER="razorpay": /);
    expect(message).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    expect(failure({ PAYMENT_PROVIDER: 'stripe' })).toContain('PAYMENT_PROVIDER="stripe": must be razorpay or local');
  });
});

describe('STOREFRONT_ORIGIN', () => {
  test.each([
    ['https://shop.example.in', 'https://shop.example.in'],
    ['https://shop.example.in/', 'https://shop.example.in'],
    ['HTTP://Shop.Example.in:8080', 'http://shop.example.in:8080'],
    ['https://shop.example.in:443', 'https://shop.example.in'],
    ['  http://127.0.0.1:4470  ', 'http://127.0.0.1:4470'],
  ])('%s is the origin %s (as browsers send it)', (value, origin) => {
    expect(loadEnv({ STOREFRONT_ORIGIN: value }).storefrontOrigin).toBe(origin);
  });

  test.each([
    '*',
    'shop.example.in',
    'https://shop.example.in/shop',
    'https://shop.example.in?x=1',
    'ftp://shop.example.in',
    'https://user@shop.example.in',
    'https://a.in,https://b.in',
  ])('%s is refused, naming the variable', (value) => {
    expect(() => loadEnv({ STOREFRONT_ORIGIN: value })).toThrow(/STOREFRONT_ORIGIN=.*origin alone/);
  });

  test.each([
    [{ SHOP_GSTIN: '29AAACG4821M1ZE' }, 'set all four, or none'],
    [
      { SHOP_LEGAL_NAME: 'X', SHOP_ADDRESS: 'Y', SHOP_GSTIN: '29AAACG4821M1ZA', SHOP_STATE: 'Karnataka' },
      'SHOP_GSTIN=',
    ],
    [
      { SHOP_LEGAL_NAME: 'X', SHOP_ADDRESS: 'Y', SHOP_GSTIN: '29AAACG4821M1ZE', SHOP_STATE: 'Tamil Nadu' },
      'does not start with 33',
    ],
    [{ SHOP_LEGAL_NAME: 'X', SHOP_ADDRESS: 'Y', SHOP_GSTIN: '29AAACG4821M1ZE', SHOP_STATE: 'Atlantis' }, 'Atlantis'],
  ])('an invoice seller that cannot be used stops start-up: %j', (vars, message) => {
    expect(() => loadEnv(vars)).toThrow(ConfigError);
    expect(() => loadEnv(vars)).toThrow(message);
  });
});
