// Reads the session a request carries: a bearer token, or the staff sign-in cookie. Public tokens
// are checked by signature alone; a staff token also needs its session live and its account enabled
// (one indexed query), and the route's permission (forms/staff-permissions.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasPermission, permissionRefusal, type StaffPermission } from '../../forms/staff-permissions';
import type { StaffUser } from '../db/schema';
import { forbidden, unauthorized } from '../http-errors';
import { TokenError, type TokenClaims, type TokenKind } from './tokens';

const STAFF_ONLY = 'Esta acción es solo para el personal de la empresa.';

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

/** The account behind staff claims (cookie or bearer) while their session is live; undefined otherwise. */
export async function liveStaff(request: FastifyRequest, claims: TokenClaims): Promise<StaffUser | undefined> {
  if (!claims.sid || !/^[1-9]\d{0,8}$/.test(claims.sub)) return undefined;
  return request.backend.staffSessions.live(claims.sid, Number(claims.sub));
}

export const sessionEnded = () => unauthorized('La sesión del personal terminó; vuelve a iniciar sesión.', 'session_ended');

/**
 * A preHandler that lets through only the given session kinds: 401 without a valid token or with a
 * staff session that ended, 403 for another kind. Staff need `permission` ('solicitudes', Usuario's, by default).
 */
export function requireSession(...allowed: Array<'public' | 'system_auth'>) {
  return requireAccess(allowed.includes('public'), allowed.includes('system_auth') ? 'solicitudes' : null);
}

/** Staff only, holding the permission: 403 to the public and to staff without it. */
export function requireStaff(permission: StaffPermission) {
  return requireAccess(false, permission);
}

function requireAccess(publicAllowed: boolean, staffPermission: StaffPermission | null) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized('Se requiere iniciar sesión.', 'missing_token');
    const claims = await verifyOrRefuse(request, token, ['public', 'system_auth']);
    if (claims.kind === 'public') {
      if (!publicAllowed) throw forbidden(STAFF_ONLY);
      request.session = claims;
      return;
    }
    const user = await liveStaff(request, claims);
    if (!user) throw sessionEnded();
    if (!staffPermission) throw forbidden('Esta acción es solo para solicitantes.');
    if (!hasPermission(user.roles, staffPermission)) throw forbidden(permissionRefusal(staffPermission));
    request.session = { ...claims, roles: user.roles };
  };
}

/** The claims of the staff sign-in cookie when it holds a validly signed staff session (live or not). */
export async function staffCookieClaims(request: FastifyRequest, cookieName: string): Promise<TokenClaims | undefined> {
  const cookie = request.cookies[cookieName];
  if (!cookie) return undefined;
  try {
    return await request.backend.tokens.verify(cookie, ['staff_session']);
  } catch {
    return undefined;
  }
}

/** The account of the sign-in cookie, when it holds a live staff session. */
export async function staffFromCookie(request: FastifyRequest, cookieName: string): Promise<StaffUser | undefined> {
  const claims = await staffCookieClaims(request, cookieName);
  return claims ? liveStaff(request, claims) : undefined;
}
