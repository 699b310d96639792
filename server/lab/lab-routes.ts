// The machine lab's calls, Administrador only (permission `laboratorio`): GET /laboratorio/rutas-de-prueba?maquina=<id>
// answers the paths the model-based machine tests walked through that machine (LAB_PATHS_DIR,
// tests/.cache/machine-paths by default) and every transition of it the tests took.
import type { FastifyInstance } from 'fastify';
import { testPathsAnswerSchema, testPathsQuerySchema } from '../../forms/contracts/test-paths';
import { requireStaff } from '../auth/session';
import { answer, refusals } from '../openapi/route-contract';
import { checksQuery } from '../validation/contract-body';
import { readLabRecord } from './test-paths';

export async function labRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { maquina: string } }>(
    '/laboratorio/rutas-de-prueba',
    {
      preHandler: [requireStaff('laboratorio'), checksQuery(testPathsQuerySchema)],
      schema: { tags: ['Laboratorio'], security: [{ bearer: [] }], summary: 'Las rutas que recorrieron las pruebas de las máquinas de estado' },
      config: {
        contract: {
          querystring: testPathsQuerySchema,
          answers: { 200: answer(testPathsAnswerSchema, 'Las rutas de la máquina, cada una con la etiqueta de su archivo, y las transiciones que las pruebas ejercitaron'), ...refusals(400, 401, 403) },
        },
      },
    },
    async (request) => readLabRecord(app.config.labPathsDir, request.query.maquina),
  );
}
