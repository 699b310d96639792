// Every error the API answers is JSON { statusCode, code, message } with a Spanish `message`:
// never a stack trace, never an internal code (PostgreSQL's, Node's, Fastify's). Fastify's own
// refusals (bad URL, too long a parameter, body too large, wrong content type, malformed HTTP)
// are mapped here too, so no English text or echoed request reaches a client. A person's browser
// opening a page that is not there (an unknown /staff/… page, a malformed address, a file that does
// not exist) gets the same answer as a Spanish page, not JSON.
import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ApiError } from './api-error';
import { databaseApiError } from './db/database-errors';
import { escapeHtml } from './html-escape';
import { API_PREFIX, pathOf, STORAGE_PREFIX, underPrefix } from './prefixes';
import { INVALID_BODY } from './validation/contract-body';

export const unauthorized = (message: string, code = 'unauthorized') => new ApiError(401, message, code);
export const forbidden = (message = 'No tienes permiso para realizar esta acción.') => new ApiError(403, message, 'forbidden');
export const badRequest = (message: string, code = 'bad_request') => new ApiError(400, message, code);

interface ErrorBody {
  statusCode: number;
  code: string;
  message: string;
  [detail: string]: unknown;
}

/** Fastify's own error codes that a client can cause, as the project's codes and messages. */
const FRAMEWORK: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'invalid_json', message: 'El cuerpo de la solicitud no es un JSON válido.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'empty_body', message: 'El cuerpo de la solicitud está vacío; se esperaba un JSON.' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'invalid_body', message: 'El tamaño declarado del cuerpo de la solicitud no coincide con el enviado.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'unsupported_media_type', message: 'El tipo de contenido de la solicitud no es compatible.' },
  FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'unsupported_media_type', message: 'El tipo de contenido de la solicitud no es compatible.' },
  FST_ERR_BAD_URL: { status: 400, code: 'bad_url', message: 'La dirección solicitada no es válida.' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'uri_too_long', message: 'La dirección solicitada es demasiado larga.' },
};

/** Any other status a refusal may carry (a plugin's 4xx), with a generic Spanish answer. */
const BY_STATUS: Record<number, { code: string; message: string }> = {
  400: { code: 'bad_request', message: 'La solicitud no es válida.' },
  401: { code: 'unauthorized', message: 'Se requiere iniciar sesión.' },
  403: { code: 'forbidden', message: 'No tienes permiso para realizar esta acción.' },
  404: { code: 'not_found', message: 'El recurso solicitado no existe.' },
  405: { code: 'method_not_allowed', message: 'Método no permitido.' },
  408: { code: 'request_timeout', message: 'La solicitud tardó demasiado en llegar.' },
  413: { code: 'payload_too_large', message: 'La solicitud es demasiado grande.' },
  414: { code: 'uri_too_long', message: 'La dirección solicitada es demasiado larga.' },
  415: { code: 'unsupported_media_type', message: 'El tipo de contenido de la solicitud no es compatible.' },
  429: { code: 'too_many_requests', message: 'Demasiadas solicitudes, intenta más tarde.' },
  431: { code: 'headers_too_large', message: 'Los encabezados o la dirección de la solicitud son demasiado grandes.' },
  503: { code: 'unavailable', message: 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.' },
};

const SERVER_ERROR = { code: 'error', message: 'Ocurrió un error en el servidor.' };

/** The answer for any error: the project's own errors as they are, everything else mapped. */
export function errorBody(error: FastifyError | ApiError | Error): ErrorBody {
  if (error instanceof ApiError) {
    return { ...error.details, statusCode: error.statusCode, code: error.code ?? BY_STATUS[error.statusCode]?.code ?? 'error', message: error.message };
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const campos = fastifyError.validation.map((v) => ({
      campo: (v.instancePath || '').replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? ''),
      regla: v.keyword,
    }));
    return { statusCode: 400, code: 'invalid_body', message: INVALID_BODY, campos };
  }
  const known = typeof fastifyError.code === 'string' ? FRAMEWORK[fastifyError.code] : undefined;
  if (known) return { statusCode: known.status, code: known.code, message: known.message };
  const status = typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 600 ? fastifyError.statusCode : 500;
  const generic = status >= 500 && status !== 503 ? SERVER_ERROR : (BY_STATUS[status] ?? SERVER_ERROR);
  return { statusCode: status, ...generic };
}

// Framework and client errors are answered before any hook runs, so they carry these themselves.
const BARE_ERROR_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};

function logRefusal(request: FastifyRequest, error: Error, body: ErrorBody) {
  if (body.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else if (!(error instanceof ApiError)) request.log.info({ refusal: body.code, cause: (error as FastifyError).code }, 'request refused');
}

/** Fastify options for the refusals that happen before routing: bad URL, too long a parameter, malformed HTTP. */
export const frameworkErrorOptions: Pick<FastifyServerOptions, 'frameworkErrors' | 'clientErrorHandler'> = {
  frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
    const body = errorBody(error);
    logRefusal(request, error, body);
    answer(request, reply.headers(BARE_ERROR_HEADERS), body);
  },
  clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
    const json = JSON.stringify({ statusCode: status, ...BY_STATUS[status] });
    if (socket.writable) {
      const headers = Object.entries({ ...BARE_ERROR_HEADERS, 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json), connection: 'close' })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.write(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${headers}\r\n${json}`);
    }
    socket.destroy(error);
  },
};

/** A browser opening a page (not the API, not the document store, which speak JSON and S3's XML). */
const opensPage = (request: FastifyRequest) =>
  (request.method === 'GET' || request.method === 'HEAD') &&
  (request.headers.accept ?? '').includes('text/html') &&
  !underPrefix(pathOf(request.url), [API_PREFIX, STORAGE_PREFIX]);

/** A page's title and heading for an error: not there, an address that cannot be read, anything else. */
const pageWords = (status: number) =>
  status === 404
    ? { title: 'Página no encontrada', heading: 'La página que buscas no existe' }
    : status === 400 || status === 414
      ? { title: 'Dirección no válida', heading: 'No pudimos abrir esta dirección' }
      : { title: 'Error', heading: 'No pudimos mostrar esta página' };

/** An error as a page: its Spanish message and the way back to the start (no script, no style: any CSP allows it). */
export const errorPage = (body: ErrorBody) => `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageWords(body.statusCode).title} · Solicitud online</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
</head>
<body>
<main>
<h1>${pageWords(body.statusCode).heading}</h1>
<p>${body.statusCode === 404 ? 'Revisa la dirección o vuelve al inicio.' : escapeHtml(body.message)}</p>
<p><a href="/">Ir al inicio</a></p>
</main>
</body>
</html>`;

const answer = (request: FastifyRequest, reply: FastifyReply, body: ErrorBody) =>
  opensPage(request) ? reply.status(body.statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(errorPage(body)) : reply.status(body.statusCode).send(body);

export function installErrorHandlers(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | ApiError, request, reply) => {
    // A database failure a request can cause (a value PostgreSQL cannot store, a timeout) is the API's refusal.
    const body = errorBody(databaseApiError(thrown) ?? thrown);
    // The log keeps what was thrown (the driver's own error), the answer only the mapped body.
    logRefusal(request, thrown, body);
    return answer(request, reply, body);
  });

  app.setNotFoundHandler((request, reply) => answer(request, reply, { statusCode: 404, code: 'not_found', message: 'No existe la ruta solicitada.' }));
}
