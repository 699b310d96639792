// The JSON request body, bounded before it is parsed: at most `limitBytes`, and nested at most
// JSON_MAX_DEPTH levels, measured on the raw text (server/db/nesting-depth.ts), so a hostile body
// thousands of levels deep is refused before any recursive code (parse, validation, the database
// thread, a reply) sees it. Also the Spanish answers for Fastify's own body refusals.
import type { FastifyError, FastifyInstance } from 'fastify';
import { jsonTextDepth } from './db/nesting-depth';
import { ApiError } from './http-errors';

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

const BODY_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'La solicitud es demasiado grande.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'El cuerpo de la solicitud no es un JSON válido.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'El cuerpo de la solicitud no es un JSON válido.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', 'El tipo de contenido no es compatible.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'invalid_content_length', 'La longitud declarada del cuerpo no corresponde con la recibida.'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'invalid_content_type', 'El tipo de contenido no es válido.'],
  FST_ERR_CTP_EMPTY_TYPE: [400, 'invalid_content_type', 'El tipo de contenido no es válido.'],
};

/** Fastify's refusals of a body, as the API answers them (Spanish, no internal code). */
export function bodyApiError(error: unknown): ApiError | undefined {
  const known = BODY_ERRORS[(error as FastifyError | null)?.code ?? ''];
  return known ? new ApiError(known[0], known[2], known[1]) : undefined;
}
