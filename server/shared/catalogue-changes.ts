import crypto from 'node:crypto';
import type { ChangeFeed } from '../http/response-cache';
import type { SharedRedis } from './redis';

const CHANNEL = 'catalogue-changed';

/**
 * The catalogue cache's change feed over Redis pub/sub: a change in one process empties every
 * process's cache. A message carries its sender's id, so a process does not empty its cache
 * twice for its own change. Pub/sub costs nothing per cached answer (a version key read from
 * Redis would cost a round trip on every catalogue request).
 */
export function redisChangeFeed(redis: SharedRedis): ChangeFeed {
  const self = crypto.randomUUID();
  return {
    publish() {
      void redis.publish(CHANNEL, self);
    },
    listen(onChange, onLive) {
      redis.subscribe(
        CHANNEL,
        (sender) => {
          if (sender !== self) onChange();
        },
        onLive,
      );
    },
  };
}
