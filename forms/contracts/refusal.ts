// A contract rule's refusal as the API answers it: a code and a Spanish message, carried as the
// yup error message itself so the schema, not the route, says what a broken rule answers.
import { number, object, string, array, mixed, type InferType } from 'yup';

export type Refusal = { code: string; message: string };

export const refusal = (code: string, message: string): Refusal => ({ code, message });

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && typeof (value as Refusal).code === 'string' && typeof (value as Refusal).message === 'string';

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
