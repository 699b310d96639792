// Reads the session a request carries: a bearer token, or the staff sign-in cookie.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from '../http-errors';
import { TokenError, type TokenClaims, type TokenKind } from './tokens';

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

export async function verifyOrRefuse(request: FastifyRequest, token: string, kinds: TokenKind[]): Promise<TokenClaims> {
  try {
    return await request.backend.tokens.verify(token, kinds);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired') {
      throw unauthorized('La sesión expiró, vuelve a iniciar sesión.', 'expired_token');
    }
    throw unauthorized('El token de acceso no es válido.', 'invalid_token');
  }
}

/** A preHandler that lets through only the given session kinds: 401 without a valid token, 403 for another kind. */
export function requireSession(...allowed: Array<'public' | 'system_auth'>) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Se requiere iniciar sesión.', 'missing_token');
    const claims = await verifyOrRefuse(request, token, ['public', 'system_auth']);
    if (!allowed.includes(claims.kind as 'public' | 'system_auth')) throw forbidden('Esta acción es solo para el personal de la empresa.');
    request.session = claims;
  };
}

/** The staff user id from the sign-in cookie, when it holds a valid staff session. */
export async function staffFromCookie(request: FastifyRequest, cookieName: string): Promise<number | undefined> {
  const cookie = request.cookies[cookieName];
  if (!cookie) return undefined;
  try {
    const claims = await request.backend.tokens.verify(cookie, ['staff_session']);
    return Number(claims.sub);
  } catch {
    return undefined;
  }
}
