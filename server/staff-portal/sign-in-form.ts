// Reads the staff sign-in form (urlencoded or JSON): the username and password as one text each,
// or nothing, so a number, a repeated field or a missing one is a plain refusal, never a 500.
import { signInFormSchema, SIGN_IN_FIELD_MAX } from '../../forms/contracts/session';
import { hasControlCharacters } from '../../forms/rules/text';

const MAX_FIELD = SIGN_IN_FIELD_MAX;
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

/** The credentials of the form, as the contract reads them (forms/contracts/session.ts), or nothing. */
export function readCredentials(body: unknown): Credentials | undefined {
  if (!signInFormSchema.isValidSync(body)) return undefined;
  const { username, password } = body as Credentials;
  return { username: username.trim(), password };
}
