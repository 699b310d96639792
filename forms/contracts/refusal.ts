// A contract rule's refusal as the API answers it: a code and a Spanish message, carried as the
// yup error message itself so the schema, not the route, says what a broken rule answers.
import { number, object, string, array, mixed, type InferType, type ValidationError } from 'yup';

export type Refusal = { code: string; message: string };

export const refusal = (code: string, message: string): Refusal => ({ code, message });

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && typeof (value as Refusal).code === 'string' && typeof (value as Refusal).message === 'string';

/** A parameter's name as a refusal repeats it: at most this long, so a refusal never echoes a long one back. */
const PARAMETER_NAME_MAX = 40;

/**
 * Per refused parameter of a query string (a schema whose errors have the parameter's name as their
 * path), the message of the first rule it broke, in the order the query names the parameters.
 */
export function refusedParameters(error: ValidationError, query: object): Array<[name: string, message: unknown]> {
  const names = Object.keys(query);
  const position = (path: string) => {
    const index = names.indexOf(path);
    return index < 0 ? names.length : index;
  };
  const first = new Map<string, unknown>();
  for (const item of error.inner.length > 0 ? error.inner : [error]) {
    const path = item.path ?? '';
    if (!first.has(path)) first.set(path, item.errors[0] ?? item.message);
  }
  return [...first]
    .sort(([a], [b]) => position(a) - position(b))
    .map(([path, message]) => [path.slice(0, PARAMETER_NAME_MAX), message]);
}

/**
 * Every error the API answers (server/http-errors.ts): a Spanish `message`, never a stack trace.
 * A refused body adds `campos` (the rule that failed per field), a refused write `errores` (the
 * Spanish message per field path), incomplete guarantors `avales` (their names).
 */
export const errorAnswerSchema = object({
  statusCode: number().integer().min(400).max(599).required(),
  code: string().required(),
  message: string().required(),
  campos: array(object({ campo: string().defined(), regla: string().required() }).required()).optional(),
  errores: mixed<Record<string, string>>().optional().meta({ openapi: { type: 'object', additionalProperties: { type: 'string' } } }),
  avales: array(string().required()).optional(),
});
export type ErrorAnswer = InferType<typeof errorAnswerSchema>;
