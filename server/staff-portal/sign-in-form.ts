// Reads the staff sign-in form (urlencoded or JSON): the username and password as one text each,
// or nothing, so a number, a repeated field or a missing one is a plain refusal, never a 500.
import type { FastifyRequest } from 'fastify';

const MAX_FIELD = 200;

export interface Credentials {
  username: string;
  password: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.length <= MAX_FIELD ? value : undefined);

/** A text field of the posted body, for echoing back (anything else is ''). */
export function formField(body: unknown, name: string): string {
  return (body && typeof body === 'object' ? text((body as Record<string, unknown>)[name]) : undefined) ?? '';
}

export function readCredentials(body: unknown): Credentials | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const fields = body as Record<string, unknown>;
  const username = text(fields.username)?.trim();
  const password = text(fields.password);
  return username && password ? { username, password } : undefined;
}

/** A sign-in refused before the guard (malformed, another site's), logged as the guard logs its own: who tried from where, never the password. */
export function logFailedSignIn(request: FastifyRequest, reason: 'malformed' | 'cross_site', username: string) {
  request.log.warn({ event: 'security', kind: 'staff_sign_in_failed', reason, address: request.ip, username: username.slice(0, 100) }, 'staff sign-in failed');
}
