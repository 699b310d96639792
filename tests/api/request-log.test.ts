// Issue 12, findings 7 and 12: the request log holds no record uuid (the uuid is the only key to
// an application), whatever form the URL carries it in or an error repeats it; the request id
// is the server's own; X-Forwarded-For is believed only from the proxies TRUST_PROXY names.
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { buildApp } from '../../server/app';
import type { Backend } from '../../server/backend';
import { openBackend } from '../../server/backend';
import { loadConfig, parseTrustProxy } from '../../server/config';
import { validPfModel } from '../unit/forms/fixtures';
import { checkAnswersAgainstDocument } from './support/answer-check';
import { freshDatabase, TEST_JWT_SECRET } from './support/test-server';

const UUID_ANYWHERE = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** A pino destination that keeps every line written. */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { stream, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('no uuid in the log', () => {
  const log = logCapture();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  let base: string;

  beforeAll(async () => {
    const database = await freshDatabase();
    drop = database.drop;
    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'info', RATE_LIMIT: 'off' });
    const backend = openBackend(config, database.target);
    app = await buildApp({ config, backend, logStream: log.stream });
    checkAnswersAgainstDocument(app);
    // A failure whose error text repeats the uuid, as a driver's message or detail can.
    app.get<{ Params: { uuid: string } }>('/api/prueba-falla/:uuid', async (request) => {
      throw Object.assign(new Error(`duplicate key value violates unique constraint: (uuid)=(${request.params.uuid})`), {
        code: '23505',
        detail: `Key (uuid)=(${request.params.uuid}) already exists.`,
      });
    });
    await backend;
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('redacts the uuid of every request that names a record, in any form, and of errors that repeat it', async () => {
    const token = await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' }),
    });
    const authorization = `Bearer ${(await token.json()).access_token}`;
    const created = await fetch(`${base}/api/wizardpf`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 1 } }),
    });
    expect(created.status).toBe(201);
    const [uuid] = (await created.json()) as [string];
    const encoded = uuid.replace(/[0-9a-f]/, (c) => `%${c.charCodeAt(0).toString(16)}`);
    log.lines.length = 0;

    expect((await fetch(`${base}/api/wizardpf/${uuid}/1`, { headers: { authorization } })).status).toBe(200);
    expect((await fetch(`${base}/api/wizardpf/${encoded}/1`, { headers: { authorization } })).status).toBe(200);
    expect((await fetch(`${base}/api/wizardpf/${uuid.toUpperCase()}/1`, { headers: { authorization } })).status).toBeLessThan(500);
    await fetch(`${base}/pf/${uuid}`);
    await fetch(`${base}/avalpf?pm=${uuid}&x=1`);
    await fetch(`${base}/api/prueba-falla/${uuid}`);

    const text = log.lines.join('\n');
    expect(log.lines.length).toBeGreaterThan(10);
    expect(text).not.toMatch(UUID_ANYWHERE);
    expect(text).not.toContain(uuid.slice(0, 8));
    const urls = log.entries().flatMap((entry) => ((entry.req as { url?: string } | undefined)?.url ? [(entry.req as { url: string }).url] : []));
    expect(urls).toEqual(
      expect.arrayContaining(['/api/wizardpf/{uuid}/1', '/pf/{uuid}', '/avalpf?pm={uuid}&x=1', '/api/prueba-falla/{uuid}']),
    );
    const failure = log.entries().find((entry) => entry.msg === 'request failed');
    expect(failure?.err).toMatchObject({ message: expect.stringContaining('(uuid)=({uuid})'), detail: 'Key (uuid)=({uuid}) already exists.', code: '23505' });
  });

  it("logs the server's own request id, not the one a client sends", async () => {
    log.lines.length = 0;
    const response = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'elegido-por-el-cliente' } });
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{16}$/);
    expect(log.lines.join('\n')).not.toContain('elegido-por-el-cliente');
    expect(log.entries().every((entry) => entry.reqId === response.headers.get('x-request-id'))).toBe(true);
  });
});

describe('TRUST_PROXY and the logged address', () => {
  const never = new Promise<Backend>(() => {});

  async function remoteAddressLogged(env: Record<string, string>) {
    const log = logCapture();
    const app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'info', ...env }), backend: never, logStream: log.stream });
    checkAnswersAgainstDocument(app);
    try {
      await app.inject({ method: 'GET', url: '/api/health', remoteAddress: '10.0.0.5', headers: { 'x-forwarded-for': '203.0.113.9' } });
      return log.entries().find((entry) => entry.msg === 'incoming request')?.req as { remoteAddress: string };
    } finally {
      await app.close();
    }
  }

  it('ignores X-Forwarded-For by default', async () => {
    expect((await remoteAddressLogged({})).remoteAddress).toBe('10.0.0.5');
  });

  it('believes it from a proxy in the configured range, not from others', async () => {
    expect((await remoteAddressLogged({ TRUST_PROXY: '10.0.0.0/8' })).remoteAddress).toBe('203.0.113.9');
    expect((await remoteAddressLogged({ TRUST_PROXY: '192.168.0.0/16' })).remoteAddress).toBe('10.0.0.5');
    expect((await remoteAddressLogged({ TRUST_PROXY: '1' })).remoteAddress).toBe('203.0.113.9');
  });
});

describe('TRUST_PROXY values', () => {
  it('reads off, on, a hop count and a list, and refuses anything else at start', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback')).toEqual(['10.0.0.0/8', '127.0.0.1', '::1', 'fd00::/8', 'loopback']);
    for (const bad of ['10.0.0.0/33', 'proxy.example', '10.0.0.1/8/1', 'sí']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
