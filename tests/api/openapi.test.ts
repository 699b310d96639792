// The OpenAPI description the server serves (/api/openapi.json) is generated from the wire contract
// (forms/contracts/): a real OpenAPI validator accepts it, every operation documents its answers and
// every write its body, and a real answer of every operation — successes and Spanish refusals — is
// one the document describes (every answer of every API test is checked against the document by
// tests/api/support/answer-check.ts; here each operation is called on purpose).
import SwaggerParser from '@apidevtools/swagger-parser';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { saveRequestSchema, loadedAnswerSchema } from '../../forms/contracts/application';
import { blacklistResultSchema, pldSearchAnswerSchema } from '../../forms/contracts/pld';
import { toJsonSchema } from '../../server/openapi/yup-to-json-schema';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { answerProblem, type OpenApiDocument } from './support/answer-check';
import { callApi, startSignedInServer, tokenRequest, type TestServer } from './support/test-server';

type Operation = { requestBody?: { content: Record<string, { schema?: object }> }; responses: Record<string, { content?: Record<string, { schema?: object }> }> };
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

let server: TestServer;
let publicAuth: string;
let staffAuth: string;
let doc: Document;

beforeAll(async () => {
  ({ server, publicAuth, staffAuth } = await startSignedInServer());
  doc = await (await fetch(`${server.url}/api/openapi.json`)).json();
});
afterAll(() => server.close());

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).filter(([method]) => METHODS.includes(method)).map(([method, operation]) => ({ path, method, operation })));

/** Writes that take no body: the reload reads the server's own folder; a resend names its message in the path; signing out posts an empty form. */
const BODILESS_WRITES = ['post /api/pld/lists/reload', 'post /api/correos/{id}/reenvio', 'post /staff/logout'];

describe('the document', () => {
  it('is valid OpenAPI 3.0', async () => {
    expect(doc.openapi).toMatch(/^3\.0\./);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeDefined();
  });

  it('gives every operation an answer schema, and every write that takes a body its body schema', () => {
    const all = operations();
    expect(all.length).toBeGreaterThanOrEqual(34);
    const withoutAnswer = all.filter(({ operation }) => !Object.values(operation.responses).some((response) => Object.values(response.content ?? {}).some((media) => media.schema)));
    expect(withoutAnswer.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
    const writes = all.filter(({ method, path }) => ['post', 'put', 'patch'].includes(method) && !BODILESS_WRITES.includes(`${method} ${path}`));
    const withoutBody = writes.filter(({ operation }) => !Object.values(operation.requestBody?.content ?? {}).some((media) => media.schema));
    expect(withoutBody.map(({ method, path }) => `${method} ${path}`)).toEqual([]);
  });

  it('documents the Spanish error answers of the API calls', () => {
    for (const { path, method, operation } of operations().filter(({ path }) => path.startsWith('/api/') && path !== '/api/health')) {
      const refusals = Object.keys(operation.responses).filter((status) => Number(status) >= 400);
      expect(refusals.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of refusals) {
        const schema = operation.responses[status]!.content?.['application/json']?.schema as { required?: string[] } | undefined;
        expect(schema?.required, `${method} ${path} ${status}`).toEqual(['statusCode', 'code', 'message']);
      }
    }
  });

  it('is generated from the contract: a save’s body and a load’s answer are the contract’s schemas', () => {
    const create = doc.paths['/api/wizardpf']!.post!;
    expect(create.requestBody!.content['application/json']!.schema).toEqual(JSON.parse(JSON.stringify(toJsonSchema(saveRequestSchema))));
    const load = doc.paths['/api/wizardpf/{uuid}/{flag}']!.get!;
    expect(load.responses['200']!.content!['application/json']!.schema).toMatchObject({ type: 'object', required: ['data', 'meta'] });
    expect(load.responses['200']!.content!['application/json']!.schema).toMatchObject(
      JSON.parse(JSON.stringify({ properties: (toJsonSchema(loadedAnswerSchema) as { properties: object }).properties })),
    );
    // The documents come with the opening only; a save answers the model, its meta and where it mailed the link.
    const update = doc.paths['/api/wizardpf/{uuid}']!.put!;
    expect(Object.keys((update.responses['200']!.content!['application/json']!.schema as { properties: object }).properties)).toEqual(['data', 'meta', 'enlace_enviado_a']);
  });
});

describe('the answer check of every API test', () => {
  const tiny: OpenApiDocument = {
    paths: {
      '/api/cosa/{uuid}': {
        get: {
          responses: {
            '200': { content: { 'application/json': { schema: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } } } },
            '303': {},
            '400': { content: { 'text/html': { schema: { type: 'string' } } } },
          },
        },
      },
    },
  };
  const sent = (status: number, payload: unknown, contentType = 'application/json; charset=utf-8') => ({ method: 'GET', url: '/api/cosa/:uuid', status, contentType, payload });

  it('passes an answer the document describes', () => {
    expect(answerProblem(tiny, sent(200, '{"n":1}'))).toBeUndefined();
    expect(answerProblem(tiny, sent(200, Buffer.from('{"n":2}')))).toBeUndefined();
    expect(answerProblem(tiny, sent(303, '', 'text/plain'))).toBeUndefined();
    expect(answerProblem(tiny, sent(400, '<p>no</p>', 'text/html; charset=utf-8'))).toBeUndefined();
  });

  it('names the operation, the status and the schema error of one it does not', () => {
    expect(answerProblem(tiny, sent(200, '{"n":"uno"}'))).toMatch(/^GET \/api\/cosa\/\{uuid\} 200 .*body\/n must be integer/);
    expect(answerProblem(tiny, sent(200, '{}'))).toMatch(/must have required property 'n'/);
    expect(answerProblem(tiny, sent(418, '{}'))).toMatch(/^GET \/api\/cosa\/\{uuid\} answered 418, a status the document does not give for it \(it gives 200, 303, 400\)/);
    expect(answerProblem(tiny, sent(400, '{"message":"x"}'))).toMatch(/400 answered application\/json, where the document gives text\/html/);
  });

  it('leaves alone what the document does not hold: another route, another method', () => {
    expect(answerProblem(tiny, { ...sent(500, '{}'), url: '/api/prueba/:kind' })).toBeUndefined();
    expect(answerProblem(tiny, { ...sent(200, ''), method: 'HEAD' })).toBeUndefined();
  });
});

describe('a real answer of every operation', () => {
  /** The document's path template that names `path` ('/api/wizardpf/abc/1' → '/api/wizardpf/{uuid}/{flag}'). */
  const templateOf = (method: string, path: string) =>
    Object.keys(doc.paths).find((template) => doc.paths[template]![method] && new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));

  /** The answer's body, once its status is the expected one; the server's answer check has already held it against the document. */
  async function checked(method: string, path: string, status: number, response: Response) {
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(status);
    const template = templateOf(method.toLowerCase(), path.split('?')[0]!);
    expect(template, `${method} ${path} is documented`).toBeDefined();
    expect(doc.paths[template!]![method.toLowerCase()]!.responses[String(status)]?.content?.['application/json']?.schema, `${method} ${template} ${status} is documented`).toBeDefined();
    return response.json();
  }

  const call = async (method: string, path: string, status: number, body?: unknown, auth: string | null = staffAuth) =>
    checked(method, `/api${path}`, status, await callApi(server, method, path, body, auth));

  const pf = () => beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
  const pm = () => beforeSubmit(validPmModel() as unknown as Record<string, unknown>);
  const avalPf = () => beforeSubmit(validAvalPfModel() as unknown as Record<string, unknown>);

  it('the session calls: the token, /me, health', async () => {
    await checked('POST', '/api/oauth/token', 200, await tokenRequest(server));
    await checked('POST', '/api/oauth/token', 400, await tokenRequest(server, { grant_type: 'implicit' }));
    await checked('POST', '/api/oauth/token', 401, await tokenRequest(server, { client_secret: 'otro' }));
    await call('GET', '/me', 200);
    await call('GET', '/me', 401, undefined, null);
    await call('GET', '/me', 403, undefined, publicAuth);
    await call('GET', '/health', 200);
  });

  it('the application calls: create, load, update, refusals, guarantors, lists, history', async () => {
    const [uuid, extra] = await call('POST', '/wizardpf', 201, { data: pf(), meta: { last_index: 1 } }, publicAuth);
    await call('GET', `/wizardpf/${uuid}/1`, 200, undefined, publicAuth);
    await call('GET', `/wizardpf/${uuid}/0`, 200);
    await call('PUT', `/wizardpf/${uuid}`, 200, { data: pf(), meta: { version: extra.version, last_index: 2 } }, publicAuth);
    // Refusals: a malformed body, no session, staff only, no such record, a stale version, a broken rule.
    await call('POST', '/wizardpf', 400, { data: pf(), meta: { last_index: 99 } }, publicAuth);
    await call('PUT', `/wizardpf/${uuid}`, 400, { data: pf() }, publicAuth);
    await call('GET', `/wizardpf/${uuid}/1`, 401, undefined, null);
    await call('GET', `/wizardpf/${uuid}/0`, 403, undefined, publicAuth);
    await call('GET', `/wizardpf/${randomUUID()}/1`, 404, undefined, publicAuth);
    await call('PUT', `/wizardpf/${uuid}`, 409, { data: pf(), meta: { version: extra.version, last_index: 2 } }, publicAuth);
    await call('PUT', `/wizardpf/${uuid}`, 422, { data: { ...pf(), email: 'no-es-correo' }, meta: { version: extra.version + 1, last_index: 2 } }, publicAuth);

    const [parent] = await call('POST', '/wizardpm', 201, { data: pm(), meta: { last_index: 4 } }, publicAuth);
    const [guarantor] = await call('POST', '/wizardpf', 201, { data: avalPf(), meta: { last_index: 1, parent_uuid: parent } }, publicAuth);
    await call('GET', `/wizardpm/${parent}/1`, 200, undefined, publicAuth);
    await call('DELETE', `/wizardpm/${parent}/avales/${guarantor}`, 200, undefined, publicAuth);
    await call('DELETE', `/wizardpm/${parent}/avales/${guarantor}`, 404, undefined, publicAuth);
    // Asked as a new guarantor opens (its 204 has no body): a code that names no PM.
    await call('GET', `/wizardpm/${randomUUID()}/avales/nuevo`, 404, undefined, publicAuth);

    await call('GET', '/wizardpf/cache', 200);
    await call('GET', '/wizardpf?page=1&page_size=25', 200);
    await call('GET', '/wizardpf?page=0', 400);
    await call('GET', `/historial/${uuid}`, 200);
    // The e.firma calls (tests/api/efirma.test.ts signs real packets): nothing signed yet, a body that is not a PDF.
    await call('GET', `/wizardpf/firma/${uuid}`, 200, undefined, publicAuth);
    await call('GET', `/wizardpf/firma/${uuid}/pdf`, 404, undefined, publicAuth);
    await call('POST', `/wizardpf/firma/${uuid}`, 415, { pdf: 'no' }, publicAuth);
  });

  it('the duplicate checks, the PLD calls and a catalogue', async () => {
    await call('POST', '/persons/fbrfc', 200, pf());
    await call('POST', '/persons/fbrfc', 400, { tipo_persona: 'Física' });
    await call('POST', '/wizardpm/avalfbrfc', 200, { parentuuid: randomUUID(), uuid: null, rfc: 'GARC850314AB1', clasificacion: 'Aval' }, publicAuth);
    await call('POST', '/wizardpm/avalfbrfc', 400, { rfc: 'GARC850314AB1', clasificacion: 'Otro' }, publicAuth);

    const matches = await call('POST', '/pld/search', 200, { data: { name: 'Joaquin Guzman Loera', searchType: 'SplitText', filterRFC: false } });
    expect(matches.length).toBeGreaterThan(0);
    await pldSearchAnswerSchema.validate(matches, { strict: true });
    await call('POST', '/pld/search', 400, { data: { name: 'Joaquin', searchType: 'Persona' } });
    await call('POST', '/pld/search', 403, { data: { name: 'Joaquin', searchType: 'FullText' } }, publicAuth);
    const screened = await call('POST', '/blacklist', 200, { data: pf() });
    await blacklistResultSchema.validate(screened, { strict: true });
    await call('POST', `/blacklist/${randomUUID()}`, 200, pf());
    await call('POST', '/blacklist', 400, { nombre: 'X' });
    await call('GET', '/pld/lists', 200);

    await call('GET', '/catalogs/ct', 200, undefined, publicAuth);
    await call('GET', '/catalogs/zc/06600', 200, undefined, publicAuth);
    await call('GET', '/catalogs/st/abc', 400, undefined, publicAuth);
    await call('GET', '/catalogs/ea', 401, undefined, null);
  });
});
