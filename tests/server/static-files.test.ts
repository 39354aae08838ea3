import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { cacheControl, contentType, resolveFile } from '../../server/http/static-files';

let parent: string;
let root: string;

beforeAll(() => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  root = path.join(parent, 'site');
  const write = (rel: string, text: string) => {
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  };
  write('index.html', 'home');
  write('a/index.html', 'page a');
  write('b.html', 'page b');
  write('_astro/x.js', 'js');
  write('with space/index.html', 'spaced');
  write('.env', 'SECRET=1');
  write('.hidden/index.html', 'hidden');
  fs.mkdirSync(path.join(root, 'empty'));
  // A sibling of the root sharing its prefix: must stay out of reach.
  fs.mkdirSync(path.join(parent, 'site-secret'));
  fs.writeFileSync(path.join(parent, 'site-secret', 'key.txt'), 'secret');
  fs.writeFileSync(path.join(parent, 'passwd'), 'secret');
});

afterAll(() => {
  fs.rmSync(parent, { recursive: true, force: true });
});

describe('resolveFile', () => {
  test.each<[string, string | null]>([
    ['/', 'index.html'],
    ['/index.html', 'index.html'],
    ['/a', 'a/index.html'],
    ['/a/', 'a/index.html'],
    ['/a/index.html', 'a/index.html'],
    ['/b.html', 'b.html'],
    ['/_astro/x.js', '_astro/x.js'],
    ['/with%20space/', 'with space/index.html'],
    ['/a/./', 'a/index.html'],
    ['/missing', null],
    ['/empty', null],
    ['/b', null],
  ])('%s → %s', async (urlPath, expected) => {
    expect(await resolveFile(root, urlPath)).toBe(expected === null ? null : path.join(root, expected));
  });

  test.each([
    '/../passwd',
    '/a/../b.html',
    '/../../etc/passwd',
    '/../etc/passwd',
    '/%2e%2e/passwd',
    '/%2E%2E/%2e%2e/etc/passwd',
    '/a/%2e%2e/%2e%2e/passwd',
    '/..%2fpasswd',
    '/../site-secret/key.txt',
    '/%2e%2e/site-secret/key.txt',
    '/index.html%00.js',
    '/a%00',
    '/.env',
    '/%2eenv',
    '/.hidden/',
    '/a/.env',
    '/%',
    '/%E0%A4%A',
    '/%zz',
  ])('%s → null', async (urlPath) => {
    expect(await resolveFile(root, urlPath)).toBeNull();
  });
});

describe('cacheControl', () => {
  test.each([
    ['/_astro/x.js', 'public, max-age=31536000, immutable'],
    ['/_astro/index.abc123.css', 'public, max-age=31536000, immutable'],
    ['/', 'public, max-age=0, must-revalidate'],
    ['/about', 'public, max-age=0, must-revalidate'],
    ['/about/', 'public, max-age=0, must-revalidate'],
    ['/index.html', 'public, max-age=0, must-revalidate'],
    ['/favicon.svg', 'public, max-age=3600'],
    ['/robots.txt', 'public, max-age=3600'],
  ])('%s → %s', (urlPath, expected) => {
    expect(cacheControl(urlPath)).toBe(expected);
  });
});

describe('contentType', () => {
  test.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a.JS', 'text/javascript; charset=utf-8'],
    ['x.svg', 'image/svg+xml'],
    ['font.woff2', 'font/woff2'],
    ['blob.bin', 'application/octet-stream'],
    ['noext', 'application/octet-stream'],
  ])('%s → %s', (file, expected) => {
    expect(contentType(file)).toBe(expected);
  });
});
