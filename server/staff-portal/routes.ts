// The staff sign-in pages: a stand-in for the provider's main system. Signing in sets the
// HttpOnly staff session cookie and a readable marker cookie the browser app looks for.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffFromCookie } from '../auth/session';
import { homePage, loginPage, preferencesPage } from './pages';

/** Only same-site paths are followed after sign-in, never another host. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export async function staffPortalRoutes(app: FastifyInstance) {
  const { staffCookieName, staffSessionTtlSeconds } = app.config;
  const markerCookie = app.config.client.staffCookieName;

  const cookieOptions = (request: FastifyRequest) => ({
    path: '/',
    sameSite: 'lax' as const,
    secure: request.protocol === 'https',
    maxAge: staffSessionTtlSeconds,
  });

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

  const signedInUser = async (request: FastifyRequest) => {
    const id = await staffFromCookie(request, staffCookieName);
    return id === undefined ? undefined : request.backend.staff.findById(id);
  };

  app.get<{ Querystring: { next?: string } }>('/login', async (request, reply) =>
    html(reply, loginPage({ next: safeNext(request.query.next) })),
  );

  app.post<{ Body: { username?: string; password?: string; next?: string } }>('/login', async (request, reply) => {
    const { username = '', password = '' } = request.body ?? {};
    const next = safeNext(request.body?.next);
    const checked = await app.signInGuard.check(request, username, password);
    if ('status' in checked) return html(reply.headers(checked.headers), loginPage({ next, username, error: checked.message }), checked.status);
    const { user } = checked;
    const session = await request.backend.tokens.sign({ kind: 'staff_session', sub: String(user.id) }, staffSessionTtlSeconds);
    reply.setCookie(staffCookieName, session, { ...cookieOptions(request), httpOnly: true });
    reply.setCookie(markerCookie, '1', { ...cookieOptions(request), httpOnly: false });
    request.log.info({ staffUserId: user.id }, 'staff signed in');
    return reply.redirect(next, 303);
  });

  app.get('/logout', async (_request, reply) => {
    reply.clearCookie(staffCookieName, { path: '/' });
    reply.clearCookie(markerCookie, { path: '/' });
    return reply.redirect('/staff/login', 303);
  });

  app.get('/inicio', async (request, reply) => {
    const user = await signedInUser(request);
    return user ? html(reply, homePage(user)) : reply.redirect('/staff/login?next=/staff/inicio', 303);
  });

  app.get('/preferencias', async (request, reply) => {
    const user = await signedInUser(request);
    return user ? html(reply, preferencesPage(user)) : reply.redirect('/staff/login?next=/staff/preferencias', 303);
  });
}
