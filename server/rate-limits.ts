// Rate limits per client address on the routes worth abusing, and the staff sign-in guard; both count
// in memory, or in Redis (REDIS_URL) so every instance shares the count. RATE_LIMIT=off turns both off.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ApiError } from './api-error';
import { limitGroupOf } from './limit-groups';
import type { LimitGroup } from './limit-settings';
import { createSignInGuard, memoryAttemptStore, redisAttemptStore, waitInSpanish, type SignInGuard } from './auth/sign-in-guard';

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

export async function installRateLimits(app: FastifyInstance) {
  const { rateLimit: enabled, redisUrl, limits } = app.config;
  const redis = enabled && redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.error({ err: error }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  const hold = refusalHold(limits.refusalDelayMs, limits.maxHeld);
  app.decorate('signInGuard', createSignInGuard({ enabled, settings: limits.signIn, store: redis ? redisAttemptStore(redis) : memoryAttemptStore(), hold }));
  if (!enabled) return;

  await app.register(fastifyRateLimit, {
    global: false,
    redis,
    nameSpace: 'solicitud:rate:',
    // A Redis outage lets requests through (logged above) rather than refusing everyone.
    skipOnError: true,
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
