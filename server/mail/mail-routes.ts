// The outbox for staff holding `outbox` (Administrador), the 'Correos enviados' page's calls:
// GET /correos lists the messages, GET /correos/{id} answers one with its parts, POST
// /correos/{id}/reenvio sends one again (README, "E-mail outbox").
import type { FastifyInstance } from 'fastify';
import { mailListQuerySchema, mailMessageListSchema, mailMessageRowSchema, mailMessageSchema, type MailListQuery } from '../../forms/contracts/mail-outbox';
import { answer, refusals } from '../openapi/route-contract';
import { requireStaff } from '../auth/session';
import { ApiError } from '../api-error';
import { badRequest } from '../http-errors';
import { checksQuery } from '../validation/contract-body';
import { ResendRefusedError } from './mail-messages';

const common = { tags: ['Correos'], security: [{ bearer: [] }] };

/** The message id of the path, or the refusal. */
function messageId(params: { id: string }): number {
  if (!/^\d{1,9}$/.test(params.id)) throw badRequest('El identificador del correo no es válido.', 'invalid_mail_id');
  return Number(params.id);
}

const notFound = () => new ApiError(404, 'El correo no existe.', 'not_found');

export async function mailRoutes(app: FastifyInstance) {
  app.get<{ Querystring: MailListQuery }>(
    '/correos',
    {
      preHandler: [requireStaff('outbox'), checksQuery(mailListQuerySchema)],
      schema: { ...common, summary: 'Los correos de la bandeja de salida, los más recientes primero, por página; por estado y por búsqueda en el destinatario o la solicitud' },
      config: { contract: { querystring: mailListQuerySchema, answers: { 200: answer(mailMessageListSchema, 'Una página de correos, sin su contenido, y cuántos hay en total'), ...refusals(400, 401, 403) } } },
    },
    async (request) => request.backend.mailMessages.list(request.query),
  );

  app.get<{ Params: { id: string } }>(
    '/correos/:id',
    {
      preHandler: requireStaff('outbox'),
      schema: { ...common, summary: 'Un correo con su parte HTML y su parte de texto' },
      config: { contract: { answers: { 200: answer(mailMessageSchema, 'El correo'), ...refusals(400, 401, 403, 404) } } },
    },
    async (request) => {
      const message = await request.backend.mailMessages.find(messageId(request.params));
      if (!message) throw notFound();
      return message;
    },
  );

  app.post<{ Params: { id: string } }>(
    '/correos/:id/reenvio',
    {
      preHandler: requireStaff('outbox'),
      schema: { ...common, summary: 'Envía de nuevo un correo enviado, fallido o no enviado por falta de SMTP' },
      config: { contract: { answers: { 200: answer(mailMessageRowSchema, 'El correo, pendiente de enviarse de nuevo'), ...refusals(400, 401, 403, 404, 409) } } },
    },
    async (request) => {
      const id = messageId(request.params);
      const { mailMessages, mailQueue } = request.backend;
      try {
        const resent = await mailMessages.resend(id, `staff:${request.session!.sub}`);
        if (!resent) throw notFound();
        mailQueue.kick();
        return resent;
      } catch (error) {
        if (error instanceof ResendRefusedError) throw new ApiError(409, error.message, 'mail_not_resendable');
        throw error;
      }
    },
  );
}
