// The JSON request body, bounded before it is parsed: at most `limitBytes`, and nested at most
// JSON_MAX_DEPTH levels, measured on the raw text (server/db/nesting-depth.ts), so a hostile body
// thousands of levels deep is refused before any recursive code (parse, validation, the database
// thread, a reply) sees it. Fastify's own body refusals are answered by server/http-errors.ts.
import type { FastifyInstance } from 'fastify';
import { jsonTextDepth } from './db/nesting-depth';
import { ApiError } from './api-error';

/** Far deeper than any model (about 8 levels with a PLD review), far below what breaks a stack. */
export const JSON_MAX_DEPTH = 32;

/** Keys no model has that would shadow what every object inherits (toString, valueOf, __proto__…). */
const INHERITED = new Set(Object.getOwnPropertyNames(Object.prototype));

/** The first key of `value` (at any depth) named like an inherited member; the value is already depth-bounded. */
function inheritedKey(value: unknown): string | undefined {
  const stack = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    for (const key of Array.isArray(node) ? [] : Object.keys(node)) if (INHERITED.has(key)) return key;
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) stack.push(child);
  }
  return undefined;
}

export function installJsonBody(app: FastifyInstance, limitBytes: number) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: limitBytes }, (request, body, done) => {
    const text = body as string;
    if (jsonTextDepth(text, JSON_MAX_DEPTH) > JSON_MAX_DEPTH) {
      done(new ApiError(400, `El cuerpo de la solicitud está anidado a más de ${JSON_MAX_DEPTH} niveles.`, 'body_too_deep'), undefined);
      return;
    }
    parse(request, text, (error: Error | null, value?: unknown) => {
      if (error) return done(error, undefined);
      const key = inheritedKey(value);
      if (key !== undefined) return done(new ApiError(400, `El cuerpo de la solicitud contiene un nombre de campo no permitido: ${key}.`, 'forbidden_key'), undefined);
      done(null, value);
    });
  });
}
