// Rate limits per client address on the routes worth abusing, and the staff sign-in guard; both count
// in memory, or in Redis (REDIS_URL) so every instance shares the count, in memory again while Redis
// is unreachable (server/redis-fallback.ts). RATE_LIMIT=off turns both off.
import { createRequire } from 'node:module';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ApiError } from './api-error';
import { limitGroupOf } from './limit-groups';
import type { LimitGroup } from './limit-settings';
import { createSignInGuard, fallbackAttemptStore, memoryAttemptStore, redisAttemptStore, waitInSpanish, type SignInGuard } from './auth/sign-in-guard';
import { redisFallback, type RedisFallback } from './redis-fallback';

declare module 'fastify' {
  interface FastifyInstance {
    signInGuard: SignInGuard;
  }
}

/** Waits `ms` before a refusal is answered, unless `max` refusals are already waiting. */
function refusalHold(ms: number, max: number) {
  let held = 0;
  return async () => {
    if (ms <= 0 || held >= max) return;
    held++;
    await new Promise((resolve) => setTimeout(resolve, ms));
    held--;
  };
}

/** Logs a key's first refusal in each window, not every one (a script meets thousands). */
function firstRefusals(capacity = 10_000) {
  const until = new Map<string, number>();
  return (key: string, windowMs: number) => {
    const now = Date.now();
    if ((until.get(key) ?? 0) > now) return false;
    until.delete(key);
    until.set(key, now + windowMs);
    if (until.size > capacity) until.delete(until.keys().next().value!);
    return true;
  };
}

// The plugin's own stores (callback style, with a `read` its types leave out), to count in Redis and
// in memory behind one store that picks between them.
type Counted = { current: number; ttl: number };
type StoreCall = (key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number, max: number) => void;
interface CountStore {
  incr: StoreCall;
  read: StoreCall;
  child(routeOptions: object): CountStore;
}
type StoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => CountStore;
const requireStore = createRequire(import.meta.url);
const RedisStore = requireStore('@fastify/rate-limit/store/RedisStore.js') as StoreCtor;
const LocalStore = requireStore('@fastify/rate-limit/store/LocalStore.js') as StoreCtor;

/** Counts in Redis while it answers, in this instance's memory while it does not. */
function fallbackStore(fallback: RedisFallback, shared: CountStore, local: CountStore): CountStore {
  const either = (method: 'incr' | 'read'): StoreCall => (key, callback, timeWindow, max) => {
    const count = (store: CountStore) => () =>
      new Promise<Counted>((resolve, reject) => store[method](key, (error, result) => (error ? reject(error) : resolve(result!)), timeWindow, max));
    fallback.run(count(shared), count(local)).then((result) => callback(null, result), (error: Error) => callback(error));
  };
  return { incr: either('incr'), read: either('read'), child: (routeOptions) => fallbackStore(fallback, shared.child(routeOptions), local.child(routeOptions)) };
}

/** The plugin's `store` option: a class it constructs with its options. */
function fallbackStoreClass(fallback: RedisFallback, redis: Redis, nameSpace: string) {
  return class {
    constructor({ continueExceeding = false, exponentialBackoff = false }: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      // A constructor may answer another object: the plugin uses what `new` gives it.
      return fallbackStore(fallback, new RedisStore(continueExceeding, exponentialBackoff, redis, nameSpace), new LocalStore(continueExceeding, exponentialBackoff));
    }
  } as unknown as FastifyRateLimitStoreCtor;
}

export async function installRateLimits(app: FastifyInstance) {
  const { rateLimit: enabled, redisUrl, limits } = app.config;
  // No queue while disconnected: a count goes to memory at once rather than waiting for Redis.
  const redis = enabled && redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 500, connectTimeout: 2000 }) : undefined;
  const fallback = redis && redisFallback(redis, app.log);
  if (fallback) app.addHook('onClose', async () => fallback.close());
  const hold = refusalHold(limits.refusalDelayMs, limits.maxHeld);
  const attempts = redis && fallback ? fallbackAttemptStore(fallback, redisAttemptStore(redis), memoryAttemptStore()) : memoryAttemptStore();
  app.decorate('signInGuard', createSignInGuard({ enabled, settings: limits.signIn, store: attempts, hold }));
  if (!enabled) return;

  await app.register(fastifyRateLimit, {
    global: false,
    store: redis && fallback ? fallbackStoreClass(fallback, redis, 'solicitud:rate:') : undefined,
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, `Demasiadas solicitudes. Espera ${waitInSpanish(Math.max(1, Math.ceil(context.ttl / 1000)))} e intenta de nuevo.`, 'rate_limited'),
  });

  const isFirst = firstRefusals();
  const limiters = new Map<LimitGroup, (request: FastifyRequest, reply: FastifyReply) => Promise<void>>();
  for (const [group, { max, windowSeconds }] of Object.entries(limits.routes) as [LimitGroup, { max: number; windowSeconds: number }][]) {
    const limiter = app.rateLimit({
      max,
      timeWindow: windowSeconds * 1000,
      keyGenerator: (request: FastifyRequest) => `${group}:${normalizeIP(request.ip)}`,
      onExceeded: (request: FastifyRequest, key: string) => {
        if (isFirst(key, windowSeconds * 1000)) {
          request.log.warn({ event: 'security', kind: 'rate_limited', group, address: request.ip }, 'requests refused by a rate limit (first of this window)');
        }
      },
    });
    limiters.set(group, async (request, reply) => {
      try {
        await limiter.call(app, request, reply);
      } catch (error) {
        await hold();
        throw error;
      }
    });
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((method) => limitGroupOf(method, route.url)).find(Boolean);
    if (!group) return;
    const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...hooks, limiters.get(group)!] as RouteOptions['onRequest'];
  });
}
