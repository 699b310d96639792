// The port's one HTTP server. It listens as soon as the browser app can be served (its files and
// pages, by a small app with the same log, headers and error answers as the whole one), so the
// page arrives while the API's routes, the packages they use and the database load; a request for
// anything else waits for the whole app, which then answers every request.
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createBaseApp } from './base-app';
import type { ServerConfig } from './config';
import { pathOf, SERVER_PREFIXES, underPrefix } from './prefixes';
import { spaRoutes } from './routes/spa';

type Handler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrontDoor {
  /** Builds the whole app on this door's server (as buildApp's `serverFactory`). */
  serverFactory(handler: Handler): http.Server;
  /** From now on `app` (ready, built with serverFactory) answers every request, the waiting ones first. */
  handOver(app: FastifyInstance): void;
  /** Stops taking connections, lets the requests under way finish, then closes the whole app. */
  close(): Promise<void>;
}

export async function openFrontDoor(config: ServerConfig): Promise<FrontDoor> {
  const server = http.createServer();
  // Fastify's own defaults for the servers it makes, which a server given to it does not get.
  server.keepAliveTimeout = 72_000;
  server.requestTimeout = 0;

  let pagesHandler: Handler | undefined;
  let builtHandler: Handler | undefined;
  let wholeHandler: Handler | undefined;
  let whole: FastifyInstance | undefined;
  let handedOver: () => void;
  const wholeReady = new Promise<void>((resolve) => (handedOver = resolve));

  const pages = await createBaseApp({
    config,
    serverFactory: (handler) => {
      pagesHandler = handler;
      return server;
    },
  });
  await pages.register(spaRoutes, { apiPrefixes: SERVER_PREFIXES });
  await pages.ready();

  let closing = false;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    // Closing: each answer ends its connection, so a client sending request after request on one
    // kept-alive connection does not keep the close waiting.
    if (closing) response.shouldKeepAlive = false;
    if (wholeHandler) return wholeHandler(request, response);
    const pathname = pathOf(request.url ?? '/');
    const isBrowserApp =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !underPrefix(pathname, SERVER_PREFIXES) &&
      (!path.extname(pathname) || pages.hasRoute({ method: 'GET', url: pathname }));
    if (isBrowserApp) return pagesHandler!(request, response);
    void wholeReady.then(() => wholeHandler!(request, response));
  });
  await pages.listen({ port: config.port, host: config.host });

  return {
    serverFactory(handler) {
      builtHandler = handler;
      return server;
    },
    handOver(app) {
      whole = app;
      wholeHandler = builtHandler;
      handedOver();
    },
    async close() {
      closing = true;
      server.closeIdleConnections();
      await pages.close(); // the server: no new connections, the requests under way answered
      await whole?.close();
    },
  };
}
