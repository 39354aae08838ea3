import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadEnv } from '../../server/env';
import type { BuildLock } from '../../server/shared/build-lock';
import { siteRebuilds } from '../../server/shared/site-rebuilds';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

test('SITE_BUILDS=off: the process never asks for the build lock and says where the pages come from', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-builds-off-'));
  dirs.push(dataDir);
  let asked = 0;
  const lock: BuildLock = {
    acquire: () => {
      asked += 1;
      return Promise.resolve({ held: null, reason: 'a test lock' });
    },
  };
  const lines: string[] = [];
  const builds = siteRebuilds({
    env: loadEnv({ DATA_DIR: dataDir, SITE_BUILDS: 'off', REBUILD_INTERVAL_MINUTES: '1' }),
    apiBase: 'http://127.0.0.1:1/api/',
    url: 'http://localhost:4321',
    log: (line) => lines.push(line),
    lock,
  });
  await builds.start();
  await builds.stop();
  expect(asked).toBe(0);
  expect(lines).toEqual([
    'API open at http://localhost:4321/api/; SITE_BUILDS=off: the pages are built and served elsewhere',
  ]);
  expect(fs.readdirSync(dataDir)).toEqual([]);
});
