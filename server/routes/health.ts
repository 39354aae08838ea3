import { createRoute } from '@hono/zod-openapi';
import { z } from 'zod';
import type { Db } from '../db';
import { ApiRoutes, json } from '../http/api-routes';
import { checkDatabase } from '../services/health';

/** A check that takes longer than this counts as failed: a load balancer must not wait on a hung pool. */
export const HEALTH_CHECK_TIMEOUT_MS = 2000;

/** The Node.js major this process runs on: a deployment can confirm its runtime (package.json pins it). */
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);

const CheckSchema = z.strictObject({
  ok: z.boolean(),
  ms: z.number().nonnegative().meta({ description: 'How long the check took, in milliseconds.' }),
});

export const HealthSchema = z
  .strictObject({
    status: z.enum(['ok', 'degraded']).meta({
      description:
        '`ok` when every configured service answers; `degraded` when one does not (with 200 when only Redis is away, 503 when the database is).',
    }),
    database: CheckSchema,
    redis: CheckSchema.nullable().meta({ description: 'null when REDIS_URL is not set.' }),
    build: z
      .strictObject({
        age_seconds: z.number().int().nonnegative(),
        built_at: z.string().meta({ description: 'When the build finished, ISO 8601 in UTC.' }),
      })
      .nullable()
      .meta({ description: 'The static site being served; null before the first build has finished.' }),
    pictures: z
      .strictObject({
        waiting: z.number().int().nonnegative().meta({
          description:
            'Pictures whose responsive widths are not written yet (a new demo seed or a pipeline upgrade, encoded in the background); pages show their colour until then.',
        }),
      })
      .nullable()
      .meta({ description: 'null when the database did not answer.' }),
    node: z.number().int().positive().meta({
      description:
        'The major version of Node.js this process runs on (the major only: patch levels are not for the public).',
    }),
  })
  .meta({ id: 'Health', description: "This API process's view of what it depends on." });
export type Health = z.infer<typeof HealthSchema>;

export interface HealthOptions {
  db: Db;
  /** Redis's PING, when REDIS_URL is set. */
  redis?: { ping(): Promise<number> } | null;
  /** When the site being served was built, null before the first build. */
  builtAt?: () => Date | null;
  now?: () => number;
}

/** Runs `check` with a time limit: ok and how long it took, or not ok after the error or the limit. */
async function timed(check: () => Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), HEALTH_CHECK_TIMEOUT_MS);
  });
  let ok = true;
  try {
    await Promise.race([check(), limit]);
  } catch {
    ok = false;
  } finally {
    clearTimeout(timer);
  }
  return { ok, ms: Math.round((performance.now() - started) * 10) / 10 };
}

/**
 * `GET /api/health`, for load balancers: 200 while the database answers, even with Redis away
 * (the shop still sells: throttled account actions answer 503 on their own); 503 when the
 * database does not, so the balancer sends shoppers to a process that can serve them.
 */
export function healthRoutes(options: HealthOptions): ApiRoutes {
  const routes = new ApiRoutes();
  const now = options.now ?? Date.now;
  const health = createRoute({
    method: 'get',
    path: '/health',
    tags: ['Operations'],
    summary: "This process's health, for load balancers",
    description:
      'Checks the database (`select 1`) and Redis (`PING`, when REDIS_URL is set), each within 2 s, and ' +
      'gives the age of the site being served. Never cached, never throttled.',
    responses: {
      200: json(HealthSchema, 'The database answers (Redis may not: then `status` is `degraded`).'),
      503: json(HealthSchema, 'The database does not answer: send requests to another process.'),
    },
  });
  routes.openapi(health, async (c) => {
    const redis = options.redis;
    let waiting: number | null = null;
    const [database, redisCheck] = await Promise.all([
      timed(async () => {
        waiting = (await checkDatabase(options.db)).picturesWaiting;
      }),
      redis ? timed(() => redis.ping()) : Promise.resolve(null),
    ]);
    const builtAt = options.builtAt?.() ?? null;
    const body: Health = {
      status: database.ok && (redisCheck?.ok ?? true) ? 'ok' : 'degraded',
      database,
      redis: redisCheck,
      build: builtAt
        ? {
            age_seconds: Math.max(0, Math.floor((now() - builtAt.getTime()) / 1000)),
            built_at: builtAt.toISOString(),
          }
        : null,
      pictures: database.ok && waiting !== null ? { waiting } : null,
      node: NODE_MAJOR,
    };
    c.header('cache-control', 'no-store');
    return c.json(body, database.ok ? 200 : 503);
  });
  return routes;
}
