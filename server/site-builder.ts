import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SiteRenderer } from '../integrations/site-renderer';
import { SHARD_CATEGORIES_ENV, SHARD_ENV, type CategoryPlan } from '../contract/build-shards';
import { planShards } from './site/shard-plan';
import { finishStaticFolder } from './site/static-folder';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Astro's command line, wherever its package.json says it is (the file moved between majors). */
export const ASTRO_BIN = (() => {
  const packageDir = path.join(PROJECT_ROOT, 'node_modules', 'astro');
  const manifest = JSON.parse(fs.readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin.astro;
  if (!bin) throw new Error("Astro's package names no command line.");
  return path.join(packageDir, bin);
})();
/** Finished builds kept besides the live one, so pages open in a browser keep their assets. */
const KEEP_BUILDS = 2;
/**
 * Where each Astro build runs, with its own cache (`ASTRO_CACHE_DIR`) and whatever Astro writes
 * beside its working folder, so side-by-side builds never share one. Inside the project: Astro
 * puts intermediate modules there whose imports must resolve from the project's node_modules.
 */
const WORK_ROOT = path.join(PROJECT_ROOT, 'node_modules', '.cache', 'site-builds');
/** Written into a build's folder once it is whole, before it goes live. */
const COMPLETE_MARKER = '.complete';
/**
 * V8 settings of each Astro build. A page's many short-lived objects outlive a small young
 * generation and fill the old one, which then grows to about four times what is alive before it
 * is collected. With Astro 5 a 64 MB semi-space took 6 % less CPU; with Astro 7 the 16 MB one
 * does best (10,000 products, three builds each, interleaved: peak 1,181–1,202 MB and 40.1–46.6 s
 * CPU against 1,271–1,284 MB and 42.8–47.9 s with 32 MB). The old generation may grow 30 % past
 * what is alive before it is collected (a cap that scales with the catalogue, unlike a fixed
 * --max-old-space-size): at 100,000 products a build peaked at 1,150 MB allowing 100 % and at
 * 830–850 MB allowing 30 %; at 10,000 products 1,504 → 1,271 MB for both builds, CPU +7 % (one pair).
 */
const ASTRO_NODE_FLAGS = ['--max-semi-space-size=16', '--heap-growing-percent=30'];
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
  /**
   * Astro builds run side by side, each rendering a share of the many-page routes (product pages
   * and Load More fragments), merged into one folder at the end. One by default.
   */
  workers?: number;
}

export interface SiteBuildResult {
  dir: string;
  ms: number;
  pages: number;
  /** Peak resident memory of the Astro builds together (the sum of each one's peak). */
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

/**
 * The folder of a build's static files: `client/`, beside `server/` (the on-demand pages). A
 * build made before the shop had on-demand pages holds its files at its top.
 */
function staticRoot(build: string): string {
  const client = path.join(build, 'client');
  return fs.existsSync(client) ? client : build;
}

/** The live build's static files, or null before the first build has finished. */
export function currentSite(dataDir: string): string | null {
  const { current } = sitePaths(dataDir);
  const root = staticRoot(current);
  return fs.existsSync(path.join(root, 'index.html')) ? root : null;
}

/**
 * When the live build finished (its completion marker's time; the folder's for builds made before
 * the marker existed), or null before the first build.
 */
export function currentBuildTime(dataDir: string): Date | null {
  const { current } = sitePaths(dataDir);
  for (const file of [path.join(current, COMPLETE_MARKER), current]) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat) return stat.mtime;
  }
  return null;
}

const renderers = new Map<string, Promise<SiteRenderer | null>>();

/**
 * The live build's renderer of on-demand pages (imported once per build), or null when the
 * build has none. Each build is its own folder, so a new build brings its own module.
 */
export async function currentRenderer(dataDir: string): Promise<SiteRenderer | null> {
  const { current } = sitePaths(dataDir);
  let build: string;
  try {
    build = fs.realpathSync(current);
  } catch {
    return null;
  }
  let renderer = renderers.get(build);
  if (!renderer) {
    const entry = path.join(build, 'server', 'entry.mjs');
    renderer = fs.existsSync(entry)
      ? import(pathToFileURL(entry).href).then((module: Partial<SiteRenderer>) =>
          typeof module.render === 'function'
            ? {
                render: module.render,
                ...(typeof module.refreshPages === 'function' ? { refreshPages: module.refreshPages } : {}),
              }
            : null,
        )
      : Promise.resolve(null);
    renderers.set(build, renderer);
  }
  return renderer;
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

/** True when a process with this id runs (and is not this one). */
function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what a build killed midway (with the shop, by kill -9 or a power cut) left behind: its
 * unfinished build folder and the other builds' parts, its work folders, a half-made `current`
 * link and its lock. Nothing is touched while another live process holds the build lock, and
 * work folders of builds whose process still runs are kept. Answers the paths removed.
 */
export function removeBuildLeftovers(dataDir: string, options: { workRoot?: string } = {}): string[] {
  const paths = sitePaths(dataDir);
  const removed: string[] = [];
  const remove = (target: string) => {
    fs.rmSync(target, { recursive: true, force: true });
    removed.push(target);
  };
  let holder = Number.NaN;
  try {
    holder = Number(fs.readFileSync(paths.lock, 'utf8'));
  } catch {
    // No lock: no build running.
  }
  if (alive(holder)) return removed;
  if (fs.existsSync(paths.lock)) remove(paths.lock);

  let live: string | null = null;
  try {
    live = path.basename(fs.realpathSync(paths.current));
  } catch {
    // No build has gone live yet.
  }
  const names = fs.existsSync(paths.builds) ? fs.readdirSync(paths.builds) : [];
  for (const name of names) {
    if (name === live) continue;
    const full = path.join(paths.builds, name);
    // A side-by-side build's part (`<build>.part1`): merged and removed when the build finishes.
    if (/\.part\d+$/.test(name)) {
      remove(full);
      continue;
    }
    // Builds made before the marker existed went live in name order: only a newer one is unfinished.
    const finished = fs.existsSync(path.join(full, COMPLETE_MARKER)) || (live !== null && name < live);
    if (!finished) remove(full);
  }
  if (fs.existsSync(paths.root)) {
    for (const name of fs.readdirSync(paths.root)) {
      // `current.<pid>.tmp`: a half-made link; `refresh-<pid>-<n>`: pages staged by a refresh (services/site/refresher.ts).
      const temp = /^current\.(\d+)\.tmp$/.exec(name) ?? /^refresh-(\d+)-\d+$/.exec(name);
      if (temp && !alive(Number(temp[1]))) remove(path.join(paths.root, name));
    }
  }
  const workRoot = options.workRoot ?? WORK_ROOT;
  for (const name of fs.existsSync(workRoot) ? fs.readdirSync(workRoot) : []) {
    // `<build>-<pid>-<k>` (workDirOf): the pid is the shop or build process that made it.
    const owner = /-(\d+)-\d+$/.exec(name);
    if (owner && !alive(Number(owner[1]))) remove(path.join(workRoot, name));
  }
  return removed;
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

async function pruneOldBuilds(builds: string, live: string): Promise<void> {
  const names = fs
    .readdirSync(builds)
    .filter((name) => path.join(builds, name) !== live)
    .sort()
    .reverse();
  for (const name of names.slice(KEEP_BUILDS)) {
    await fs.promises.rm(path.join(builds, name), { recursive: true, force: true });
  }
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
    linkNodeModules(paths.root);
    const peakRssMb = await runAstroBuilds(dir, options, log);
    removeServerLeftovers(staticRoot(dir));
    await finishStaticFolder(dir, options);
    await precompressAssets(staticRoot(dir));
    fs.writeFileSync(path.join(dir, COMPLETE_MARKER), '');
    swapCurrent(paths.current, dir);
    const ms = performance.now() - started;
    // Housekeeping once the new site is live (removing an old 10,000-page build takes seconds):
    // a folder that cannot be removed is reported, never a reason to undo the new build.
    await pruneOldBuilds(paths.builds, dir).catch((error: unknown) =>
      log(`Old builds not removed: ${error instanceof Error ? error.message : String(error)}`),
    );
    return { dir, ms, pages: countPages(staticRoot(dir)), peakRssMb };
  } catch (error) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  } finally {
    for (const name of fs.existsSync(paths.builds) ? fs.readdirSync(paths.builds) : []) {
      if (name.startsWith(`${path.basename(dir)}.`))
        fs.rmSync(path.join(paths.builds, name), { recursive: true, force: true });
    }
    for (let k = 0; k < Math.max(1, options.workers ?? 1); k += 1) {
      fs.rmSync(workDirOf(dir, k), { recursive: true, force: true });
    }
    release();
  }
}

/**
 * Runs `workers` Astro builds at once, build k of n (`BUILD_SHARD=k/n`) reading the products of
 * the categories the plan gives it and rendering their pages (src/features/catalogue/build-data.ts),
 * then moves the other builds' pages into the first one's folder. One failing build stops the
 * others. Resolves to their summed peak memory.
 */
async function runAstroBuilds(
  dir: string,
  options: SiteBuildOptions,
  log: (line: string) => void,
): Promise<number | null> {
  const workers = Math.max(1, options.workers ?? 1);
  if (workers === 1) return runAstroBuild(dir, workDirOf(dir, 0), null, options, log);
  const plan = await planShards(options.apiBase, workers, options.signal);
  const stopAll = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stopAll.signal]) : stopAll.signal;
  const outs = Array.from({ length: workers }, (_, k) => (k === 0 ? dir : `${dir}.part${k}`));
  let firstError: unknown = null;
  const results = await Promise.allSettled(
    outs.map((out, k) =>
      runAstroBuild(
        out,
        workDirOf(dir, k),
        { shard: `${k}/${workers}`, plan },
        { ...options, signal },
        k === 0 ? log : () => {},
      ).catch((error: unknown) => {
        // The first failure is the cause; the others were stopped because of it.
        firstError ??= error;
        stopAll.abort();
        throw error;
      }),
    ),
  );
  if (firstError !== null) throw firstError;
  for (const out of outs.slice(1)) mergeInto(dir, out);
  const peaks = results.map((r) => (r.status === 'fulfilled' ? r.value : null));
  return peaks.every((p) => p !== null) ? peaks.reduce((sum, p) => sum + (p ?? 0), 0) : null;
}

/**
 * A build's server modules import React and Astro by name: from a data folder outside the
 * project, they find them through a `node_modules` link beside the builds.
 */
function linkNodeModules(siteRoot: string): void {
  const link = path.join(siteRoot, 'node_modules');
  const target = path.join(PROJECT_ROOT, 'node_modules');
  try {
    if (fs.realpathSync(link) === fs.realpathSync(target)) return;
    fs.rmSync(link, { force: true });
  } catch {
    // No link yet (or a dangling one, removed below).
    fs.rmSync(link, { force: true });
  }
  fs.symlinkSync(target, link, 'dir');
}

function workDirOf(dir: string, k: number): string {
  return path.join(WORK_ROOT, `${path.basename(dir)}-${process.pid}-${k}`);
}

/**
 * Moves every file of `from` that `into` lacks into it (pages both built are the same page). A
 * folder `into` lacks moves whole in one rename: no new folder per product page, and nothing
 * left to delete.
 */
export function mergeInto(into: string, from: string): void {
  mergeFolder(into, from);
  fs.rmSync(from, { recursive: true, force: true });
}

function mergeFolder(into: string, from: string): void {
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(into, entry.name);
    const existing = fs.statSync(target, { throwIfNoEntry: false });
    if (!existing) fs.renameSync(source, target);
    else if (entry.isDirectory() && existing.isDirectory()) mergeFolder(target, source);
  }
}

/** Astro copies its build-time server modules next to the pages; nothing serves or needs them. */
function removeServerLeftovers(dir: string): void {
  for (const name of fs.readdirSync(dir)) {
    if (name.endsWith('.mjs')) fs.rmSync(path.join(dir, name), { force: true });
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

/**
 * One `astro build` into `outDir`. It runs in `workDir`, where Astro keeps its intermediate
 * server bundle when the output is outside the working folder, so side-by-side builds never
 * share one; `shard` is this build's number and the builds' plan, null for the whole site.
 */
function runAstroBuild(
  outDir: string,
  workDir: string,
  shard: BuildShard | null,
  options: SiteBuildOptions,
  log: (line: string) => void,
): Promise<number | null> {
  fs.mkdirSync(workDir, { recursive: true });
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...ASTRO_NODE_FLAGS, ASTRO_BIN, 'build', '--silent', '--root', PROJECT_ROOT],
      {
        cwd: workDir,
        env: buildEnv(outDir, workDir, shard, options),
        signal: options.signal,
      },
    );
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

/** Build k of n (`k/n`) and which categories each build renders. */
interface BuildShard {
  shard: string;
  plan: CategoryPlan;
}

function buildEnv(
  outDir: string,
  workDir: string,
  shard: BuildShard | null,
  options: SiteBuildOptions,
): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    API_BASE: options.apiBase,
    SITE_URL: options.siteUrl,
    SITE_OUT_DIR: outDir,
    ASTRO_CACHE_DIR: path.join(workDir, 'cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  if (shard) {
    env[SHARD_ENV] = shard.shard;
    env[SHARD_CATEGORIES_ENV] = JSON.stringify(shard.plan);
  } else {
    delete env[SHARD_ENV];
    delete env[SHARD_CATEGORIES_ENV];
  }
  return env;
}
