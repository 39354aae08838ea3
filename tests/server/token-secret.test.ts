import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { ConfigError, loadEnv } from '../../server/env';
import { loadTokenSecret } from '../../server/runtime';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'secret-unit-'));
  dirs.push(dir);
  return dir;
};

afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('loadTokenSecret', () => {
  test('JWT_SECRET, when set, is the key', () => {
    const dir = tempDir();
    const key = loadTokenSecret(loadEnv({ DATA_DIR: dir, JWT_SECRET: 'k'.repeat(32) }));
    expect(Buffer.from(key).toString()).toBe('k'.repeat(32));
    expect(fs.existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  test('otherwise 32 random bytes are generated once into DATA_DIR/jwt-secret (0600) and reused', () => {
    const dir = path.join(tempDir(), 'data');
    const env = loadEnv({ DATA_DIR: dir });
    const first = loadTokenSecret(env);
    expect(first.byteLength).toBe(32);
    const file = path.join(dir, 'jwt-secret');
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(loadTokenSecret(env)).equals(Buffer.from(first))).toBe(true);
    // Another data folder gets another key.
    const other = loadTokenSecret(loadEnv({ DATA_DIR: tempDir() }));
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false);
  });

  test('a damaged secret file stops start-up naming the file', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'jwt-secret'), 'not hex');
    expect(() => loadTokenSecret(loadEnv({ DATA_DIR: dir }))).toThrow(ConfigError);
    expect(() => loadTokenSecret(loadEnv({ DATA_DIR: dir }))).toThrow(/jwt-secret/);
  });
});
