// GET /health: 200 once the database is ready, 503 while it starts, when it failed, and when it
// is stuck: a statement unanswered past the time limit, or this check's own query not answered
// within a few seconds.
import type { FastifyInstance } from 'fastify';
import { oldestPendingQueryMs } from '../db/database';
import { healthAnswerSchema } from '../../forms/contracts/health';
import { answer } from '../openapi/route-contract';

const HEALTH_QUERY_MS = 5_000;

export async function healthRoutes(app: FastifyInstance) {
  const contract = { answers: { 200: answer(healthAnswerSchema, 'Ready'), 503: answer(healthAnswerSchema, 'Starting, failed, or stuck') } };
  app.get('/health', { schema: { summary: 'Liveness and database readiness' }, config: { contract } }, async (_request, reply) => {
    const database = app.backendState();
    if (app.draining) return reply.status(503).send({ status: 'stopping', database });
    if (database === 'ready') {
      const { db } = await app.backend;
      const stuck = () =>
        reply.status(503).send({
          statusCode: 503,
          code: 'database_stuck',
          status: 'error',
          database: 'stuck',
          message: 'La base de datos no responde; el servicio no está disponible por el momento.',
        });
      if (oldestPendingQueryMs(db) > app.config.dbQueryTimeoutMs) return stuck();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), Math.min(HEALTH_QUERY_MS, app.config.dbQueryTimeoutMs))));
      const answered = await Promise.race([db.selectFrom('server_setting').select('key').limit(1).execute(), late]).catch(() => 'late' as const);
      clearTimeout(timer);
      if (answered === 'late') return stuck();
      return { status: 'ok', database };
    }
    return reply.status(503).send({ status: database === 'failed' ? 'error' : 'starting', database });
  });
}
