import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ASTRO_BIN = path.join(PROJECT_ROOT, 'node_modules', 'astro', 'astro.js');
/** Finished builds kept besides the live one, so pages open in a browser keep their assets. */
const KEEP_BUILDS = 2;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

export interface SiteBuildOptions {
  dataDir: string;
  /** Absolute API base the build reads the catalogue from, e.g. http://127.0.0.1:4321/api/. */
  apiBase: string;
  siteUrl: string;
  log?: (line: string) => void;
  /** Aborting stops the build's process (the shop is shutting down). */
  signal?: AbortSignal;
}

export interface SiteBuildResult {
  dir: string;
  ms: number;
  pages: number;
  peakRssMb: number | null;
}

/** The folder layout of built sites inside the data folder. */
export function sitePaths(dataDir: string) {
  const root = path.join(dataDir, 'site');
  return {
    root,
    builds: path.join(root, 'builds'),
    current: path.join(root, 'current'),
    lock: path.join(root, 'build.lock'),
  };
}

/** The live build's folder, or null before the first build has finished. */
export function currentSite(dataDir: string): string | null {
  const { current } = sitePaths(dataDir);
  return fs.existsSync(path.join(current, 'index.html')) ? current : null;
}

function countPages(dir: string): number {
  let n = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.html')) n += 1;
  }
  return n;
}

/** Brotli and gzip copies of the hashed assets, made once at maximum effort. */
async function precompressAssets(dir: string): Promise<void> {
  const assets = path.join(dir, '_astro');
  if (!fs.existsSync(assets)) return;
  for (const name of fs.readdirSync(assets)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(assets, name);
    const raw = fs.readFileSync(file);
    if (raw.byteLength < 1024) continue;
    fs.writeFileSync(`${file}.br`, await brotli(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
    fs.writeFileSync(`${file}.gz`, await gzip(raw, { level: 9 }));
  }
}

function takeLock(lock: string): () => void {
  fs.mkdirSync(path.dirname(lock), { recursive: true });
  try {
    const fd = fs.openSync(lock, 'wx');
    fs.writeSync(fd, String(process.pid));
    fs.closeSync(fd);
  } catch {
    const holder = Number(fs.readFileSync(lock, 'utf8'));
    let alive = false;
    try {
      process.kill(holder, 0);
      alive = holder !== process.pid;
    } catch {
      alive = false;
    }
    if (alive) throw new Error(`Another build (process ${holder}) is running; remove ${lock} if it is not.`);
    fs.writeFileSync(lock, String(process.pid));
  }
  return () => fs.rmSync(lock, { force: true });
}

/** Points `current` at `target` in one rename, so a visitor never sees a half-built site. */
function swapCurrent(current: string, target: string): void {
  const temp = `${current}.${process.pid}.tmp`;
  fs.rmSync(temp, { force: true });
  fs.symlinkSync(path.relative(path.dirname(current), target), temp, 'dir');
  fs.renameSync(temp, current);
}

function pruneOldBuilds(builds: string, live: string): void {
  const names = fs
    .readdirSync(builds)
    .filter((name) => path.join(builds, name) !== live)
    .sort()
    .reverse();
  for (const name of names.slice(KEEP_BUILDS)) fs.rmSync(path.join(builds, name), { recursive: true, force: true });
}

/**
 * Builds the static site from the API into a fresh folder, then swaps it in atomically and
 * prunes old builds. Rejects with the build's own output when Astro fails.
 */
export async function buildSite(options: SiteBuildOptions): Promise<SiteBuildResult> {
  const log = options.log ?? (() => {});
  const paths = sitePaths(options.dataDir);
  const release = takeLock(paths.lock);
  const started = performance.now();
  const dir = path.join(paths.builds, new Date().toISOString().replace(/[:.]/g, '-'));
  try {
    fs.mkdirSync(paths.builds, { recursive: true });
    const peakRssMb = await runAstroBuild(dir, options, log);
    await precompressAssets(dir);
    swapCurrent(paths.current, dir);
    pruneOldBuilds(paths.builds, dir);
    return { dir, ms: performance.now() - started, pages: countPages(dir), peakRssMb };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

/** Peak resident memory of a process so far, in MB, from Linux's /proc (null elsewhere). */
function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function runAstroBuild(outDir: string, options: SiteBuildOptions, log: (line: string) => void): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [ASTRO_BIN, 'build', '--silent'], {
      cwd: PROJECT_ROOT,
      env: buildEnv(outDir, options),
      signal: options.signal,
    });
    // The high-water mark only grows, so the last reading before exit is the build's peak.
    let peak: number | null = null;
    const sampler = setInterval(() => {
      peak = peakRssMb(child.pid) ?? peak;
    }, 250);
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.length > 200_000) output = output.slice(-100_000);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (error) => {
      clearInterval(sampler);
      reject(error);
    });
    child.on('close', (code) => {
      clearInterval(sampler);
      if (code === 0) {
        log('Site built.');
        resolve(peak);
      } else {
        reject(new Error(`The site build failed (exit ${code}):\n${output.trim()}`));
      }
    });
  });
}

function buildEnv(outDir: string, options: SiteBuildOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    API_BASE: options.apiBase,
    SITE_URL: options.siteUrl,
    SITE_OUT_DIR: outDir,
    ASTRO_TELEMETRY_DISABLED: '1',
  };
}
