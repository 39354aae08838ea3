import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { formatRupees } from '../../contract/format';
import { freePort } from '../../bench/processes';
import { deleteKeys, redisAvailable, TEST_REDIS_URL, uniquePrefix } from '../api/redis-available';
import { ROOT, startShop, type ShopProcess } from '../shop-process';

/**
 * `WEB_CONCURRENCY=2 npm start` as an operator runs it, with a real build: a staff price change
 * answered by one of the workers reaches the static product page, rendered again by the primary
 * (told over the cluster's channel), with no whole build.
 */

const available = await redisAvailable();
const PASSWORD = 'cluster owner passphrase 7';

let dir: string;
let prefix: string;
let origin: string;
let shop: ShopProcess;

const waitForOutput = (pattern: RegExp, ms: number) => shop.waitForOutput(pattern, ms, 100);

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  expect(response.status, JSON.stringify(body)).toBeLessThan(300);
  return body;
}

describe.skipIf(!available)('WEB_CONCURRENCY=2 with a staff change', () => {
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cluster-refresh-'));
    prefix = uniquePrefix('cluster-refresh');
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    shop = startShop({
      PORT: String(port),
      DATA_DIR: dir,
      SITE_URL: origin,
      SEED_PRODUCTS: '12',
      // Its pictures are never looked at: no background encoding beside the test.
      PICTURE_ENCODING: 'off',
      BUILD_WORKERS: '1',
      RATE_LIMITS: 'off',
      REBUILD_INTERVAL_MINUTES: '0',
      WEB_CONCURRENCY: '2',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
    });
    await waitForOutput(/Built \d+ pages/, 240_000);
  }, 300_000);

  afterAll(async () => {
    if (shop && shop.child.exitCode === null && shop.child.signalCode === null) {
      const exited = new Promise((resolve) => shop.child.once('exit', resolve));
      shop.child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      if (shop.child.exitCode === null) shop.child.kill('SIGKILL');
    }
    fs.rmSync(dir, { recursive: true, force: true });
    await deleteKeys(prefix);
  });

  test('a price changed through a worker is on the static product page within 10 s', async () => {
    const email = `owner-${process.pid}@gharbazaar.in`;
    const created = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli.ts', 'staff:create', '--email', email, '--role', 'owner', '--password-stdin'],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dir }, input: `${PASSWORD}\n`, encoding: 'utf8' },
    );
    const secret = /Key: (\S+)/.exec(created.stdout)?.[1];
    expect(secret, created.stderr).toBeTruthy();
    const { token } = await json<{ token: string }>(
      await fetch(`${origin}/api/admin/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, code: await generate({ secret: secret ?? '' }) }),
      }),
    );
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const product = await json<{ variants: { id: number; price: number }[] }>(
      await fetch(`${origin}/api/admin/catalogue/products/3`, { headers }),
    );
    const variant = product.variants[0];
    if (!variant) throw new Error('product 3 has no variant');
    const finalPrice = Math.max(1, Math.floor(variant.price) - 1) + 0.25;
    await json(
      await fetch(`${origin}/api/admin/catalogue/variants/${variant.id}`, {
        method: 'PATCH',
        headers,
        body: JSON.stringify({ final_price: finalPrice }),
      }),
    );
    const changed = Date.now();
    await expect
      .poll(
        async () => (await (await fetch(`${origin}/product-details/3/`)).text()).includes(formatRupees(finalPrice)),
        {
          timeout: 10_000,
          interval: 100,
        },
      )
      .toBe(true);
    expect(Date.now() - changed).toBeLessThan(10_000);
    // The primary rendered it again (no whole build after the first).
    await waitForOutput(/\[shop\] Pages refreshed: \d+ rendered/, 5_000);
    expect(shop.stdout.match(/Built \d+ pages/g)).toHaveLength(1);
  }, 60_000);
});
