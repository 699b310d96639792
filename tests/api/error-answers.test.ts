// Issue 12, finding 8: every failure answers the project's JSON { statusCode, code, message } in
// Spanish: Fastify's own refusals (too long a parameter or URL, bad URL, body too large, wrong
// content type, malformed JSON or HTTP) and server errors, with no internal code (PostgreSQL's,
// Node's, Fastify's), no stack and no echo of what the client sent.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import type { Backend } from '../../server/backend';
import { loadConfig } from '../../server/config';
import { ApiError } from '../../server/api-error';
import { checkAnswersAgainstDocument } from './support/answer-check';
import { publicToken, startTestServer, type TestServer } from './support/test-server';

let server: TestServer;
let publicAuth: string;

beforeAll(async () => {
  server = await startTestServer();
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
});
afterAll(() => server.close());

const SPANISH = /\b(la|el|los|las|de|del|no|es|en)\b/i;

/** The body a client sees: the project's shape, a Spanish message, nothing internal, nothing echoed. */
async function expectProjectError(response: Response, status: number, echoed?: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const text = await response.text();
  const body = JSON.parse(text);
  expect(body.statusCode).toBe(status);
  expect(body.code).toMatch(/^[a-z][a-z_]*$/);
  expect(body.message).toMatch(SPANISH);
  expect(body).not.toHaveProperty('error');
  expect(body).not.toHaveProperty('stack');
  expect(text).not.toMatch(/FST_|ERR_|\b\d{2}[0-9A-Z]{3}\b|at .*\.(ts|js):\d+|Bad Request|not a valid url|exceeding/);
  if (echoed) expect(text).not.toContain(echoed);
  return body;
}

/** One raw HTTP exchange, for requests fetch will not send (malformed HTTP). */
function rawExchange(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe("Fastify's own refusals", () => {
  it('answers a path parameter over the router limit with 414 in Spanish, the URL not echoed', async () => {
    const long = 'a'.repeat(300);
    const response = await fetch(`${server.url}/api/wizardpf/${long}`, {
      method: 'PUT',
      headers: { authorization: publicAuth, 'content-type': 'application/json' },
      body: '{}',
    });
    const body = await expectProjectError(response, 414, long);
    expect(body).toEqual({ statusCode: 414, code: 'uri_too_long', message: 'La dirección solicitada es demasiado larga.' });
  });

  it('answers a URL longer than the HTTP header limit with 431 in Spanish', async () => {
    const response = await fetch(`${server.url}/api/catalogs/zc/${'1'.repeat(20_000)}`);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    await expectProjectError(response, 431, '11111111');
  });

  it('answers a bad URL with 400 in Spanish, the URL not echoed', async () => {
    for (const path of ['/api/%zz', '/api/wizardpf/%zz%zz/1', '/pf/%E0%A4%A']) {
      const body = await expectProjectError(await fetch(`${server.url}${path}`), 400, '%zz');
      expect(body).toEqual({ statusCode: 400, code: 'bad_url', message: 'La dirección solicitada no es válida.' });
    }
  });

  it('answers a body over the size limit with 413 in Spanish', async () => {
    const response = await fetch(`${server.url}/api/wizardpf`, {
      method: 'POST',
      headers: { authorization: publicAuth, 'content-type': 'application/json' },
      body: JSON.stringify({ data: { nombre: 'x'.repeat(3 * 1024 * 1024) }, meta: {} }),
    });
    await expectProjectError(response, 413, 'xxxxxxxx');
  });

  it('answers a text/plain body to a JSON route with 415 in Spanish', async () => {
    const response = await fetch(`${server.url}/api/wizardpf`, {
      method: 'POST',
      headers: { authorization: publicAuth, 'content-type': 'text/plain' },
      body: 'hola',
    });
    const body = await expectProjectError(response, 415, 'hola');
    expect(body.code).toBe('unsupported_media_type');
  });

  it('answers malformed and empty JSON with 400 in Spanish', async () => {
    const post = (body: string) =>
      fetch(`${server.url}/api/wizardpf`, { method: 'POST', headers: { authorization: publicAuth, 'content-type': 'application/json' }, body });
    const malformed = await expectProjectError(await post('{"data": nul'), 400, 'nul');
    expect(malformed.message).toBe('El cuerpo de la solicitud no es un JSON válido.');
    await expectProjectError(await post(''), 400);
  });

  it('answers malformed HTTP with a Spanish JSON 400 before any route runs', async () => {
    const answer = await rawExchange(server.url, 'HOLA /\x01 MUNDO\r\n\r\n');
    const [head, json] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(json)).toEqual({ statusCode: 400, code: 'bad_request', message: 'La solicitud no es válida.' });
  });

  it('answers an unknown route with a Spanish 404 that does not echo the path', async () => {
    const body = await expectProjectError(await fetch(`${server.url}/api/no-existe-<script>alert(1)</script>`), 404, 'script');
    expect(body).toEqual({ statusCode: 404, code: 'not_found', message: 'No existe la ruta solicitada.' });
  });
});

describe('a person opening a page that is not there', () => {
  const opened = (path: string) => fetch(`${server.url}${path}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' }, redirect: 'manual' });

  it('gets a Spanish page, not JSON: an unknown staff page or file 404, a malformed address 400, neither echoed', async () => {
    for (const [path, status, heading, text] of [
      ['/staff/no-existe-<script>', 404, 'La página que buscas no existe', 'Revisa la dirección o vuelve al inicio.'],
      ['/no-existe.pdf', 404, 'La página que buscas no existe', 'Revisa la dirección o vuelve al inicio.'],
      ['/pf/%E0%A4%A', 400, 'No pudimos abrir esta dirección', 'La dirección solicitada no es válida.'],
    ] as const) {
      const response = await opened(path);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      const page = await response.text();
      expect(page).toContain('<html lang="es">');
      expect(page).toMatch(/<title>[^<]+ · Solicitud online<\/title>/);
      expect(page).toContain(`<h1>${heading}</h1>`);
      expect(page).toContain(`<p>${text}</p>`);
      expect(page).toContain('<a href="/">Ir al inicio</a>');
      expect(page).not.toMatch(/script|%E0|no-existe/);
    }
  });

  it('the API and the document store still answer JSON, a browser asking or not', async () => {
    await expectProjectError(await opened('/api/%zz'), 400, '%zz');
    await expectProjectError(await opened('/api/no-existe'), 404);
  });

  it("the staff portal's own address leads to its start page", async () => {
    for (const path of ['/staff', '/staff/']) {
      const response = await opened(path);
      expect(response.status).toBe(303);
      expect(response.headers.get('location')).toBe('/staff/inicio');
    }
  });
});

describe('server errors', () => {
  // A backend that never opens: the routes below need none, and a test route is the only way to
  // throw exactly the errors a driver or Node throws without relying on a bug that will be fixed.
  const never = new Promise<Backend>(() => {});
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    app = await buildApp({ config: loadConfig({ LOG_LEVEL: 'silent' }), backend: never, logger: false });
    checkAnswersAgainstDocument(app);
    const thrown: Record<string, () => Error> = {
      postgres: () => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021', severity: 'ERROR' }),
      cast: () => Object.assign(new Error('invalid input syntax for type uuid: "x"'), { code: '22P02' }),
      internal: () => Object.assign(new Error('could not open relation with OID 1234'), { code: 'XX000', severity: 'ERROR' }),
      node: () => Object.assign(new TypeError('The "string" argument must be of type string. Received type number (5)'), { code: 'ERR_INVALID_ARG_TYPE' }),
      plugin: () => Object.assign(new Error('Some plugin refused'), { statusCode: 400, code: 'FST_ERR_SOMETHING_ELSE' }),
      project: () => new ApiError(409, 'La solicitud cambió mientras la editabas.', 'version_conflict'),
    };
    app.get<{ Params: { kind: string } }>('/api/prueba-error/:kind', async (request) => {
      throw thrown[request.params.kind]();
    });
    await app.ready();
  });
  afterAll(() => app.close());

  const inject = async (kind: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/prueba-error/${kind}` });
    return { status: response.statusCode, body: response.json(), text: response.body };
  };

  it('answers a value PostgreSQL cannot store with 400 in Spanish, no SQLSTATE', async () => {
    for (const kind of ['postgres', 'cast']) {
      const { status, body, text } = await inject(kind);
      expect(status).toBe(400);
      expect(body).toEqual({ statusCode: 400, code: 'invalid_data', message: 'La solicitud contiene datos que no se pueden guardar.' });
      expect(text).not.toMatch(/22021|22P02|UTF8|uuid/);
    }
  });

  it('answers any other PostgreSQL error with 500 and a Spanish message, no SQLSTATE', async () => {
    const { status, body, text } = await inject('internal');
    expect(status).toBe(500);
    expect(body).toEqual({ statusCode: 500, code: 'database_error', message: 'Ocurrió un error en el servidor.' });
    expect(text).not.toMatch(/XX000|OID|relation/);
  });

  it("answers a Node error with 500 and none of Node's code or text", async () => {
    const { status, body, text } = await inject('node');
    expect(status).toBe(500);
    expect(body.code).toBe('error');
    expect(text).not.toMatch(/ERR_INVALID_ARG_TYPE|argument/);
  });

  it('keeps the status of an unknown framework refusal but not its code or text', async () => {
    const { status, body } = await inject('plugin');
    expect(status).toBe(400);
    expect(body).toEqual({ statusCode: 400, code: 'bad_request', message: 'La solicitud no es válida.' });
  });

  it("keeps the project's own errors as they are", async () => {
    const { status, body } = await inject('project');
    expect(status).toBe(409);
    expect(body).toEqual({ statusCode: 409, code: 'version_conflict', message: 'La solicitud cambió mientras la editabas.' });
  });
});
