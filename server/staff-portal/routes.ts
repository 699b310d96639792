// The staff sign-in pages: a stand-in for the provider's main system. Signing in starts a staff
// session (server/auth/staff-sessions.ts) and sets the HttpOnly session cookie and a readable marker
// cookie the browser app looks for; signing out (POST only) ends the session and every bearer token
// issued from it. Both refuse a request another site sent (server/auth/same-origin.ts).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSameOrigin } from '../auth/same-origin';
import { staffCookieClaims, staffFromCookie } from '../auth/session';
import { homePage, loginPage, logoutPage, preferencesPage } from './pages';
import { safeNext } from './safe-next';
import { formField, readCredentials } from './sign-in-form';
import { logFailedSignIn } from '../auth/sign-in-guard';
import { signInFormSchema } from '../../forms/contracts/session';
import { htmlPage, type Answer, type RouteContract } from '../openapi/route-contract';

export { safeNext } from './safe-next';

// The pages are HTML for people, not API calls; the document still says what they take and answer.
const PAGE = htmlPage('The page');
const refusedPage = htmlPage;
const REDIRECT: Answer = { description: 'Redirect (Location)', headers: { Location: { type: 'string', description: 'where to go' } } };
const SIGNED_IN_PAGE: RouteContract = { answers: { 200: PAGE, 303: { ...REDIRECT, description: 'Not signed in: to the sign-in page' } } };
const SIGN_IN: RouteContract = {
  body: signInFormSchema,
  bodyMediaType: 'application/x-www-form-urlencoded',
  answers: {
    303: { ...REDIRECT, description: 'Signed in: the session cookies are set, and on to `next`' },
    400: refusedPage('The form again: the username or the password is missing or malformed'),
    401: refusedPage('The form again: wrong username or password'),
    403: refusedPage('The form again: another site sent it'),
    429: refusedPage('The form again: too many failed attempts, wait'),
  },
};

const CROSS_SITE = 'La solicitud no vino de esta página. Abre la página de inicio de sesión e inténtalo de nuevo.';

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

  app.get<{ Querystring: { next?: string } }>('/login', { config: { contract: { answers: { 200: PAGE } } } }, async (request, reply) =>
    html(reply, loginPage({ next: safeNext(request.query.next) })),
  );

  app.post('/login', { config: { contract: SIGN_IN } }, async (request, reply) => {
    const next = safeNext(formField(request.body, 'next'));
    const username = formField(request.body, 'username');
    const refuse = (status: number, reason: 'malformed' | 'cross_site', error: string) => {
      logFailedSignIn(request, reason, username);
      return html(reply, loginPage({ next, username, error }), status);
    };
    if (!isSameOrigin(request)) return refuse(403, 'cross_site', CROSS_SITE);
    const credentials = readCredentials(request.body);
    if (!credentials) return refuse(400, 'malformed', 'Escribe tu usuario y tu contraseña.');
    // The guard waits, locks out, hashes (a dummy hash for unknown names) and logs what it refuses.
    const checked = await app.signInGuard.check(request, credentials.username, credentials.password);
    if ('status' in checked) return html(reply.headers(checked.headers), loginPage({ next, username, error: checked.message }), checked.status);
    const { user } = checked;
    const sid = await request.backend.staffSessions.start(user.id, staffSessionTtlSeconds);
    const session = await request.backend.tokens.sign({ kind: 'staff_session', sub: String(user.id), sid }, staffSessionTtlSeconds);
    reply.setCookie(staffCookieName, session, { ...cookieOptions(request), httpOnly: true });
    reply.setCookie(markerCookie, '1', { ...cookieOptions(request), httpOnly: false });
    request.log.info({ staffUserId: user.id }, 'staff signed in');
    return reply.redirect(next, 303);
  });

  // A link cannot sign anyone out (another site could place it): GET shows the button that does.
  app.get('/logout', { config: { contract: { answers: { 200: PAGE } } } }, async (_request, reply) => html(reply, logoutPage()));

  // No body: the button's form posts nothing.
  app.post('/logout', { config: { contract: { answers: { 303: REDIRECT, 403: refusedPage('Another site sent it: the page again, with the reason') } } } }, async (request, reply) => {
    if (!isSameOrigin(request)) return html(reply, logoutPage({ error: CROSS_SITE }), 403);
    const claims = await staffCookieClaims(request, staffCookieName);
    if (claims?.sid) await request.backend.staffSessions.end(claims.sid);
    reply.clearCookie(staffCookieName, { path: '/' });
    reply.clearCookie(markerCookie, { path: '/' });
    return reply.redirect('/staff/login', 303);
  });

  // The portal's own address: its start page (which asks to sign in first).
  app.get('/', { config: { contract: { answers: { 303: REDIRECT } } } }, async (_request, reply) => reply.redirect('/staff/inicio', 303));

  app.get('/inicio', { config: { contract: SIGNED_IN_PAGE } }, async (request, reply) => {
    const user = await staffFromCookie(request, staffCookieName);
    return user ? html(reply, homePage(user)) : reply.redirect('/staff/login?next=/staff/inicio', 303);
  });

  app.get('/preferencias', { config: { contract: SIGNED_IN_PAGE } }, async (request, reply) => {
    const user = await staffFromCookie(request, staffCookieName);
    return user ? html(reply, preferencesPage(user)) : reply.redirect('/staff/login?next=/staff/preferencias', 303);
  });
}
