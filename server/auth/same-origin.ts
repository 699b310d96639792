// CSRF defence of the staff sign-in and sign-out forms: the browser says where a request came from.
// Sec-Fetch-Site, when the browser sends it, decides: same-origin (or none: typed by the person) passes,
// anything else is refused. Our pages are served with Referrer-Policy: no-referrer, under which a
// browser posts a form with Origin 'null', so Origin is only read without Sec-Fetch-Site: another host,
// or 'null', is refused there (a Referer stands in for a missing Origin). Neither header: allowed, since
// every browser this app supports sends them on a POST; a request without any comes from a script or
// an old browser, not from a page of another site running in a current one (README "Staff sign-in and CSRF").
import type { FastifyRequest } from 'fastify';

export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin' || site === 'none';
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  try {
    const url = new URL(source);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.host;
  } catch {
    return false;
  }
}
