import path from 'node:path';
import { z } from 'zod';

const whole = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const schema = z.object({
  PORT: whole(1, 65535).default(4321),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  SITE_URL: z.url().optional(),
  SEED_PRODUCTS: whole(1, 1_000_000).default(320),
  REBUILD_INTERVAL_MINUTES: whole(0, 7 * 24 * 60).default(0),
  LOG_REQUESTS: z.enum(['0', '1']).default('0'),
});

export interface Env {
  port: number;
  host: string;
  /** Absolute path of the folder holding the database, media and built site. */
  dataDir: string;
  /** Public origin used for canonical URLs, Open Graph and the sitemap. */
  siteUrl: string;
  seedProducts: number;
  rebuildIntervalMinutes: number;
  logRequests: boolean;
}

/** A configuration value that cannot be used; the message names the variable. */
export class ConfigError extends Error {}

/** Reads the configuration from the environment once; a bad value throws naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const present = Object.fromEntries(
    Object.keys(schema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}=${JSON.stringify(present[String(issue.path[0])])}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const v = parsed.data;
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir: path.resolve(v.DATA_DIR),
    siteUrl: (v.SITE_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    seedProducts: v.SEED_PRODUCTS,
    rebuildIntervalMinutes: v.REBUILD_INTERVAL_MINUTES,
    logRequests: v.LOG_REQUESTS === '1',
  };
}
