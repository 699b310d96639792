// GET /health: 200 once the database is ready, 503 while it starts or when it failed.
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance) {
  app.get('/health', { schema: { summary: 'Liveness and database readiness' } }, async (_request, reply) => {
    const database = app.backendState();
    if (database === 'ready') {
      await (await app.backend).db.selectFrom('server_setting').select('key').limit(1).execute();
      return { status: 'ok', database };
    }
    return reply.status(503).send({ status: database === 'failed' ? 'error' : 'starting', database });
  });
}
