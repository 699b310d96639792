// CSRF defence of the staff sign-in and sign-out forms: the browser says where a request came from.
// Refused: Sec-Fetch-Site other than same-origin (or none: typed by the person), an Origin (or, without
// one, a Referer) naming another host, and Origin 'null'. Neither header: allowed, since every browser
// this app supports sends Origin on a POST; a request without both comes from a script or an old
// browser, not from a page of another site running in a current one (README "Staff sign-in and CSRF").
import type { FastifyRequest } from 'fastify';

export function isSameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  try {
    const url = new URL(source);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.host;
  } catch {
    return false;
  }
}
