import fs from 'node:fs';
import path from 'node:path';
import { BENCH_TMP, freePort, portInUse, startProcess, stopProcess, tsxArgs } from './processes';

/** A shop started by the bench: `npm start` on a fresh data folder, on a loopback port. */
export interface RunningShop {
  origin: string;
  port: number;
  /** The shop's own process: its CPU time and its workers' are read during the API bench. */
  pid: number;
  dataDir: string;
  /** Throws with the shop's last output when it has exited: a crashed shop fails the section. */
  assertRunning: () => void;
  stop: () => Promise<void>;
}

/** Longest wait for a fresh shop to migrate, seed and build its site. */
const START_TIMEOUT_MS = 6 * 60_000;
/** A new shop draws and encodes its demo photos beside its first build (about 500 at 320 products). */
const PICTURES_TIMEOUT_MS = 10 * 60_000;

/**
 * Settings a shop's way of running depends on: the bench sets each of them for every shop it
 * starts, never inherits them, so a DATABASE_URL in the caller's environment cannot move the
 * SQLite shop to PostgreSQL.
 */
const SET_BY_THE_BENCH = ['DATABASE_URL', 'REDIS_URL', 'REDIS_KEY_PREFIX', 'WEB_CONCURRENCY', 'SITE_BUILDS'];

export interface ShopOptions {
  /** Its data folder under bench/tmp/, emptied first. */
  name: string;
  /** Settings on top of the bench's own (DATABASE_URL, WEB_CONCURRENCY, SITE_BUILDS=off, …). */
  env: Record<string, string>;
  /** Open the shop on the data folder as it is (a catalogue seeded and built already); `env.DATA_DIR` names it. */
  keepData?: boolean;
}

/** Whether a shop's output says all `workers` of a WEB_CONCURRENCY cluster listen (the primary logs each). */
function workersListening(output: string, workers: number): boolean {
  return workers <= 1 || output.includes(`Worker ${workers} of ${workers} `);
}

/**
 * Starts the shop the way `npm start` does, on a fresh data folder under bench/tmp/, with the
 * login throttles off (the API bench logs in many times from one address), and resolves once
 * it is open: the home page answers 200, or `/api/health` does with SITE_BUILDS=off (there are
 * no pages), and every worker of a WEB_CONCURRENCY cluster listens.
 */
export async function startShop(
  log: (line: string) => void,
  { name, env, keepData = false }: ShopOptions = { name: 'shop', env: {} },
): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = keepData && env.DATA_DIR ? env.DATA_DIR : path.join(BENCH_TMP, name);
  if (!keepData) fs.rmSync(dataDir, { recursive: true, force: true });
  const origin = `http://127.0.0.1:${port}`;
  const inherited = { ...process.env };
  for (const setting of SET_BY_THE_BENCH) delete inherited[setting];
  const { child, output } = startProcess(process.execPath, tsxArgs('server/index.ts'), {
    ...inherited,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    RATE_LIMITS: 'off',
    LOG_REQUESTS: '0',
    REBUILD_INTERVAL_MINUTES: '0',
    ...env,
  });
  const readyPath = env.SITE_BUILDS === 'off' ? '/api/health' : '/';
  const workers = Number(env.WEB_CONCURRENCY ?? 1);
  const stop = async () => {
    await stopProcess(child);
    for (let i = 0; i < 50 && (await portInUse(port)); i += 1) await new Promise((r) => setTimeout(r, 100));
    if (await portInUse(port)) throw new Error(`Port ${port} is still bound after the shop stopped`);
  };
  const started = performance.now();
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`The shop exited (${child.exitCode}) while starting:\n${output()}`);
      if (performance.now() - started > START_TIMEOUT_MS)
        throw new Error(`The shop did not open within 6 minutes:\n${output()}`);
      const status = await fetch(`${origin}${readyPath}`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200 && workersListening(output(), workers)) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    // Pages are weighed and audited with their photos: wait until the background encoder is done.
    if (env.PICTURE_ENCODING !== 'off') {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`The shop exited (${child.exitCode}):\n${output()}`);
        if (performance.now() - started > PICTURES_TIMEOUT_MS)
          throw new Error(`The shop's pictures were not encoded within 10 minutes:\n${output()}`);
        const health = (await fetch(`${origin}/api/health`).then(
          (r) => r.json(),
          () => null,
        )) as { pictures?: { waiting: number } | null } | null;
        if (health?.pictures?.waiting === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(0);
  log(`Shop ${name} open at ${origin} after ${seconds} s (data in ${dataDir})`);
  const assertRunning = () => {
    if (child.exitCode === null && child.signalCode === null) return;
    const tail = output().trim().split('\n').slice(-40).join('\n');
    throw new Error(`The shop exited (${child.exitCode ?? child.signalCode}); its last output:\n${tail}`);
  };
  return { origin, port, pid: child.pid ?? 0, dataDir, assertRunning, stop };
}
