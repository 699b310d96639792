// Every error the API answers is JSON with a Spanish `message`, never a stack trace.
import type { FastifyError, FastifyInstance } from 'fastify';
import { databaseApiError } from './db/database-errors';
import { bodyApiError } from './json-body';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** More of the answer's body, beside statusCode, code and message (a 422's `errores`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const unauthorized = (message: string, code = 'unauthorized') => new ApiError(401, message, code);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') => new ApiError(403, message, 'forbidden');
export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, message, code);

const GENERIC: Record<number, string> = {
  400: 'La solicitud no es válida.',
  401: 'Se requiere iniciar sesión.',
  403: 'No tienes permiso para realizar esta acción.',
  404: 'El recurso solicitado no existe.',
  405: 'Método no permitido.',
  413: 'La solicitud es demasiado grande.',
  415: 'El tipo de contenido no es compatible.',
  429: 'Demasiadas solicitudes, intenta más tarde.',
  503: 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.',
};

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    const error = databaseApiError(thrown) ?? bodyApiError(thrown) ?? thrown;
    if (error !== thrown && (error.statusCode ?? 500) >= 500) request.log.warn({ err: thrown }, 'database failure answered with an API error');
    if (error instanceof ApiError) {
      return reply.status(error.statusCode).send({ ...error.details, statusCode: error.statusCode, code: error.code, message: error.message });
    }
    if ('validation' in error && error.validation) {
      const fields = error.validation.map((v) => ({
        campo: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? ''),
        regla: v.keyword,
      }));
      return reply.status(400).send({ statusCode: 400, code: 'invalid_body', message: 'La solicitud no es válida: faltan datos o tienen un formato incorrecto.', campos: fields });
    }
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ err: { message: error.message, code: error.code } }, 'request refused');
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
        ? 'El cuerpo de la solicitud no es un JSON válido.'
        : (GENERIC[status] ?? 'Ocurrió un error en el servidor.');
    return reply.status(status).send({ statusCode: status, code: error.code ?? 'error', message });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ statusCode: 404, code: 'not_found', message: `No existe la ruta ${request.method} ${request.url.split('?')[0]}.` });
  });
}
