// Rate limits per client address on the routes worth abusing, and the staff sign-in guard; both count
// in memory, or in Redis (REDIS_URL) so every instance shares the count. RATE_LIMIT=off turns both off.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fastifyRateLimit, { normalizeIP } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { ApiError } from './http-errors';
import type { LimitGroup } from './limit-settings';
import { createSignInGuard, memoryAttemptStore, redisAttemptStore, waitInSpanish, type SignInGuard } from './auth/sign-in-guard';

declare module 'fastify' {
  interface FastifyInstance {
    signInGuard: SignInGuard;
  }
}

// First match wins; "METHOD /full/path" as Fastify registers it.
const GROUPS: [LimitGroup, RegExp][] = [
  ['token', /^POST \/api\/oauth\/token$/],
  ['staffSignIn', /^POST \/staff\/login$/],
  ['pldReload', /^POST \/api\/pld\/lists\/reload$/],
  ['pld', /^[A-Z]+ \/api\/(pld\/|blacklist)/],
  ['duplicateCheck', /^POST \/api\/(persons\/fbrfc|wizardpm\/avalfbrfc)$/],
  ['removal', /^DELETE \/api\//],
  ['save', /^(POST|PUT) \/api\/wizard(pf|pfae|pm)(\/:uuid)?$/],
  ['lookup', /^(GET|HEAD) \/api\/.*:(uuid|guarantor)\b/],
];

export function limitGroupOf(method: string, url: string): LimitGroup | undefined {
  return GROUPS.find(([, pattern]) => pattern.test(`${method} ${url}`))?.[0];
}

export async function installRateLimits(app: FastifyInstance) {
  const { rateLimit: enabled, redisUrl, limits } = app.config;
  const redis = enabled && redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    redis.on('error', (error) => app.log.error({ err: error }, 'rate-limit store (Redis) unavailable'));
    app.addHook('onClose', async () => void (await redis.quit().catch(() => redis.disconnect())));
  }
  app.decorate('signInGuard', createSignInGuard({ enabled, settings: limits.signIn, store: redis ? redisAttemptStore(redis) : memoryAttemptStore() }));
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

  const limiters = new Map<LimitGroup, ReturnType<FastifyInstance['rateLimit']>>();
  for (const [group, { max, windowSeconds }] of Object.entries(limits.routes) as [LimitGroup, { max: number; windowSeconds: number }][]) {
    limiters.set(
      group,
      app.rateLimit({
        max,
        timeWindow: windowSeconds * 1000,
        keyGenerator: (request: FastifyRequest) => `${group}:${normalizeIP(request.ip)}`,
        onExceeded: (request: FastifyRequest) =>
          request.log.warn({ event: 'security', kind: 'rate_limited', group, address: request.ip }, 'request refused by a rate limit'),
      }),
    );
  }
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const group = methods.map((method) => limitGroupOf(method, route.url)).find(Boolean);
    if (!group) return;
    const hooks = route.onRequest ? (Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest]) : [];
    route.onRequest = [...hooks, limiters.get(group)!] as RouteOptions['onRequest'];
  });
}
