// What each route declares of its wire contract (route option `config.contract`): the body and query
// schemas and the answer per status, all from forms/contracts/. The OpenAPI description is generated
// from it by @fastify/swagger's `transform`, never from the route's Fastify `schema.body`/`response`,
// so Fastify neither validates nor serialises with it: bodies are validated by the contract itself
// (server/validation/contract-body.ts) and answers are sent as the handlers build them.
import type { FastifySchema, RouteOptions } from 'fastify';
import { string } from 'yup';
import { errorAnswerSchema } from '../../forms/contracts/refusal';
import { limitGroupOf } from '../limit-groups';
import { toJsonSchema, type JsonSchema } from './yup-to-json-schema';

type Describable = Parameters<typeof toJsonSchema>[0];

export interface Answer {
  description: string;
  /** None: an answer without a body (a redirect). */
  schema?: Describable;
  /** Not JSON: the staff pages are HTML. */
  mediaType?: string;
  /** More media types the same answer may come in (an opened document: JPEG, PNG, WebP or PDF). */
  otherMediaTypes?: readonly string[];
  headers?: Record<string, { type: string; description: string }>;
}

export interface RouteContract {
  body?: Describable;
  /** Not JSON: the staff sign-in form. */
  bodyMediaType?: string;
  querystring?: Describable;
  answers: Record<number, Answer>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    contract?: RouteContract;
    /** The route needs the database, so it may answer 503 (set for a whole scope in server/app.ts). */
    usesDatabase?: boolean;
  }
}

const REFUSALS: Record<number, string> = {
  400: 'Refused: the body, a parameter or the query is not valid (Spanish `message`; a body breaking the contract names the field and rule in `campos`).',
  401: 'No session, or an expired or ended one.',
  403: 'The session may not do this (public session on a staff call, missing permission, a finished, expired or staff-created record).',
  404: 'No such record (or not one this call reaches).',
  409: 'Conflict: a stale version, too many guarantors, incomplete guarantors, a reload already running.',
  413: 'The body is too large.',
  415: 'The body is neither JSON nor a form.',
  422: 'The model breaks a rule of its wizard: nothing is stored; `errores` holds the Spanish message per field path.',
  429: 'Too many requests from this address: try again later.',
  503: 'The database is not available (not open yet, or a statement past its time): try again later.',
};

/** The Spanish error answers of these statuses (server/http-errors.ts errorBody). */
export const refusals = (...statuses: number[]): Record<number, Answer> =>
  Object.fromEntries(statuses.map((status) => [status, { description: REFUSALS[status] ?? 'Refused.', schema: errorAnswerSchema }]));

/** An HTML page (the staff pages, the browser app's index.html). */
export const htmlPage = (description: string): Answer => ({ description, schema: string(), mediaType: 'text/html' });

/** A JSON answer. */
export const answer = (schema: Describable, description: string, headers?: Answer['headers']): Answer => ({ schema, description, headers });

/** The refusals every route that reads a body may answer before its handler runs: a body Fastify cannot read (server/http-errors.ts). */
const BODY_REFUSALS = [400, 413, 415];
const READS_BODY = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * One status's answers as an OpenAPI response. A status may be answered in more than one media type:
 * the staff sign-in answers its page again (HTML) where the framework or the rate limit answers the
 * API's JSON refusal.
 */
function responseOf(answers: Answer[]): JsonSchema {
  const headers = Object.assign({}, ...answers.map((item) => item.headers ?? {})) as Record<string, unknown>;
  const withHeaders = Object.keys(headers).length > 0 ? { headers } : {};
  const [first] = answers;
  if (answers.length === 1 && first) {
    const { description, schema, mediaType, otherMediaTypes = [] } = first;
    if (!schema) return { type: 'null', description, ...withHeaders };
    const json = toJsonSchema(schema);
    if (mediaType) return { description, content: Object.fromEntries([mediaType, ...otherMediaTypes].map((type) => [type, { schema: json }])), ...withHeaders };
    return { ...json, description, ...withHeaders };
  }
  const content = Object.fromEntries(answers.filter((item) => item.schema).map((item) => [item.mediaType ?? 'application/json', { schema: toJsonSchema(item.schema!) }]));
  return { description: answers.map((item) => item.description).join(' Or: '), content, ...withHeaders };
}

/**
 * The contract's answers, plus the JSON refusals this route answers whether or not it declares them:
 * the framework's of a body, the rate limit's, and the database's when it is not available.
 */
function answersOf(method: string, url: string, contract: RouteContract, usesDatabase: boolean): Record<string, Answer[]> {
  const implied = [
    ...(READS_BODY.includes(method) ? BODY_REFUSALS : []),
    ...(limitGroupOf(method, url) !== undefined ? [429] : []),
    ...(usesDatabase ? [503] : []),
  ];
  const answers: Record<string, Answer[]> = Object.fromEntries(Object.entries(contract.answers).map(([status, item]) => [status, [item]]));
  for (const [status, refusal] of Object.entries(refusals(...implied))) {
    const declared = answers[status] ?? [];
    // The route's own answer of that status in JSON is the same refusal, said as the route says it.
    if (!declared.some((item) => (item.mediaType ?? 'application/json') === 'application/json')) answers[status] = [...declared, refusal];
  }
  return answers;
}

/** The route as the document gives it: its contract's body, query and answers (with those of `answersOf`). */
export function documentedSchema(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, schema: FastifySchema | undefined): FastifySchema | undefined {
  const config = route.config as { contract?: RouteContract; usesDatabase?: boolean } | undefined;
  const contract = config?.contract;
  if (!contract) return schema;
  const method = Array.isArray(route.method) ? route.method[0]! : route.method;
  const body = contract.body && toJsonSchema(contract.body);
  return {
    ...schema,
    ...(body ? { body: contract.bodyMediaType ? { content: { [contract.bodyMediaType]: { schema: body } } } : body } : {}),
    ...(contract.querystring ? { querystring: toJsonSchema(contract.querystring) } : {}),
    response: Object.fromEntries(Object.entries(answersOf(method, route.url, contract, config?.usesDatabase === true)).map(([status, items]) => [status, responseOf(items)])),
  };
}
