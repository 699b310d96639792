// Checks every answer a test server sends against the OpenAPI document that same server serves
// (GET /api/openapi.json, app.swagger()): the status must be one the document gives for the
// operation (method + path template) and a JSON answer must match that status's schema. A
// mismatch is recorded, and the test that caused it fails (tests/api/support/setup.ts) naming the
// operation, the status and the schema error.
//
// What is not checked, and why:
// - answers of routes that declare no contract (`config.contract`, what the document is generated
//   from): Fastify's not-found answer (no route matched), answers refused before routing (a malformed
//   URL), the hidden document route itself, the static files, and the routes a test adds for itself
//   (the document lists those with @fastify/swagger's default answer only). tests/api/openapi.test.ts
//   checks that every operation of the document has an answer schema;
// - the body of a non-JSON answer (the staff portal's and the browser app's HTML pages): only its
//   status and that its media type is one the document gives for that status;
// - HEAD, OPTIONS and other methods the document does not list for a path;
// - servers run as a separate process (tests/api/process.test.ts): they are not built here.
import type { FastifyInstance } from 'fastify';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

type Media = { schema?: object };
type Operation = { responses: Record<string, { content?: Record<string, Media> }> };
export type OpenApiDocument = { paths: Record<string, Record<string, Operation>> };

/** An answer as the server sends it: the route's URL as Fastify registers it ('/api/wizardpf/:uuid/:flag'), and the payload as sent. */
export interface SentAnswer {
  method: string;
  url: string;
  status: number;
  contentType: unknown;
  payload: unknown;
}

// OpenAPI 3.0 schema objects read as JSON Schema: `nullable` is one of Ajv's own keywords, the
// document uses no `exclusiveMinimum: true` (draft 4's form), and unknown keywords (`example`) pass.
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);

/** Compiled once per test file: every test server serves the same document (it comes from the code, not the configuration). */
const validators = new Map<string, ValidateFunction>();

const violations: string[] = [];

/** The mismatches found since the last call, cleared. */
export function takeAnswerViolations(): string[] {
  return violations.splice(0, violations.length);
}

/** Fastify's route URL as the document writes it: '/api/wizardpf/:uuid/:flag' → '/api/wizardpf/{uuid}/{flag}', '/*' → '/{*}'. */
const templateOf = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*/g, '{*}');

const mediaTypeOf = (contentType: unknown) => (typeof contentType === 'string' ? contentType.split(';')[0]!.trim().toLowerCase() : undefined);

function bodyText(payload: unknown): string | undefined {
  if (typeof payload === 'string') return payload;
  if (Buffer.isBuffer(payload)) return payload.toString('utf8');
  return undefined; // a stream or nothing
}

/** What `doc` does not describe of the answer, or nothing. */
export function answerProblem(doc: OpenApiDocument, { method, url, status, contentType, payload }: SentAnswer): string | undefined {
  const template = templateOf(url);
  const operation = doc.paths[template]?.[method.toLowerCase()];
  if (!operation) return undefined;
  const name = `${method} ${template}`;
  const response = operation.responses[String(status)];
  if (!response) return `${name} answered ${status}, a status the document does not give for it (it gives ${Object.keys(operation.responses).join(', ')}).`;
  const text = bodyText(payload);
  if (!response.content || text === undefined || text === '') return undefined;
  const mediaType = mediaTypeOf(contentType);
  const media = mediaType === undefined ? undefined : response.content[mediaType];
  if (!media) return `${name} ${status} answered ${mediaType ?? 'no content type'}, where the document gives ${Object.keys(response.content).join(', ')}.`;
  if (mediaType !== 'application/json' || !media.schema) return undefined;

  const key = `${name} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(media.schema);
    validators.set(key, validate);
  }
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `${key} answered a body that is not JSON: ${text.slice(0, 200)}`;
  }
  if (validate(body)) return undefined;
  return `${key} answered a body that breaks its documented schema: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}\n  body: ${text.slice(0, 300)}`;
}

/** Records every answer of `app` that its own document does not describe (call before the app is ready). */
export function checkAnswersAgainstDocument(app: FastifyInstance): void {
  let doc: OpenApiDocument | undefined;
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.routeOptions.url;
    if (url === undefined || !request.routeOptions.config.contract) return payload;
    doc ??= app.swagger() as unknown as OpenApiDocument;
    const problem = answerProblem(doc, { method: request.method, url, status: reply.statusCode, contentType: reply.getHeader('content-type'), payload });
    if (problem) violations.push(problem);
    return payload;
  });
}
