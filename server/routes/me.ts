// GET /me: the signed-in staff user's profile (spec 01 §7), with a bearer token for the API
// in data.token. The staff session is the sign-in cookie or a staff bearer token.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken, staffFromCookie, verifyOrRefuse } from '../auth/session';
import { forbidden, unauthorized } from '../http-errors';

async function staffUserId(request: FastifyRequest, cookieName: string): Promise<number> {
  const fromCookie = await staffFromCookie(request, cookieName);
  if (fromCookie !== undefined) return fromCookie;
  const token = bearerToken(request);
  if (!token) throw unauthorized('Se requiere iniciar sesión como personal de la empresa.', 'missing_token');
  const claims = await verifyOrRefuse(request, token, ['public', 'system_auth']);
  if (claims.kind !== 'system_auth') throw forbidden('Esta acción es solo para el personal de la empresa.');
  return Number(claims.sub);
}

export async function meRoutes(app: FastifyInstance) {
  app.get('/me', { schema: { summary: 'The signed-in staff profile' } }, async (request) => {
    const id = await staffUserId(request, app.config.staffCookieName);
    const { staff, tokens } = request.backend;
    const user = await staff.findById(id);
    if (!user) throw unauthorized('La cuenta de personal ya no existe.', 'invalid_token');
    return {
      data: {
        token: await tokens.sign({ kind: 'system_auth', sub: String(user.id), roles: user.roles }, app.config.accessTokenTtlSeconds),
        token_type: 'Bearer',
        id: user.id,
        usuario: user.username,
        nombre: user.nombre,
        apellido_paterno: user.apellido_paterno,
        apellido_materno: user.apellido_materno,
        franquicia: user.franquicia,
        roles: user.roles,
        notificaciones: await staff.countUnreadNotifications(user.id),
      },
    };
  });
}
