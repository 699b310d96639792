// GET /me: the signed-in staff user's profile (spec 01 §7), with a bearer token for the API
// in data.token. The staff session is the sign-in cookie or a staff bearer token; the bearer
// issued carries the same session, so signing out ends it too.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, liveStaff, sessionEnded, staffCookieClaims, verifyOrRefuse } from '../auth/session';
import type { StaffUser } from '../db/schema';
import { forbidden, unauthorized } from '../http-errors';
import { staffProfileAnswerSchema } from '../../forms/contracts/session';
import { answer, refusals } from '../openapi/route-contract';
import { hasPermission } from '../../forms/staff-permissions';

async function staffSession(request: FastifyRequest, cookieName: string): Promise<{ user: StaffUser; sid: string }> {
  const fromCookie = await staffCookieClaims(request, cookieName);
  const cookieUser = fromCookie && (await liveStaff(request, fromCookie));
  if (cookieUser) return { user: cookieUser, sid: fromCookie.sid! };
  const token = bearerToken(request);
  if (!token) {
    if (fromCookie) throw sessionEnded();
    throw unauthorized('Se requiere iniciar sesión como personal de la empresa.', 'missing_token');
  }
  const claims = await verifyOrRefuse(request, token, ['public', 'system_auth']);
  if (claims.kind !== 'system_auth') throw forbidden('Esta acción es solo para el personal de la empresa.');
  const user = await liveStaff(request, claims);
  if (!user) throw sessionEnded();
  return { user, sid: claims.sid! };
}

export async function meRoutes(app: FastifyInstance) {
  const contract = { answers: { 200: answer(staffProfileAnswerSchema, 'The profile, with a bearer token in data.token'), ...refusals(401, 403) } };
  app.get('/me', { schema: { summary: 'The signed-in staff profile' }, config: { contract } }, async (request) => {
    const { user, sid } = await staffSession(request, app.config.staffCookieName);
    const { staff, tokens } = request.backend;
    return {
      data: {
        token: await tokens.sign({ kind: 'system_auth', sub: String(user.id), roles: user.roles, sid }, app.config.accessTokenTtlSeconds),
        token_type: 'Bearer',
        id: user.id,
        usuario: user.username,
        nombre: user.nombre,
        apellido_paterno: user.apellido_paterno,
        apellido_materno: user.apellido_materno,
        franquicia: user.franquicia,
        roles: user.roles,
        notificaciones: await staff.countUnreadNotifications(user.id),
        // Open PLD alerts, for whoever can close them (the header's badge counts them too).
        alertas_pld: hasPermission(user.roles, 'pld') ? await request.backend.pldAlerts.countOpen() : 0,
      },
    };
  });
}
