import fs from 'node:fs';
import { serve, type ServerType } from '@hono/node-server';
import type { Hono } from 'hono';
import { databaseFile, migrate, openDatabase, type Db } from './db';
import { catalogueIsEmpty, seedCatalogue } from './db/seed';
import { generateCatalogue } from './db/seed/generate';
import { ConfigError, loadEnv, type Env } from './env';

/** Reads the configuration, or ends the process with a message naming the bad variable. */
export function envOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
}

/** Opens and migrates the data folder's database, seeding the catalogue when it is empty. */
export async function prepareData(env: Env, log: (line: string) => void = console.log): Promise<Db> {
  fs.mkdirSync(env.dataDir, { recursive: true });
  const db = openDatabase(databaseFile(env.dataDir));
  const applied = await migrate(db);
  if (applied.length) log(`Database migrated: ${applied.join(', ')}`);
  if (await catalogueIsEmpty(db)) {
    const started = performance.now();
    await seedCatalogue(db, generateCatalogue({ products: env.seedProducts }));
    log(`Catalogue seeded with ${env.seedProducts} products in ${Math.round(performance.now() - started)} ms`);
  }
  return db;
}

/** Starts answering on host:port; resolves with the server once it listens. */
export function listen(app: Hono, port: number, host: string): Promise<ServerType> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: app.fetch, port, hostname: host }, () => resolve(server));
    server.once('error', reject);
  });
}

/** The port a listening server got (useful with port 0). */
export function boundPort(server: ServerType): number {
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}
