// The machine lab's calls, Administrador only (permission `laboratorio`): GET /laboratorio/rutas-de-prueba
// answers the paths the model-based machine tests walked (LAB_PATHS_DIR, tests/.cache/machine-paths by default).
import type { FastifyInstance } from 'fastify';
import { testPathsAnswerSchema } from '../../forms/contracts/test-paths';
import { requireStaff } from '../auth/session';
import { answer, refusals } from '../openapi/route-contract';
import { readTestPaths } from './test-paths';

export async function labRoutes(app: FastifyInstance) {
  app.get(
    '/laboratorio/rutas-de-prueba',
    {
      preHandler: requireStaff('laboratorio'),
      schema: { tags: ['Laboratorio'], security: [{ bearer: [] }], summary: 'Las rutas que recorrieron las pruebas de las máquinas de estado' },
      config: { contract: { answers: { 200: answer(testPathsAnswerSchema, 'Cada ruta de cada archivo de pruebas, con su etiqueta'), ...refusals(401, 403) } } },
    },
    async () => ({ paths: await readTestPaths(app.config.labPathsDir) }),
  );
}
