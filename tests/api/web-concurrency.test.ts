import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freePort } from '../../bench/processes';
import { buildLockKey } from '../../server/shared/build-lock';
import { deleteKeys, redisAvailable, TEST_REDIS_URL, uniquePrefix } from './redis-available';
import { startShop, type ShopProcess } from '../shop-process';

/**
 * `WEB_CONCURRENCY=2 npm start` as an operator runs it: two workers answer on one port, a worker
 * killed with kill -9 is replaced, and SIGTERM lets a request under way finish, then exits 0
 * within 10 s. A site is already live in the data folder and the build lock is held by "another
 * process" (this test), so no process builds: the test stays well under a minute.
 */

const available = await redisAvailable();

let dir: string;
let prefix: string;
let port: number;
let shop: ShopProcess;

/** The first match of `pattern` in the shop's output, once it is there (the shop must still run). */
const waitForOutput = (pattern: RegExp, ms = 30_000) => shop.waitForOutput(pattern, ms, 50);

/** GET on a connection of its own (no keep-alive: node:cluster hands each new connection to the next worker). */
function getFresh(urlPath: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: urlPath, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** Pids of the workers that logged an answer to `urlPath`. */
function answeredBy(urlPath: string): Set<string> {
  const pattern = new RegExp(`^\\[shop (\\d+)\\] GET ${urlPath.replace(/\//g, '\\/')} 200`, 'gm');
  return new Set([...shop.stdout.matchAll(pattern)].map((m) => m[1] ?? ''));
}

describe.skipIf(!available)('WEB_CONCURRENCY=2', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-'));
    // A live site from an earlier build.
    fs.mkdirSync(path.join(dir, 'site', 'current'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'site', 'current', 'index.html'), '<!doctype html><title>Earlier build</title>');
    prefix = uniquePrefix('cluster');
    const redis = new Redis(TEST_REDIS_URL);
    await redis.set(buildLockKey(prefix), 'this test', 'PX', 120_000);
    redis.disconnect();
    port = await freePort();
    shop = startShop({
      PORT: String(port),
      DATA_DIR: dir,
      SEED_PRODUCTS: '3',
      // Its pictures are never looked at: no background encoding beside the test.
      PICTURE_ENCODING: 'off',
      RATE_LIMITS: 'off',
      REBUILD_INTERVAL_MINUTES: '0',
      LOG_REQUESTS: '1',
      WEB_CONCURRENCY: '2',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    });
    await waitForOutput(/Worker 2 of 2 \(pid \d+\) is serving/);
  }, 45_000);

  afterAll(async () => {
    if (shop.child.exitCode === null && shop.child.signalCode === null) shop.child.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });

  test('two worker processes answer on one port; the primary builds nothing while the lock is held', async () => {
    const workers = [...shop.stdout.matchAll(/Worker \d of 2 \(pid (\d+)\)/g)].map((m) => m[1]);
    expect(new Set(workers).size).toBe(2);
    for (let i = 0; i < 6; i += 1) expect(await getFresh('/api/health')).toBe(200);
    await waitForOutput(/GET \/api\/health 200[^]*GET \/api\/health 200[^]*GET \/api\/health 200/);
    expect([...answeredBy('/api/health')].sort()).toEqual([...workers].sort());
    expect(shop.stdout).toContain(
      'Not building the site: another process holds the build lock; serving the last build.',
    );
    expect(await getFresh('/')).toBe(200);
  }, 20_000);

  test('a worker killed with kill -9 is replaced', async () => {
    const [, victim] = await waitForOutput(/Worker 1 of 2 \(pid (\d+)\)/);
    process.kill(Number(victim), 'SIGKILL');
    const [, replacement] = await waitForOutput(/Worker pid (\d+) is serving/, 15_000);
    expect(replacement).not.toBe(victim);
    expect(shop.stdout).toContain(`Worker pid ${victim} died (SIGKILL)`);
    for (let i = 0; i < 4; i += 1) expect(await getFresh('/api/common/products/')).toBe(200);
  }, 20_000);

  test('SIGTERM: a request under way is answered, then every process exits 0 within 10 s', async () => {
    const body = JSON.stringify({ name: 'Asha', email: 'asha@example.in', message: 'Is the brass lota in stock?' });
    const half = Math.floor(body.length / 2);
    // `Expect: 100-continue`: the worker answers "100 Continue" once it has the request in hand, so
    // the signal comes while a request is truly under way, however slow the machine is.
    let underWay: () => void = () => {};
    const started = new Promise<void>((resolve) => (underWay = resolve));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/common/contact',
          method: 'POST',
          agent: false,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            expect: '100-continue',
          },
        },
        (res) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write(body.slice(0, half));
        underWay();
      });
      req.flushHeaders();
      // The rest of the body once both workers are stopping.
      void started
        .then(() => waitForOutput(/Stopping: finishing[^]*Stopping: finishing/))
        // Real time is what is tested: the body's second half comes late, while the workers are stopping.
        .then(() => setTimeout(() => req.end(body.slice(half)), 300), reject);
    });
    await started;
    const signalled = Date.now();
    const exited = new Promise<number | null>((resolve) => shop.child.once('exit', (code) => resolve(code)));
    shop.child.kill('SIGTERM');

    const { status, text } = await answer;
    expect(status, text).toBe(201);
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(shop.stderr).toBe('');
    // Nothing listens any more.
    await expect(getFresh('/api/health')).rejects.toThrow(/ECONNREFUSED/);
  }, 20_000);
});
