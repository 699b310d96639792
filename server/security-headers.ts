// Security headers on every answer: a Content-Security-Policy that runs no inline script, no
// framing, no MIME sniffing, no Referer (a record's uuid in a URL must not travel to other
// sites), features the app does not use denied, HSTS when the request came over TLS; and
// `Cache-Control: no-store` on every API and staff answer that does not choose its own caching
// (profiles, tokens, applications, lists, history, PLD), so no shared or disk cache keeps them.
import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import { logoOrigin } from './brand-settings';
import type { ServerConfig } from './config';
import { pathOf, underPrefix } from './prefixes';

/** Origins the browser calls besides this one: API_BASE_URL / AUTH_BASE_URL when they are absolute, and the document store (S3_ENDPOINT). */
export function connectSources(config: ServerConfig): string[] {
  const origins = new Set<string>(["'self'"]);
  for (const base of [config.client.apiBaseUrl, config.client.authBaseUrl, config.storage.endpoint ?? '']) {
    try {
      const url = new URL(base);
      if (url.protocol === 'https:' || url.protocol === 'http:') origins.add(url.origin);
    } catch {
      // A path such as /api: same origin.
    }
  }
  // Virtual-hosted S3 takes uploads at https://{bucket}.{host}.
  const { endpoint, bucket, forcePathStyle } = config.storage;
  if (endpoint && !forcePathStyle) {
    const url = new URL(endpoint);
    origins.add(`${url.protocol}//${bucket}.${url.host}`);
  }
  return [...origins];
}

// Camera: denied for now; document capture in the browser would need `camera=(self)`.
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

const HSTS = 'max-age=31536000; includeSubDomains';

export async function installSecurityHeaders(app: FastifyInstance, options: { privatePrefixes: string[] }) {
  // helmet's middleware built once and run on each request's raw response. (@fastify/helmet built
  // it again on every request, parsing the policy each time: about 3 % of a save's main thread.)
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        // Blueprint and React set styles through the CSSOM, which style-src does not govern.
        'style-src': ["'self'"],
        // A company logo on another site (COMPANY_LOGO_URL) is its one image from elsewhere.
        'img-src': ["'self'", 'data:', ...[logoOrigin(app.config.client.company.logoUrl)].filter((origin) => origin !== null)],
        'font-src': ["'self'", 'data:'],
        'connect-src': connectSources(app.config),
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Sent below only when the request came over TLS (directly or, with TRUST_PROXY, through the proxy).
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => helmetHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)));

  app.addHook('onSend', async (request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
    if (request.protocol === 'https') reply.header('strict-transport-security', HSTS);
    const path = pathOf(request.url);
    if (!reply.hasHeader('cache-control') && underPrefix(path, options.privatePrefixes)) {
      reply.header('cache-control', 'no-store');
    }
  });
}
