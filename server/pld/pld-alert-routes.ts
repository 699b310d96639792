// PLD alerts for staff holding `pld` (Analista, Administrador): GET /pld/alertas lists them, POST
// /pld/alertas/{id}/cierre closes one as a confirmed match or a homonym (README, "Ongoing PLD monitoring").
import type { FastifyInstance } from 'fastify';
import { pldAlertCloseSchema, pldAlertListSchema, pldAlertQuerySchema, pldAlertSchema, type PldAlertFilter } from '../../forms/contracts/pld-alerts';
import { answer, refusals } from '../openapi/route-contract';
import { requireStaff } from '../auth/session';
import { ApiError } from '../api-error';
import { badRequest } from '../http-errors';
import { checksQuery, contractBody } from '../validation/contract-body';
import { AlertAlreadyClosedError } from './pld-alerts';
import { reviewerOf } from './pld-review';

const common = { tags: ['PLD'], security: [{ bearer: [] }] };

export async function pldAlertRoutes(app: FastifyInstance) {
  app.get<{ Querystring: { estado: PldAlertFilter } }>(
    '/pld/alertas',
    {
      preHandler: [requireStaff('pld'), checksQuery(pldAlertQuerySchema)],
      schema: { ...common, summary: 'Las alertas PLD del monitoreo continuo: las abiertas, las cerradas o todas, las más recientes primero' },
      config: { contract: { querystring: pldAlertQuerySchema, answers: { 200: answer(pldAlertListSchema, 'Las alertas y cuántas siguen abiertas'), ...refusals(400, 401, 403) } } },
    },
    async (request) => {
      const { pldAlerts } = request.backend;
      return { abiertas: await pldAlerts.countOpen(), alertas: await pldAlerts.list(request.query.estado) };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/pld/alertas/:id/cierre',
    {
      preHandler: requireStaff('pld'),
      schema: { ...common, summary: 'Cierra una alerta PLD como coincidencia confirmada u homónimo, con su motivo' },
      config: { contract: { body: pldAlertCloseSchema, answers: { 200: answer(pldAlertSchema, 'La alerta cerrada'), ...refusals(400, 401, 403, 404, 409, 413, 415) } } },
    },
    async (request) => {
      const id = Number(request.params.id);
      if (!/^\d{1,9}$/.test(request.params.id)) throw badRequest('El identificador de la alerta no es válido.', 'invalid_alert_id');
      const body = contractBody(pldAlertCloseSchema, request.body);
      try {
        const closed = await request.backend.pldAlerts.close(id, body, await reviewerOf(request));
        if (!closed) throw new ApiError(404, 'La alerta no existe.', 'not_found');
        return closed;
      } catch (error) {
        if (error instanceof AlertAlreadyClosedError) throw new ApiError(409, 'Esta alerta ya fue cerrada por otra persona; recarga la lista para ver cómo quedó.', 'pld_alert_closed');
        throw error;
      }
    },
  );
}
