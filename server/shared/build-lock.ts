import crypto from 'node:crypto';
import type { Redis } from 'ioredis';

/** A lock that was taken: release it when the work is done. */
export interface HeldLock {
  release(): Promise<void>;
}

/** Who builds the static site: one process at a time among all that share the lock. */
export interface BuildLock {
  /** The lock, or null when another process holds it (or it cannot be taken now, `reason` says why). */
  acquire(): Promise<{ held: HeldLock } | { held: null; reason: string }>;
}

/** Without Redis, one process per data folder: the file lock inside `buildSite` is the whole story. */
export const LOCAL_BUILD_LOCK: BuildLock = {
  acquire: () => Promise.resolve({ held: { release: () => Promise.resolve() } }),
};

/** The Redis key of the single-builder lock, under the shop's key prefix. */
export function buildLockKey(prefix: string): string {
  return `${prefix}site-build-lock`;
}

/** The Redis key of the lock of page refreshes after catalogue changes (apart from builds'). */
export function refreshLockKey(prefix: string): string {
  return `${prefix}site-refresh-lock`;
}

/** How long a lock lives without renewal: a builder killed with kill -9 blocks the others this long at most. */
export const BUILD_LOCK_TTL_MS = 30_000;

// Renews or deletes the key only while it still holds this holder's token.
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

/**
 * The build lock as a Redis key with an expiry: `SET key token NX PX ttl` takes it, a renewal every
 * third of the ttl keeps it while the build runs, and only the holder's token deletes it.
 */
export function redisBuildLock(client: Redis, key: string, ttlMs = BUILD_LOCK_TTL_MS): BuildLock {
  return {
    async acquire() {
      const token = `${process.pid}:${crypto.randomUUID()}`;
      let taken: string | null;
      try {
        taken = await client.set(key, token, 'PX', ttlMs, 'NX');
      } catch (error) {
        return {
          held: null,
          reason: `Redis cannot be reached (${error instanceof Error ? error.message : String(error)})`,
        };
      }
      if (taken !== 'OK') return { held: null, reason: 'another process holds the build lock' };
      const renewal = setInterval(
        () => {
          // A renewal that fails (Redis away) is tried again; while Redis is away nobody else can take it either.
          client.eval(RENEW, 1, key, token, String(ttlMs)).catch(() => {});
        },
        Math.floor(ttlMs / 3),
      );
      renewal.unref();
      return {
        held: {
          async release() {
            clearInterval(renewal);
            await client.eval(RELEASE, 1, key, token).catch(() => {
              // Redis away: the key expires by itself within the ttl.
            });
          },
        },
      };
    },
  };
}
