// Runs a contract schema (forms/contracts/) on a request body: the cast value, or the refusal the
// API answers. A rule that carries its own refusal (a code and a Spanish message) answers it as a
// 400; any other broken rule answers 400 'invalid_body' naming the field and the JSON-Schema keyword
// of the rule (`campos`), as the body schemas of the routes answered before the contract.
import type { FastifyRequest } from 'fastify';
import { ValidationError, type AnySchema, type InferType, type Lazy, type ValidateOptions } from 'yup';
import { isRefusal } from '../../forms/contracts/refusal';
import { ApiError } from '../api-error';
import { jsonSchemaKeyword } from '../openapi/yup-to-json-schema';

export const INVALID_BODY = 'La solicitud no es válida: faltan datos o tienen un formato incorrecto.';

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
