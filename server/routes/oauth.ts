// POST /oauth/token: the password grant for the shared public applicant account, and the
// refresh_token grant. Answers access_token, refresh_token, token_type and expires_in.
// Every public session has an id of its own (`sid`): a password grant starts one, unless it
// carries a valid refresh token (the browser sends its stored one, spec 01 §7), whose session it
// continues; the refresh_token grant continues it too. Records remember the session that created them.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { badRequest, unauthorized } from '../http-errors';
import { verifyOrRefuse } from '../auth/session';
import { tokenAnswerSchema, tokenRequestSchema, type TokenRequest } from '../../forms/contracts/session';
import { answer, refusals } from '../openapi/route-contract';
import { checksBody } from '../validation/contract-body';

const newSessionId = () => randomBytes(16).toString('base64url');

const same = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export async function oauthRoutes(app: FastifyInstance) {
  const { publicClient, accessTokenTtlSeconds, refreshTokenTtlSeconds } = app.config;

  app.post<{ Body: TokenRequest }>(
    '/oauth/token',
    {
      preValidation: checksBody(tokenRequestSchema),
      schema: { summary: 'Obtain or refresh the public applicant token', consumes: ['application/json', 'application/x-www-form-urlencoded'] },
      config: { contract: { body: tokenRequestSchema, answers: { 200: answer(tokenAnswerSchema, 'The bearer token'), ...refusals(400, 401, 413, 415) } } },
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
      }
      const { tokens } = request.backend;
      let sid: string | undefined;
      if (body.grant_type === 'refresh_token') {
        if (!body.refresh_token) throw badRequest('Falta el token de actualización.', 'invalid_request');
        sid = (await verifyOrRefuse(request, body.refresh_token, ['refresh'])).sid;
      } else if (body.refresh_token) {
        // The password grant stands on its own: an expired or foreign refresh token only starts a new session.
        sid = (await tokens.verify(body.refresh_token, ['refresh']).catch(() => undefined))?.sid;
      }
      sid ??= newSessionId();
      return {
        access_token: await tokens.sign({ kind: 'public', sub: publicClient.username, sid }, accessTokenTtlSeconds),
        refresh_token: await tokens.sign({ kind: 'refresh', sub: publicClient.username, sid }, refreshTokenTtlSeconds),
        token_type: 'Bearer',
        expires_in: accessTokenTtlSeconds,
      };
    },
  );
}
