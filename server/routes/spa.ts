// Serves the built React app: hashed assets with long caching, and index.html (with the
// client configuration written into it) for every other page route.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { injectClientConfig } from '../../forms/contracts/client-config';
import { clientConfigSchema } from '../../forms/contracts/client-config-schema';
import { htmlPage } from '../openapi/route-contract';
import { underPrefix } from '../prefixes';

const NOT_BUILT = `<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Solicitud online</title></head>
<body><main><h1>La aplicación no está compilada</h1><p>Ejecuta <code>npm run build</code> y vuelve a iniciar el servidor.</p></main></body></html>`;

export async function spaRoutes(app: FastifyInstance, options: { apiPrefixes: string[] }) {
  // What the browser is told must be what it reads: a configuration outside the contract stops the start.
  clientConfigSchema.validateSync(app.config.client, { strict: true });
  const indexFile = path.join(app.config.distDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const index = built ? injectClientConfig(fs.readFileSync(indexFile, 'utf8'), app.config.client) : NOT_BUILT;

  if (built) {
    await app.register(fastifyStatic, {
      root: app.config.distDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // index.html only with the configuration written in; source maps never (the whole source: `npm run dev` has them).
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.endsWith('.map'),
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300');
      },
    });
  }

  const contract = { answers: { 200: htmlPage('The browser app (index.html with its configuration)'), 503: htmlPage('The app is not built') } };
  app.get('/*', { config: { contract } }, async (request, reply) => {
    const pathname = request.url.split('?')[0];
    if (underPrefix(pathname, options.apiPrefixes) || path.extname(pathname)) {
      return reply.callNotFound();
    }
    return reply
      .status(built ? 200 : 503)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(index);
  });
}
