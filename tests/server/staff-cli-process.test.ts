import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { originalName, parseImageUrl, responsiveWidths, variantName } from '../../contract/images';
import { migrate, openDatabase } from '../../server/db';
import { photoPicture } from '../../server/demo/photo-recipes';
import { recordImages } from '../../server/repositories/images';

/**
 * `npm run shop -- staff:create` as its own process, the password piped in, on a SQLite data
 * folder of its own (a server test: running it again on PostgreSQL would test nothing more).
 */

const PASSWORD = 'kitchen shelf 42';

/** Runs `npm run shop -- …` as its own process in `dataDir`, `stdin` piped in. */
function shopProcess(dataDir: string, args: string[], stdin: string) {
  // tsx's command line on this process's Node: node_modules/.bin/tsx would start on the first `node` on PATH.
  const tsx = path.resolve('node_modules/tsx/dist/cli.mjs');
  return new Promise<{ code: number | null; out: string; err: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [tsx, 'server/cli.ts', ...args], {
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
      expect(weak.err).toContain('Password must be at least 8 characters.');
      const orders = await shopProcess(dataDir, ['order:list'], '');
      expect(orders.code, orders.err).toBe(0);
      expect(orders.out).toContain('No orders yet.');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('images:encode draws and encodes the pictures waiting, and marks them', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-images-cli-'));
    try {
      const setup = openDatabase(path.join(dataDir, 'shop.sqlite'));
      await migrate(setup);
      const pictures = [
        photoPicture({ type: 'tile', kind: 'jar', background: '#fde68a' }),
        photoPicture({
          type: 'banner',
          kind: 'pot',
          title: 'Fresh pots',
          subtitle: null,
          palette: ['#fef3c7', '#b45309'],
        }),
      ];
      await recordImages(
        setup,
        pictures.map((p) => p.row),
      );
      await setup.destroy();
      const run = await shopProcess(dataDir, ['images:encode'], '');
      expect(run.code, run.err).toBe(0);
      expect(run.out).toMatch(/Encoded 2 picture\(s\) in [\d.]+ s/);
      for (const { url } of pictures) {
        const facts = parseImageUrl(url);
        if (!facts) throw new Error(url);
        const files = [
          originalName(facts),
          ...responsiveWidths(facts.width).map((w) => variantName(facts.hash, w, 'avif')),
        ];
        for (const name of files) expect(fs.existsSync(path.join(dataDir, 'media', 'images', name)), name).toBe(true);
      }
      const again = await shopProcess(dataDir, ['images:encode'], '');
      expect(again.out).toContain('Encoded 0 picture(s)');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
