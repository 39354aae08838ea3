import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startToEnd, type Outcome } from '../shop-process';

/**
 * `npm start` as an operator runs it, as a child process: a start-up it cannot make must end
 * with one line on stderr saying what is wrong and what to do, a non-zero exit code and no stack.
 */

let dir: string;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-startup-'));
});

afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function start(env: Record<string, string>): Promise<Outcome> {
  return startToEnd(
    {
      SEED_PRODUCTS: '3',
      // Its pictures are never looked at: no background encoding beside the test.
      PICTURE_ENCODING: 'off',
      RATE_LIMITS: 'off',
      ...env,
    },
    60_000,
  );
}

function expectOneLine(outcome: Outcome, ...parts: (string | RegExp)[]): void {
  const lines = outcome.stderr.trim().split('\n');
  expect(lines, outcome.stderr).toHaveLength(1);
  for (const part of parts) expect(lines[0]).toMatch(part);
  expect(outcome.stderr).not.toMatch(/\n\s+at /);
  expect(outcome.code).not.toBe(0);
  expect(outcome.code).not.toBeNull();
  expect(outcome.stdout).not.toContain('Shop open');
}

describe('start-up failures are one clear line', () => {
  test('a port in use names the port and what to do', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    try {
      const outcome = await start({ PORT: String(port), DATA_DIR: path.join(dir, 'port') });
      expectOneLine(outcome, `Port ${port} is in use: stop the other program or set PORT to a free port.`);
    } finally {
      taken.close();
    }
  }, 90_000);

  test('a file as DATA_DIR', async () => {
    const file = path.join(dir, 'a-file');
    fs.writeFileSync(file, 'not a folder');
    const outcome = await start({ PORT: '4419', DATA_DIR: file });
    expectOneLine(outcome, `DATA_DIR=${file} is a file, not a folder`, 'set DATA_DIR to a folder');
  }, 90_000);

  test('a DATA_DIR below a file cannot be created', async () => {
    const file = path.join(dir, 'another-file');
    fs.writeFileSync(file, 'not a folder');
    const inside = path.join(file, 'data');
    const outcome = await start({ PORT: '4419', DATA_DIR: inside });
    expectOneLine(outcome, `DATA_DIR=${inside} cannot be created`, 'ENOTDIR');
  }, 90_000);

  test('a DATA_DIR nobody may write to, not even root (sysfs)', async () => {
    // Writing a new file into /sys fails for every user, root included.
    expect(() => fs.writeFileSync('/sys/shop-write-test', '')).toThrow();
    const outcome = await start({ PORT: '4419', DATA_DIR: '/sys' });
    expectOneLine(outcome, 'DATA_DIR=/sys is not writable', 'set DATA_DIR to a folder');
  }, 90_000);

  test('production without Razorpay keys refuses to start, naming the keys and PAYMENT_PROVIDER=local', async () => {
    const outcome = await start({ PORT: '4419', DATA_DIR: path.join(dir, 'prod'), NODE_ENV: 'production' });
    expectOneLine(outcome, 'RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'PAYMENT_PROVIDER=local');
    // Refused before anything was written.
    expect(fs.existsSync(path.join(dir, 'prod'))).toBe(false);
  }, 90_000);

  test('a DATABASE_URL that is no postgres:// URL is refused, its password masked', async () => {
    const outcome = await start({
      PORT: '4419',
      DATA_DIR: path.join(dir, 'bad-url'),
      DATABASE_URL: 'mysql://shop:hunter2@127.0.0.1/shop',
    });
    expectOneLine(outcome, 'DATABASE_URL="mysql://shop:***@127.0.0.1/shop"', 'must be a postgres:// URL');
    expect(outcome.code).toBe(2);
    expect(outcome.stderr).not.toContain('hunter2');
  }, 90_000);

  test('a PostgreSQL server that does not answer names DATABASE_URL and the address tried, never the password', async () => {
    // A port nothing listens on: bound, then released.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const port = (probe.address() as net.AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const outcome = await start({
      PORT: '4419',
      DATA_DIR: path.join(dir, 'no-server'),
      DATABASE_URL: `postgres://shop:hunter2@127.0.0.1:${port}/shop`,
    });
    expectOneLine(
      outcome,
      `DATABASE_URL=postgres://shop:***@127.0.0.1:${port}/shop cannot be used`,
      'ECONNREFUSED',
      'start PostgreSQL there or correct DATABASE_URL',
    );
    expect(outcome.stderr).not.toContain('hunter2');
  }, 90_000);
});
