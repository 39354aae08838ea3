import type { Hono } from 'hono';
import { createApp, type AppOptions } from '../../server/app';
import { migrate, openDatabase, type Db } from '../../server/db';
import { seedCatalogue } from '../../server/db/seed';
import { generateCatalogue } from '../../server/db/seed/generate';

/** One answer of the in-process app, its body parsed as JSON when it is JSON. */
export interface TestResponse {
  status: number;
  body: unknown;
  headers: Headers;
}

export interface TestApp {
  app: Hono;
  db: Db;
  get(path: string, init?: RequestInit): Promise<TestResponse>;
}

/** Reads a response: JSON bodies parsed, anything else as text. */
export async function readResponse(res: Response): Promise<TestResponse> {
  const text = await res.text();
  const type = res.headers.get('content-type') ?? '';
  let body: unknown = text;
  if (type.includes('application/json')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: res.status, body, headers: res.headers };
}

/**
 * A fresh in-memory shop seeded with `products` generated products; nothing listens on a port.
 * Callers close `db` in afterAll.
 */
export async function makeTestApp(products = 60, options: Omit<AppOptions, 'db'> = {}): Promise<TestApp> {
  const db = openDatabase(':memory:');
  await migrate(db);
  await seedCatalogue(db, generateCatalogue({ products }));
  const app = createApp({ db, ...options });
  return {
    app,
    db,
    get: async (path, init) => readResponse(await app.request(path, init)),
  };
}
