import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { buildShard, inThisShard } from '../../src/features/catalogue/build-shard';
import { mergeInto } from '../../server/site-builder';

describe('buildShard', () => {
  test.each([
    [undefined, { index: 0, count: 1 }],
    ['', { index: 0, count: 1 }],
    ['0/2', { index: 0, count: 2 }],
    ['1/2', { index: 1, count: 2 }],
    ['2/3', { index: 2, count: 3 }],
  ])('%s → %o', (value, expected) => {
    expect(buildShard(value)).toEqual(expected);
  });

  test.each(['2/2', '0/0', '5/3'])('%s is refused', (value) => {
    expect(() => buildShard(value)).toThrow(/BUILD_SHARD/);
  });
});

describe('inThisShard', () => {
  const pages = Array.from({ length: 11 }, (_, i) => `page-${i}`);

  test('one build renders every page', () => {
    expect(inThisShard(pages, { index: 0, count: 1 })).toEqual(pages);
  });

  test.each([2, 3, 4])('%s builds render every page exactly once, in near-equal shares', (count) => {
    const shares = Array.from({ length: count }, (_, index) => inThisShard(pages, { index, count }));
    expect(shares.flat().sort()).toEqual([...pages].sort());
    const sizes = shares.map((s) => s.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
  });
});

describe('mergeInto', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'merge-'));
    dirs.push(dir);
    return dir;
  };
  const write = (dir: string, file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  test("moves the other build's pages in, keeps the first build's copy of shared files, removes the other folder", () => {
    const into = tempDir();
    const from = tempDir();
    write(into, 'index.html', 'home from the first build');
    write(into, 'product-details/1/index.html', 'one');
    write(into, '_astro/app.abc.js', 'app');
    write(from, 'index.html', 'home from the second build');
    write(from, 'product-details/2/index.html', 'two');
    write(from, 'fragments/all/0/2/index.html', 'fragment');
    write(from, '_astro/app.abc.js', 'app');
    mergeInto(into, from);
    expect(fs.readFileSync(path.join(into, 'index.html'), 'utf8')).toBe('home from the first build');
    expect(fs.readFileSync(path.join(into, 'product-details/2/index.html'), 'utf8')).toBe('two');
    expect(fs.readFileSync(path.join(into, 'fragments/all/0/2/index.html'), 'utf8')).toBe('fragment');
    expect(fs.readdirSync(path.join(into, 'product-details')).sort()).toEqual(['1', '2']);
    expect(fs.existsSync(from)).toBe(false);
  });

  test('merges folders both builds have, file by file, and keeps the first build’s file where a folder meets a file', () => {
    const into = tempDir();
    const from = tempDir();
    write(into, 'fragments/all/0/1/index.html', 'first');
    write(from, 'fragments/all/0/1/index.html', 'first, again');
    write(from, 'fragments/all/0/2/index.html', 'second');
    write(from, 'fragments/category/5/1/index.html', 'category');
    write(into, 'sitemap.xml', 'map');
    write(from, 'sitemap.xml/index.html', 'not a map');
    mergeInto(into, from);
    expect(fs.readFileSync(path.join(into, 'fragments/all/0/1/index.html'), 'utf8')).toBe('first');
    expect(fs.readFileSync(path.join(into, 'fragments/all/0/2/index.html'), 'utf8')).toBe('second');
    expect(fs.readFileSync(path.join(into, 'fragments/category/5/1/index.html'), 'utf8')).toBe('category');
    expect(fs.readFileSync(path.join(into, 'sitemap.xml'), 'utf8')).toBe('map');
    expect(fs.existsSync(from)).toBe(false);
  });
});
