import fs from 'node:fs';
import path from 'node:path';

/** Every page file (HTML, XML) of a built site's folder with its content, by path within it. */
export function siteFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of fs.readdirSync(root, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(html|xml)$/.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(root, file), fs.readFileSync(file, 'utf8'));
  }
  return files;
}
