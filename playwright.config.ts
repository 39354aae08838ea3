import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench/chromium';

/** End-to-end tests run against the production build, served the way `npm start` serves it. */
const PORT = Number(process.env.E2E_PORT ?? 4399);
// A fresh data folder per run; set once here so the test workers see the same one.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
const DATA_DIR = process.env.E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  // After the webServer answers: waits for its first build and for the demo's photos to be encoded.
  globalSetup: './tests/e2e/global-setup.ts',
  forbidOnly: !!process.env.CI,
  // No retries anywhere: a test that passes only on a second try is a defect to fix.
  retries: 0,
  workers: 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The Node running the tests (the pinned one, node_modules/.bin/node, under npm scripts and npx), not whichever
    // `node` comes first on the shell's PATH.
    command: `${JSON.stringify(process.execPath)} --import tsx server/index.ts`,
    url: `http://127.0.0.1:${PORT}/`,
    // The first build of the site runs before any test: about a minute on a quiet machine, several when busy.
    timeout: 600_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    // The throttles are covered by the API tests; here every shopper comes from 127.0.0.1.
    // One Astro build at a time: a whole build (the server's start, a large import) while specs run leaves a core
    // to them.
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SITE_URL: `http://127.0.0.1:${PORT}`,
      RATE_LIMITS: 'off',
      BUILD_WORKERS: '1',
    },
  },
});
