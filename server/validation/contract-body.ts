// Runs a contract schema (forms/contracts/) on a request body or query string: the cast value, or
// the refusal the API answers. A rule that carries its own refusal (a code and a Spanish message)
// answers it as a 400; any other broken rule of a body answers 400 'invalid_body' naming the field
// and the JSON-Schema keyword of the rule (`campos`), as the body schemas of the routes answered
// before the contract. A refused query string names every refused parameter in `errores`.
import type { FastifyRequest } from 'fastify';
import { ValidationError, type AnySchema, type InferType, type Lazy, type ValidateOptions } from 'yup';
import { isRefusal, refusedParameters } from '../../forms/contracts/refusal';
import { ApiError } from '../api-error';
import { jsonSchemaKeyword } from '../openapi/yup-to-json-schema';

export const INVALID_BODY = 'La solicitud no es válida: faltan datos o tienen un formato incorrecto.';
export const INVALID_QUERY = 'La consulta no es válida: uno de sus parámetros tiene un valor incorrecto.';

type ContractSchema = AnySchema | Lazy<unknown>;

/** The first broken rule in the order the schema declares its fields (the object's own rules last). */
function firstError(error: ValidationError): ValidationError {
  return error.inner.length > 0 ? error.inner[0]! : error;
}

/** 'meta.guarantors[0]' as the JSON path the answer names: 'meta.guarantors.0'. */
const fieldOf = (path: string | undefined) => (path ?? '').replace(/\[(\d+)\]/g, '.$1').replace(/^\./, '');

export function refusalOf(error: ValidationError): ApiError {
  const first = firstError(error);
  const message: unknown = first.errors[0] ?? first.message;
  if (isRefusal(message)) return new ApiError(400, message.message, message.code);
  return new ApiError(400, INVALID_BODY, 'invalid_body', { campos: [{ campo: fieldOf(first.path), regla: jsonSchemaKeyword(first) }] });
}

/**
 * The body as the contract casts it, or throws the refusal. Every rule runs (abortEarly off) so the
 * refusal named is the first in declaration order, whatever order yup ran them in.
 */
export function contractBody<S extends ContractSchema>(schema: S, body: unknown, options: ValidateOptions = {}): InferType<S> {
  try {
    return schema.validateSync(body, { abortEarly: false, ...options }) as InferType<S>;
  } catch (error) {
    if (error instanceof ValidationError) throw refusalOf(error);
    throw error;
  }
}

/**
 * A preValidation hook: the body checked against the contract where Fastify validates bodies (after
 * parsing, before the route's own preHandler), and replaced by its cast value.
 */
export const checksBody =
  (schema: ContractSchema) =>
  async (request: FastifyRequest): Promise<void> => {
    // No body at all reads as null, as the body schemas read it.
    request.body = contractBody(schema, request.body === undefined ? null : request.body);
  };

/**
 * The query string as the contract casts it, or throws the refusal of its first refused parameter
 * (in the order the query names them), with `errores` giving the Spanish message of each one.
 */
export function contractQuery<S extends ContractSchema>(schema: S, query: unknown): InferType<S> {
  const parameters = (query ?? {}) as object;
  try {
    return schema.validateSync(parameters, { abortEarly: false }) as InferType<S>;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const refused = refusedParameters(error, parameters);
    const errores = Object.fromEntries(refused.map(([name, message]) => [name, isRefusal(message) ? message.message : INVALID_QUERY]));
    const first = refused[0]?.[1];
    if (isRefusal(first)) throw new ApiError(400, first.message, first.code, { errores });
    throw new ApiError(400, INVALID_QUERY, 'invalid_query', { errores });
  }
}

/** A hook: the query string checked against the contract, and replaced by its cast value. */
export const checksQuery =
  (schema: ContractSchema) =>
  async (request: FastifyRequest): Promise<void> => {
    request.query = contractQuery(schema, request.query);
  };
