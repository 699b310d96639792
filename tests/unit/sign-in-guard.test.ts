// The sign-in guard's log: every refusal and every failed sign-in is a security event naming the address.
import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createSignInGuard, memoryAttemptStore, waitInSpanish } from '../../server/auth/sign-in-guard';
import { hashPassword } from '../../server/auth/passwords';
import { DEFAULT_LIMITS } from '../../server/limit-settings';

describe('the sign-in guard', () => {
  it('logs failures and refusals as security events with the address', async () => {
    const user = { id: 7, username: 'ana', password_hash: await hashPassword('secreta') };
    const events: Record<string, unknown>[] = [];
    const request = {
      ip: '203.0.113.9',
      log: { warn: (event: Record<string, unknown>) => events.push(event) },
      backend: { staff: { findByUsername: async (name: string) => (name === 'ana' ? user : undefined) } },
    } as unknown as FastifyRequest;
    const guard = createSignInGuard({
      enabled: true,
      settings: { ...DEFAULT_LIMITS.signIn, user: { delayAfter: 1, lockAfter: 5 } },
      store: memoryAttemptStore(),
    });

    expect(await guard.check(request, 'ana', 'mal')).toMatchObject({ status: 401 });
    expect(await guard.check(request, 'ana', 'secreta')).toMatchObject({ status: 429, headers: { 'retry-after': '1' } });
    expect(events).toEqual([
      expect.objectContaining({ event: 'security', kind: 'staff_sign_in_failed', address: '203.0.113.9', username: 'ana' }),
      expect.objectContaining({ event: 'security', kind: 'staff_sign_in_refused', reason: 'delay', address: '203.0.113.9', username: 'ana' }),
    ]);
  });

  it('says how long to wait in Spanish', () => {
    expect(waitInSpanish(1)).toBe('1 segundo');
    expect(waitInSpanish(45)).toBe('45 segundos');
    expect(waitInSpanish(900)).toBe('15 minutos');
  });
});
