// Builds the Fastify application: plugins for the outside world first, then routes by resource.
import type { FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifySwagger from '@fastify/swagger';
import type { Backend } from './backend';
import type { TokenClaims } from './auth/tokens';
import { ApiError } from './api-error';
import { createBaseApp, type BaseAppOptions } from './base-app';
import { installJsonBody } from './json-body';
import { applicationRoutes } from './applications/application-routes';
import { duplicateRoutes } from './duplicates/duplicate-routes';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { oauthRoutes } from './routes/oauth';
import { spaRoutes } from './routes/spa';
import { staffPortalRoutes } from './staff-portal/routes';
import { staffPortalStylesheet } from './staff-portal/stylesheet';
import { catalogRoutes } from './catalogs/catalog-routes';
import { pldRoutes } from './pld/pld-routes';
import { pldAlertRoutes } from './pld/pld-alert-routes';
import { mailRoutes } from './mail/mail-routes';
import { labRoutes } from './lab/lab-routes';
import { printRoutes } from './print/print-routes';
import { efirmaRoutes } from './efirma/efirma-routes';
import { readStoredDocument } from './documents/stored-document';
import { ocrRoutes } from './ocr/ocr-routes';
import { documentRoutes } from './documents/document-routes';
import { storageRoutes } from './storage/storage-routes';
import { API_PREFIX, SERVER_PREFIXES, STAFF_PORTAL_PREFIX, STORAGE_PREFIX } from './prefixes';
import { installRateLimits } from './rate-limits';
import { documentedSchema } from './openapi/route-contract';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once the database is open and migrated. */
    backend: Promise<Backend>;
    backendState(): 'starting' | 'ready' | 'failed';
    /** Set on SIGTERM: the health check says 'stopping' while requests are still answered (server/main.ts). */
    draining: boolean;
  }
  interface FastifyRequest {
    backend: Backend;
    session?: TokenClaims;
  }
}

export interface BuildAppOptions extends BaseAppOptions {
  /** The database-backed parts, usually still opening when the app is built. */
  backend: Promise<Backend>;
}

export async function buildApp({ backend, ...options }: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = await createBaseApp(options);

  let state: 'starting' | 'ready' | 'failed' = 'starting';
  backend.then(
    () => (state = 'ready'),
    (error) => {
      state = 'failed';
      app.log.error({ err: error }, 'database failed to open');
    },
  );
  for (const warning of config.warnings) app.log.warn(warning);
  app.decorate('backend', backend);
  app.decorate('backendState', () => state);
  app.decorate('draining', false);
  app.decorateRequest('backend', null as unknown as Backend);
  app.decorateRequest('session', undefined);

  app.addHook('onClose', async () => {
    if (state !== 'ready') return;
    const ready = await backend;
    try {
      await ready.mailQueue.stop();
    } finally {
      await ready.db.destroy();
    }
  });

  installJsonBody(app, config.apiBodyLimitBytes);
  await app.register(fastifyCookie);
  // Form bodies are the sign-in's and the token request's: a few fields, never the 1 MiB of the default.
  await app.register(fastifyFormbody, { bodyLimit: 16 * 1024 });
  await installRateLimits(app);
  app.removeContentTypeParser('text/plain'); // JSON and forms only: anything else is a 415
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Solicitud online',
        version: '0.1.0',
        description: 'The calls of the specification (section 7) and the ones it leaves out: staff session and health.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    // Bodies, queries and answers come from each route's contract (forms/contracts/), for the document only.
    transform: ({ schema, url, route }) => ({ schema: documentedSchema(route, schema) as typeof schema, url }),
  });

  const needsBackend = async (instance: FastifyInstance) => {
    // Every route here may answer 503 (the database not open, a statement past its time): the document says so.
    instance.addHook('onRoute', (route) => {
      route.config = Object.assign(route.config ?? {}, { usesDatabase: true });
    });
    instance.addHook('onRequest', async (request) => {
      // A database still opening (or not reachable yet, tried again) holds a request at most as long as a statement may run.
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), config.dbQueryTimeoutMs)));
      try {
        const ready = await Promise.race([backend, late]);
        if (ready === 'late') throw new Error('database not ready');
        request.backend = ready;
      } catch {
        throw new ApiError(503, 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.', 'database_unavailable');
      } finally {
        clearTimeout(timer);
      }
    });
  };

  await app.register(
    async (api) => {
      await api.register(healthRoutes);
      await api.register(async (withDb) => {
        await needsBackend(withDb);
        await withDb.register(oauthRoutes);
        await withDb.register(meRoutes);
        await withDb.register(catalogRoutes);
        await withDb.register(applicationRoutes);
        await withDb.register(duplicateRoutes);
        await withDb.register(pldRoutes);
        await withDb.register(pldAlertRoutes);
        await withDb.register(mailRoutes);
        await withDb.register(printRoutes);
        await withDb.register(efirmaRoutes);
        await withDb.register(labRoutes);
        await withDb.register(documentRoutes);
        await withDb.register(ocrRoutes, {
          readStored: readStoredDocument,
          recordTemplate: (request, id, template) => request.backend.documents.recordTemplate(id, template),
        });
      });
      api.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    },
    { prefix: API_PREFIX },
  );

  await app.register(
    async (portal) => {
      await needsBackend(portal);
      await portal.register(staffPortalRoutes);
    },
    { prefix: STAFF_PORTAL_PREFIX },
  );
  await app.register(staffPortalStylesheet);
  // The embedded S3-compatible endpoint the browser uploads to, unless documents live in an S3-compatible store.
  if (!config.storage.endpoint) await app.register(storageRoutes, { prefix: STORAGE_PREFIX });

  await app.register(spaRoutes, { apiPrefixes: SERVER_PREFIXES });
  return app;
}
