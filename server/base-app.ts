// What every Fastify app of the server has, the whole one (server/app.ts) and the pages served
// while it loads (server/front-door.ts): the request log, the Spanish error answers, the security
// headers and the request id, so an answer is the same whichever of them gave it.
import Fastify, { type FastifyInstance, type FastifyServerFactory } from 'fastify';
import { trustProxyOption, type ServerConfig } from './config';
import { frameworkErrorOptions, installErrorHandlers } from './http-errors';
import { SERVER_PREFIXES } from './prefixes';
import { requestLogOptions } from './request-log';
import { installSecurityHeaders } from './security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    config: ServerConfig;
  }
}

export interface BaseAppOptions {
  config: ServerConfig;
  logger?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: NodeJS.WritableStream;
  /** The HTTP server to answer on instead of one of its own (server/front-door.ts). */
  serverFactory?: FastifyServerFactory;
}

export async function createBaseApp({ config, logger = true, logStream, serverFactory }: BaseAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...requestLogOptions(config.logLevel, logger, logStream),
    ...frameworkErrorOptions,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    ...(serverFactory ? { serverFactory } : {}),
  });
  app.decorate('config', config);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandlers(app);
  await installSecurityHeaders(app, { privatePrefixes: SERVER_PREFIXES });
  return app;
}
