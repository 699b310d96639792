// POST /oauth/token: the password grant for the shared public applicant account, and the
// refresh_token grant. Answers access_token, refresh_token, token_type and expires_in.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../http-errors';
import { verifyOrRefuse } from '../auth/session';

interface TokenBody {
  grant_type: string;
  client_id: string | number;
  client_secret?: string;
  username?: string;
  password?: string;
  scope?: string;
  refresh_token?: string;
}

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export async function oauthRoutes(app: FastifyInstance) {
  const { publicClient, accessTokenTtlSeconds, refreshTokenTtlSeconds } = app.config;

  app.post<{ Body: TokenBody }>(
    '/oauth/token',
    {
      schema: {
        summary: 'Obtain or refresh the public applicant token',
        body: {
          type: 'object',
          required: ['grant_type', 'client_id'],
          properties: {
            grant_type: { type: 'string', enum: ['password', 'refresh_token'] },
            client_id: { anyOf: [{ type: 'string' }, { type: 'integer' }] },
            client_secret: { type: 'string' },
            username: { type: 'string' },
            password: { type: 'string' },
            scope: { type: 'string' },
            refresh_token: { type: 'string' },
          },
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (String(body.client_id) !== publicClient.clientId || !same(body.client_secret ?? '', publicClient.clientSecret)) {
        throw unauthorized('El cliente de la aplicación no está autorizado.', 'invalid_client');
      }
      if (body.grant_type === 'password') {
        if (body.username === undefined || body.password === undefined) {
          throw badRequest('Faltan el usuario o la contraseña.', 'invalid_request');
        }
        if (!same(body.username, publicClient.username) || !same(body.password, publicClient.password)) {
          throw unauthorized('Usuario o contraseña incorrectos.', 'invalid_grant');
        }
      } else {
        if (!body.refresh_token) throw badRequest('Falta el token de actualización.', 'invalid_request');
        await verifyOrRefuse(request, body.refresh_token, ['refresh']);
      }
      const { tokens } = request.backend;
      return {
        access_token: await tokens.sign({ kind: 'public', sub: publicClient.username }, accessTokenTtlSeconds),
        refresh_token: await tokens.sign({ kind: 'refresh', sub: publicClient.username }, refreshTokenTtlSeconds),
        token_type: 'Bearer',
        expires_in: accessTokenTtlSeconds,
      };
    },
  );
}
