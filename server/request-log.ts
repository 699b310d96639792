// The request log: the server's own request id, and no record uuid in any line. A record's uuid
// is the only key to it (the e-mailed code), so whoever reads the log must not learn it.
import { randomUUID } from 'node:crypto';
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
export const REDACTED_UUID = '{uuid}';

export const redactUuids = (text: string) => text.replace(UUID_ANYWHERE, REDACTED_UUID);

/** The URL as logged: decoded first (the router decodes a percent-encoded uuid too), every uuid redacted. */
export function loggableUrl(url: string): string {
  let decoded = url;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    // A malformed escape: the router refuses it as well; redact what is there.
  }
  return redactUuids(decoded);
}

function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggableUrl(request.url ?? ''),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** pino's error fields (type, message, stack, and a driver's own such as PostgreSQL's detail), uuids redacted. */
function serializeError(error: Error) {
  const fields: { type: string; message: string; stack: string; [key: string]: unknown } = {
    type: error?.constructor?.name ?? 'Error',
    message: redactUuids(String(error?.message ?? error)),
    stack: redactUuids(String(error?.stack ?? '')),
  };
  if (error && typeof error === 'object') {
    for (const [key, value] of Object.entries(error)) {
      if (typeof value === 'string') fields[key] = redactUuids(value);
      else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
    }
  }
  return fields;
}

/**
 * 16 hex characters: unique enough to follow one request, and never mistaken for a record uuid. The
 * last half of a random UUID (its variant digit, then 60 random bits): Node draws UUIDs from a cache it
 * refills 128 at a time, where `randomBytes` asked the kernel on every request (5 µs against 0.6 µs).
 */
const newRequestId = () => randomUUID().replaceAll('-', '').slice(16);

/**
 * Fastify's logger and request id options. The request id is always the server's own: a client's
 * X-Request-Id is neither believed nor logged.
 */
export function requestLogOptions(
  level: string,
  enabled: boolean,
  stream?: NodeJS.WritableStream,
): Pick<FastifyServerOptions, 'logger' | 'genReqId'> {
  return {
    logger: enabled ? { level, serializers: { req: serializeRequest, err: serializeError }, ...(stream ? { stream } : {}) } : false,
    genReqId: newRequestId,
  };
}
