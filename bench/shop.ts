import fs from 'node:fs';
import path from 'node:path';
import { BENCH_TMP, freePort, portInUse, startProcess, stopProcess, tsxArgs } from './processes';

/** A shop started by the bench: `npm start` on a fresh data folder, on a loopback port. */
export interface RunningShop {
  origin: string;
  port: number;
  /** The shop's own process (its CPU time is read during the API bench). */
  pid: number;
  dataDir: string;
  /** Throws with the shop's last output when it has exited: a crashed shop fails the section. */
  assertRunning: () => void;
  stop: () => Promise<void>;
}

/** Longest wait for a fresh shop to migrate, seed and build its site. */
const START_TIMEOUT_MS = 6 * 60_000;

/**
 * Starts the shop the way `npm start` does, on a fresh data folder under bench/tmp/, with the
 * login throttles off (the API bench logs in many times from one address), and resolves once
 * the home page answers 200.
 */
export async function startShop(log: (line: string) => void): Promise<RunningShop> {
  const port = await freePort();
  const dataDir = path.join(BENCH_TMP, 'shop');
  fs.rmSync(dataDir, { recursive: true, force: true });
  const origin = `http://127.0.0.1:${port}`;
  const { child, output } = startProcess(process.execPath, tsxArgs('server/index.ts'), {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SITE_URL: origin,
    RATE_LIMITS: 'off',
    LOG_REQUESTS: '0',
    REBUILD_INTERVAL_MINUTES: '0',
  });
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
      const status = await fetch(`${origin}/`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log(`Shop open at ${origin} after ${((performance.now() - started) / 1000).toFixed(0)} s (data in ${dataDir})`);
  const assertRunning = () => {
    if (child.exitCode === null && child.signalCode === null) return;
    const tail = output().trim().split('\n').slice(-40).join('\n');
    throw new Error(`The shop exited (${child.exitCode ?? child.signalCode}); its last output:\n${tail}`);
  };
  return { origin, port, pid: child.pid ?? 0, dataDir, assertRunning, stop };
}
