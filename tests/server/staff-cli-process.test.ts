import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { migrate, openDatabase } from '../../server/db';

/**
 * `npm run shop -- staff:create` as its own process, the password piped in, on a SQLite data
 * folder of its own (a server test: running it again on PostgreSQL would test nothing more).
 */

const PASSWORD = 'kitchen shelf 42';

/** Runs `npm run shop -- …` as its own process in `dataDir`, `stdin` piped in. */
function shopProcess(dataDir: string, args: string[], stdin: string) {
  const tsx = path.resolve('node_modules/.bin/tsx');
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(tsx, ['server/cli.ts', ...args], {
      // The process's own SQLite data folder, whatever engine the tests run on.
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end(stdin);
  });
}

describe('npm run shop as a process', () => {
  test('staff:create reads the password piped in; the order commands still run', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-staff-cli-'));
    try {
      const setup = openDatabase(path.join(dataDir, 'shop.sqlite'));
      await migrate(setup);
      await setup.destroy();
      const email = 'first-owner@gharbazaar.in';
      const created = await shopProcess(
        dataDir,
        ['staff:create', '--email', email, '--role', 'owner', '--name', 'Meera Iyer', '--password-stdin'],
        `${PASSWORD}\n`,
      );
      expect(created.code, created.err).toBe(0);
      expect(created.out).toContain(`Created owner Meera Iyer <${email}>`);
      expect(created.out.match(/^ {2}[0-9a-z]{4}(?:-[0-9a-z]{4}){3}$/gm)).toHaveLength(10);
      expect(created.out).not.toContain(PASSWORD);
      const db = openDatabase(path.join(dataDir, 'shop.sqlite'));
      try {
        const row = await db.selectFrom('staff').selectAll().executeTakeFirstOrThrow();
        expect(row).toMatchObject({ email, role: 'owner', name: 'Meera Iyer' });
      } finally {
        await db.destroy();
      }
      const weak = await shopProcess(
        dataDir,
        ['staff:create', '--email', 'b@gharbazaar.in', '--role', 'support', '--password-stdin'],
        '123\n',
      );
      expect(weak.code).toBe(1);
      expect(weak.err).toContain('Password must be at least 6 characters.');
      const orders = await shopProcess(dataDir, ['order:list'], '');
      expect(orders.code, orders.err).toBe(0);
      expect(orders.out).toContain('No orders yet.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
