// The limits' shared store (Redis), with this instance's memory standing in while it is
// unreachable: each count goes to Redis while the connection is up, to memory while it is not (or
// when a call fails), and the log says once that the instance counts alone and once that it shares
// again.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

export interface RedisFallback {
  /** `shared` while Redis answers; `local` while it does not, or when `shared` fails. */
  run<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T>;
  /** Closes the connection (not reported as an outage). */
  close(): Promise<void>;
}

export const REDIS_DOWN_MESSAGE = 'rate-limit store (Redis) unreachable: counting in memory on this instance';
export const REDIS_BACK_MESSAGE = 'rate-limit store (Redis) reachable again: counting shared with the other instances';

export function redisFallback(redis: Redis, log: FastifyBaseLogger): RedisFallback {
  let saidDown = false;
  let closing = false;
  const down = (error?: unknown) => {
    if (saidDown || closing) return;
    saidDown = true;
    log.warn({ err: error }, REDIS_DOWN_MESSAGE);
  };
  // ioredis reports every failed reconnection: only the first one is news.
  redis.on('error', down);
  redis.on('close', () => down());
  const back = () => {
    if (!saidDown) return;
    saidDown = false;
    log.info(REDIS_BACK_MESSAGE);
  };
  redis.on('ready', back);
  return {
    async run(shared, local) {
      if (redis.status !== 'ready') return local();
      try {
        const result = await shared();
        back(); // a call that failed on a live connection: this one answered
        return result;
      } catch (error) {
        down(error);
        return local();
      }
    },
    async close() {
      closing = true;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
