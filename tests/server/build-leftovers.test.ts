import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { removeBuildLeftovers, sitePaths } from '../../server/site-builder';

let dir: string;
let workRoot: string;
/** The id of a process that has ended. */
const deadPid = spawnSync(process.execPath, ['-e', '']).pid;

function folder(...parts: string[]): string {
  const target = path.join(...parts);
  fs.mkdirSync(target, { recursive: true });
  fs.writeFileSync(path.join(target, 'index.html'), 'page');
  return target;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-leftovers-'));
  workRoot = path.join(dir, 'work');
});

afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('removeBuildLeftovers', () => {
  test('a build killed midway: its folder, parts, work folders, temporary link and lock go; finished builds stay', () => {
    const { builds, current, lock, root } = sitePaths(dir);
    const older = folder(builds, '2026-11-20T10-00-00-000Z'); // made before builds were marked complete
    const live = folder(builds, '2026-11-21T10-00-00-000Z');
    fs.writeFileSync(path.join(live, '.complete'), '');
    fs.symlinkSync(path.relative(root, live), current, 'dir');
    const killed = folder(builds, '2026-11-22T10-00-00-000Z');
    const part = folder(builds, '2026-11-22T10-00-00-000Z.part1');
    const marked = folder(builds, '2026-11-23T10-00-00-000Z');
    fs.writeFileSync(path.join(marked, '.complete'), '');
    fs.writeFileSync(lock, String(deadPid));
    fs.symlinkSync('builds/x', path.join(root, `current.${deadPid}.tmp`));
    const deadWork = folder(workRoot, `2026-11-22T10-00-00-000Z-${deadPid}-0`);
    const liveWork = folder(workRoot, `2026-11-22T11-00-00-000Z-${process.ppid}-0`);

    const removed = removeBuildLeftovers(dir, { workRoot });

    expect(removed.sort()).toEqual([killed, part, deadWork, lock, path.join(root, `current.${deadPid}.tmp`)].sort());
    for (const kept of [older, live, marked, liveWork]) expect(fs.existsSync(kept), kept).toBe(true);
    expect(fs.realpathSync(current)).toBe(fs.realpathSync(live));
    // Nothing left to do the second time.
    expect(removeBuildLeftovers(dir, { workRoot })).toEqual([]);
  });

  test('a first build killed before anything went live is removed too', () => {
    const { builds } = sitePaths(dir);
    const killed = folder(builds, '2026-11-22T10-00-00-000Z');
    expect(removeBuildLeftovers(dir, { workRoot })).toEqual([killed]);
  });

  test('nothing is touched while another live process holds the build lock', () => {
    const { builds, lock } = sitePaths(dir);
    const running = folder(builds, '2026-11-22T10-00-00-000Z');
    fs.writeFileSync(lock, String(process.ppid));
    expect(removeBuildLeftovers(dir, { workRoot })).toEqual([]);
    expect(fs.existsSync(running)).toBe(true);
  });

  test('an empty or missing data folder is fine', () => {
    expect(removeBuildLeftovers(path.join(dir, 'none'), { workRoot: path.join(dir, 'none-work') })).toEqual([]);
  });
});
