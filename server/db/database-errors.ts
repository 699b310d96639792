// Failures of the database that the API answers itself: a database that does not answer in time
// (503), an answer that cannot be read (503), and PostgreSQL's own errors, whose SQLSTATE codes
// (22021, 22P02…) never reach an answer's body.
import { ApiError } from '../api-error';

const UNAVAILABLE = 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.';

/** A statement that did not answer within the time limit; its caller is let go. */
export class DatabaseTimeoutError extends Error {
  readonly code = 'database_timeout';
}

/** The database answered, but the answer could not be read (too deep, or lost between threads). */
export class DatabaseAnswerError extends Error {
  readonly code = 'database_answer_unreadable';
}

// Five characters with a digit: PostgreSQL's codes (22021, 22P02, XX000), never Node's (EPERM, EBADF).
const SQLSTATE = /^(?=.*\d)[0-9A-Z]{5}$/;
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);
// pg's own words: no free connection in time, the connection lost, and a statement (a transaction's
// rollback) on a connection already lost.
const CONNECTION_MESSAGES = /^(timeout exceeded when trying to connect|Connection terminated|Client has encountered a connection error and is not queryable)/;

/** The API's answer for a database failure, or undefined when `error` is not one. */
export function databaseApiError(error: unknown): ApiError | undefined {
  if (error instanceof DatabaseTimeoutError) return new ApiError(503, UNAVAILABLE, 'database_timeout');
  if (error instanceof DatabaseAnswerError) {
    return new ApiError(503, 'No fue posible leer la información solicitada; intenta de nuevo más tarde.', 'database_answer_unreadable');
  }
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL out of reach: no free connection in time, or the connection refused or lost.
  if (CONNECTION_CODES.has(String(code)) || CONNECTION_MESSAGES.test((error as Error | null)?.message ?? '')) {
    return new ApiError(503, UNAVAILABLE, 'database_unavailable');
  }
  if (typeof code !== 'string' || !SQLSTATE.test(code)) return undefined;
  // Class 22: the value cannot be stored as given (a NUL in a text, a malformed number…).
  if (code.startsWith('22')) return new ApiError(400, 'La solicitud contiene datos que no se pueden guardar.', 'invalid_data');
  // Class 54: a statement too complex for the database (too deeply nested).
  if (code.startsWith('54')) return new ApiError(400, 'La solicitud es demasiado compleja para procesarse.', 'too_complex');
  // Cancelled by the statement time limit, connection lost, out of resources, shutting down.
  if (code === '57014' || code.startsWith('08') || code.startsWith('53') || code.startsWith('57P')) return new ApiError(503, UNAVAILABLE, 'database_unavailable');
  return new ApiError(500, 'Ocurrió un error en el servidor.', 'database_error');
}

/** Whether `error` says PostgreSQL cannot be reached or takes no connection now (worth trying again), not that a statement is wrong or slow. */
export function isDatabaseUnreachable(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code ?? '');
  return CONNECTION_CODES.has(code) || CONNECTION_MESSAGES.test((error as Error | null)?.message ?? '') || code.startsWith('08') || code === '57P03' || code === '53300';
}
