// The staff sign-in guard: per user name and per address, a growing wait after failures and a
// temporary lockout, decided before any password is hashed; every try, known user or not, costs
// one scrypt, and at most a few run at once so a burst of tries cannot starve the server.
import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { StaffUser } from '../db/schema';
import type { SignInGuardSettings } from '../limit-settings';
import type { RedisFallback } from '../redis-fallback';
import { hashPassword, verifyPassword } from './passwords';

/** Whether a try may go on; when not, how long until it may, and whether that is a lockout. */
type Decision = { allowed: true } | { allowed: false; waitMs: number; locked: boolean };

/** Where failures are counted: this process's memory, or Redis for every instance (memory while it is unreachable). */
export interface AttemptStore {
  /** Refuses while any key waits; otherwise counts a failure on every key before the password is checked. */
  begin(keys: string[], settings: SignInGuardSettings): Promise<Decision>;
  reset(keys: string[]): Promise<void>;
}

export type SignInOutcome =
  | { user: StaffUser }
  | { status: 401 | 429; message: string; headers: Record<string, string> };

export interface SignInGuard {
  check(request: FastifyRequest, username: string, password: string): Promise<SignInOutcome>;
}

const WRONG = 'Usuario o contraseña incorrectos.';

const limitsOf = (settings: SignInGuardSettings) => [settings.user, settings.address];

/** The wait after a key's `failures`-th failure: none, doubling, or the lockout. */
function waitAfter(failures: number, { delayAfter, lockAfter }: { delayAfter: number; lockAfter: number }, settings: SignInGuardSettings) {
  if (failures >= lockAfter) return settings.lockSeconds * 1000;
  if (failures < delayAfter) return 0;
  return Math.min(settings.firstDelaySeconds * 1000 * 2 ** (failures - delayAfter), settings.maxDelaySeconds * 1000);
}

export function memoryAttemptStore(capacity = 10_000): AttemptStore {
  const entries = new Map<string, { failures: number; notBefore: number; forgetAt: number }>();
  return {
    async begin(keys, settings) {
      const now = Date.now();
      const current = keys.map((key) => {
        const entry = entries.get(key);
        return entry && entry.forgetAt > now ? entry : undefined;
      });
      const waiting = current.findIndex((entry) => entry && entry.notBefore > now);
      if (waiting >= 0) {
        const entry = current[waiting]!;
        return { allowed: false, waitMs: entry.notBefore - now, locked: entry.failures >= limitsOf(settings)[waiting].lockAfter };
      }
      keys.forEach((key, i) => {
        const failures = (current[i]?.failures ?? 0) + 1;
        const notBefore = now + waitAfter(failures, limitsOf(settings)[i], settings);
        entries.delete(key);
        entries.set(key, { failures, notBefore, forgetAt: Math.max(now + settings.windowSeconds * 1000, notBefore) });
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      });
      return { allowed: true };
    },
    async reset(keys) {
      for (const key of keys) entries.delete(key);
    },
  };
}

// The same rule as the memory store, atomic in Redis, on Redis's clock so every instance agrees.
const BEGIN = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window, first, longest, lock = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
for i, key in ipairs(KEYS) do
  local notBefore = tonumber(redis.call('HGET', key, 'notBefore') or '0')
  if notBefore > now then
    local failures = tonumber(redis.call('HGET', key, 'failures') or '0')
    return {0, notBefore - now, failures >= tonumber(ARGV[4 + 2 * i]) and 1 or 0}
  end
end
for i, key in ipairs(KEYS) do
  local failures = redis.call('HINCRBY', key, 'failures', 1)
  local delayAfter, lockAfter = tonumber(ARGV[3 + 2 * i]), tonumber(ARGV[4 + 2 * i])
  local wait = 0
  if failures >= lockAfter then wait = lock
  elseif failures >= delayAfter then wait = math.min(first * 2 ^ (failures - delayAfter), longest) end
  redis.call('HSET', key, 'notBefore', now + wait)
  redis.call('PEXPIRE', key, math.max(window, wait))
end
return {1, 0, 0}
`;

export function redisAttemptStore(redis: Redis, prefix = 'solicitud:sign-in:'): AttemptStore {
  return {
    async begin(keys, settings) {
      const args = [settings.windowSeconds * 1000, settings.firstDelaySeconds * 1000, settings.maxDelaySeconds * 1000, settings.lockSeconds * 1000];
      for (const limit of limitsOf(settings).slice(0, keys.length)) args.push(limit.delayAfter, limit.lockAfter);
      const [allowed, waitMs, locked] = (await redis.eval(BEGIN, keys.length, ...keys.map((key) => prefix + key), ...args)) as number[];
      return allowed === 1 ? { allowed: true } : { allowed: false, waitMs, locked: locked === 1 };
    },
    async reset(keys) {
      await redis.del(...keys.map((key) => prefix + key));
    },
  };
}

/** Redis while it answers, this instance's memory while it does not (server/redis-fallback.ts). */
export function fallbackAttemptStore(fallback: RedisFallback, shared: AttemptStore, local: AttemptStore): AttemptStore {
  return {
    begin: (keys, settings) => fallback.run(() => shared.begin(keys, settings), () => local.begin(keys, settings)),
    // A success clears both: failures counted in memory during an outage, and in Redis before it.
    reset: async (keys) => {
      await local.reset(keys);
      await fallback.run(() => shared.reset(keys), async () => {});
    },
  };
}

/** At most `concurrent` hashes at once; more than `queued` waiting are refused at once. */
function hashSlots(concurrent: number, queued: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(work: () => Promise<T>): Promise<T | 'busy'> => {
    if (running >= concurrent) {
      if (waiting.length >= queued) return 'busy';
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else running++;
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/** "1 segundo", "40 segundos", "15 minutos": how long a person must wait, in Spanish. */
export function waitInSpanish(seconds: number): string {
  if (seconds >= 120) {
    const minutes = Math.ceil(seconds / 60);
    return `${minutes} minutos`;
  }
  return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
}

const keyOf = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 24)}`;

interface GuardOptions {
  enabled: boolean;
  settings: SignInGuardSettings;
  store: AttemptStore;
  /** Waits before a refusal is answered. */
  hold?: () => Promise<void>;
}

/** A failed sign-in, as a security event: who tried from where, never the password. */
export function logFailedSignIn(request: FastifyRequest, reason: 'credentials' | 'malformed' | 'cross_site', username: string) {
  request.log.warn({ event: 'security', kind: 'staff_sign_in_failed', reason, address: request.ip, username: username.slice(0, 100) }, 'staff sign-in failed');
}

export function createSignInGuard({ enabled, settings, store, hold = async () => {} }: GuardOptions): SignInGuard {
  const slot = hashSlots(settings.concurrentHashes, settings.queuedHashes);
  // Unknown user names are checked against this, so they take as long as known ones.
  const dummyHash = hashPassword(randomBytes(16).toString('hex'));

  const refused = async (request: FastifyRequest, username: string, reason: string, seconds: number, message: string): Promise<SignInOutcome> => {
    await hold();
    request.log.warn({ event: 'security', kind: 'staff_sign_in_refused', reason, address: request.ip, username: username.slice(0, 100), retryAfter: seconds }, 'staff sign-in refused');
    return { status: 429, message, headers: { 'retry-after': String(seconds) } };
  };

  return {
    async check(request, username, password) {
      const name = username.trim();
      const keys = [keyOf('user', name.toLowerCase()), keyOf('address', request.ip)];
      if (enabled) {
        // Memory stands in for an unreachable Redis; should the store fail all the same, the try goes through (the hashing cap still holds).
        const decision = await store.begin(keys, settings).catch((error): Decision => {
          request.log.error({ err: error }, 'sign-in guard store unavailable');
          return { allowed: true };
        });
        if (!decision.allowed) {
          const seconds = Math.max(1, Math.ceil(decision.waitMs / 1000));
          const message = decision.locked
            ? `El acceso está bloqueado temporalmente por demasiados intentos fallidos. Intenta de nuevo en ${waitInSpanish(seconds)}.`
            : `Demasiados intentos fallidos. Espera ${waitInSpanish(seconds)} antes de intentar de nuevo.`;
          return refused(request, name, decision.locked ? 'locked' : 'delay', seconds, message);
        }
      }
      const user = name ? await request.backend.staff.findByUsername(name) : undefined;
      const stored = user?.password_hash ?? (await dummyHash);
      const matches = await slot(() => verifyPassword(password, stored));
      if (matches === 'busy') {
        return refused(request, name, 'busy', 1, 'Hay demasiados intentos de inicio de sesión en este momento. Espera 1 segundo e intenta de nuevo.');
      }
      if (user && matches === true && !user.disabled_at) {
        if (enabled) await store.reset(keys).catch((error) => request.log.error({ err: error }, 'sign-in guard store unavailable'));
        return { user };
      }
      logFailedSignIn(request, 'credentials', name);
      return { status: 401, message: WRONG, headers: {} };
    },
  };
}
