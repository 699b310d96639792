// Reads the staff sign-in form (urlencoded or JSON): the username and password as one text each,
// or nothing, so a number, a repeated field or a missing one is a plain refusal, never a 500.
import { hasControlCharacters } from '../../forms/rules/text';

const MAX_FIELD = 200;
/** `next` carries a whole app path (a list with its search), as safe-next.ts accepts it. */
const MAX_NEXT = 2000;

export interface Credentials {
  username: string;
  password: string;
}

const text = (value: unknown, max = MAX_FIELD) =>
  typeof value === 'string' && value.length <= max && !hasControlCharacters(value) ? value : undefined;

/** A text field of the posted body, for echoing back (anything else is ''). */
export function formField(body: unknown, name: string): string {
  return (body && typeof body === 'object' ? text((body as Record<string, unknown>)[name], name === 'next' ? MAX_NEXT : MAX_FIELD) : undefined) ?? '';
}

export function readCredentials(body: unknown): Credentials | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const fields = body as Record<string, unknown>;
  const username = text(fields.username)?.trim();
  const password = text(fields.password);
  return username && password ? { username, password } : undefined;
}
