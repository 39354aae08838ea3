import path from 'node:path';
import { createApp } from './app';
import { accountsOptions, boundPort, envOrExit, listen, mediaDir, prepareData } from './runtime';
import { buildSite, sitePaths } from './site-builder';

/**
 * `npm run build`: builds the static site from the data folder's catalogue and swaps it in; a
 * running `npm start` serves the new pages at once. The API is served in this process for the
 * build on a free loopback port.
 */
async function main(): Promise<void> {
  const env = envOrExit();
  const db = await prepareData(env);
  const app = createApp({ db, mediaDir: mediaDir(env), accounts: accountsOptions(env) });
  const server = await listen(app, 0, '127.0.0.1');
  try {
    const result = await buildSite({
      dataDir: env.dataDir,
      apiBase: `http://127.0.0.1:${boundPort(server)}/api/`,
      siteUrl: env.siteUrl,
      workers: env.buildWorkers,
      log: console.log,
    });
    const seconds = result.ms / 1000;
    console.log(
      `Built ${result.pages} pages in ${seconds.toFixed(1)} s (${Math.round(result.pages / seconds)} pages/s) into ${result.dir}` +
        (result.peakRssMb ? `, peak memory ${result.peakRssMb} MB` : ''),
    );
    const live = sitePaths(env.dataDir).current;
    console.log(
      `For a static host or CDN: publish ${path.join(live, 'client')} (with _redirects, _headers and serve.json); ` +
        `nginx: root ${path.join(live, 'client')}; include ${path.join(live, 'nginx-site.conf')};`,
    );
  } finally {
    server.close();
    await db.destroy();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
