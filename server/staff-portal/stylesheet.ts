// The staff pages' stylesheet, served as a file so the CSP needs no inline style.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

export const STAFF_PORTAL_STYLESHEET = '/staff/estilos.css';

const css = fs.readFileSync(new URL('./staff-portal.css', import.meta.url), 'utf8');

export async function staffPortalStylesheet(app: FastifyInstance) {
  app.get(STAFF_PORTAL_STYLESHEET, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').type('text/css; charset=utf-8').send(css),
  );
}
