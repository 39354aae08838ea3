import { spawn } from 'node:child_process';
import { createApp } from './app';
import { ASTRO_BIN } from './site-builder';
import {
  accountsOptions,
  deliveryOptions,
  drawDemoPhoto,
  envOrExit,
  listen,
  mediaDir,
  paymentsOptions,
  prepareData,
} from './runtime';

/**
 * `npm run dev`: the API on PORT+1 and Astro's dev server on PORT, which forwards /api and
 * /media to it, so pages reload as they are edited.
 */
async function main(): Promise<void> {
  const env = envOrExit();
  const db = await prepareData(env);
  const apiPort = env.port + 1;
  const app = createApp({
    db,
    mediaDir: mediaDir(env),
    renderRecipe: env.pictureEncoding ? drawDemoPhoto : undefined,
    accounts: accountsOptions(env),
    payments: paymentsOptions(env),
    delivery: deliveryOptions(env),
    trustProxy: env.trustProxy,
  });
  await listen(app, apiPort, '127.0.0.1');
  const origin = `http://127.0.0.1:${apiPort}`;
  console.log(`API at ${origin}/api/`);
  const astro = spawn(process.execPath, [ASTRO_BIN, 'dev', '--port', String(env.port)], {
    stdio: 'inherit',
    env: { ...process.env, API_BASE: `${origin}/api/`, DEV_API_ORIGIN: origin, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  astro.on('exit', (code) => process.exit(code ?? 0));
}

await main();
