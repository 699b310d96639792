// The HTTP side of the staff lists (GET /wizardpf/cache, GET /wizardpf): the query string read or
// refused in Spanish, the page's body as the array spec 01 §7 answers, and the paging in headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LIST_PAGE_MAX, LIST_PAGE_SIZE, LIST_PAGE_SIZE_MAX, LIST_SEARCH_MAX, PERSON_TYPE_FILTERS, readListQuery, UNFINISHED_STATES, type ListKind, type ListQuery } from '../../forms/list-query';
import { EDITABLE_LEVELS } from '../../forms/locking';
import { ApiError } from '../api-error';
import type { ListPage } from './application-lists';

export const PAGING_HEADERS = { total: 'x-total-count', page: 'x-page', pageSize: 'x-page-size' } as const;

/** The query of a list call, or a 400 with the Spanish reason (and every refused parameter in `errores`). */
export function listQueryOf(request: FastifyRequest, kind: ListKind): ListQuery {
  const { query, errors } = readListQuery(kind, (request.query ?? {}) as Record<string, unknown>);
  const refused = Object.values(errors);
  if (refused.length > 0) throw new ApiError(400, refused[0]!, 'invalid_list_query', { errores: { ...errors } });
  return query;
}

/** Answers one page: the rows as the body, the total and the page in headers. */
export async function paged<Row>(reply: FastifyReply, query: ListQuery, read: (query: ListQuery) => Promise<ListPage<Row>>): Promise<Row[]> {
  const { rows, total } = await read(query);
  reply.header(PAGING_HEADERS.total, String(total)).header(PAGING_HEADERS.page, String(query.page)).header(PAGING_HEADERS.pageSize, String(query.pageSize));
  return rows;
}

const text = (description: string, extra: Record<string, unknown> = {}) => ({ type: 'string', description, ...extra });
const integer = (description: string, minimum: number, maximum: number, fallback: number) => ({ type: 'integer', minimum, maximum, default: fallback, description });
const header = (description: string) => ({ type: 'integer', description });

const ROWS = {
  unfinished: {
    type: 'object',
    properties: {
      id: { type: 'integer' },
      uuid: { type: 'string' },
      tipo_persona: { type: 'string' },
      wizard_data: { type: 'string', description: 'JSON text: a summary of the model ({ tipo_persona, nombre, email, rfc }), never the whole model' },
    },
    required: ['id', 'uuid', 'tipo_persona', 'wizard_data'],
  },
  applicants: {
    type: 'object',
    properties: {
      nombre: { type: 'string' },
      email: { type: 'string' },
      tipo_persona: { type: 'string' },
      id_persona_datos_generales: { type: 'integer', nullable: true },
      uuid: { type: 'string' },
    },
    required: ['nombre', 'email', 'tipo_persona', 'id_persona_datos_generales', 'uuid'],
  },
};

const SUMMARIES: Record<ListKind, string> = {
  unfinished: 'Unfinished registrations (staff), one page: the body is the array of spec 01 §7; the total and the page are in the X-Total-Count, X-Page and X-Page-Size headers',
  applicants: 'Finished applicants (staff), one page: the body is the array of spec 01 §7; the total and the page are in the X-Total-Count, X-Page and X-Page-Size headers',
};

/**
 * The route schema for the OpenAPI description. The query string is checked by `listQueryOf`
 * (the route attaches Fastify's own validation instead of answering it), so every refusal is one
 * Spanish message.
 */
export function listSchema(kind: ListKind) {
  return {
    summary: SUMMARIES[kind],
    security: [{ bearer: [] }],
    querystring: {
      type: 'object',
      properties: {
        q: text(`every word in the name or RFC, in any order; or part of the RFC or uuid; case and accents ignored; at most ${LIST_SEARCH_MAX} characters`),
        tipo: text('person type', { enum: Object.keys(PERSON_TYPE_FILTERS) }),
        ...(kind === 'unfinished'
          ? { estado: text('vigente: first filled at most 30 days ago; expirada: earlier', { enum: [...UNFINISHED_STATES] }) }
          : { editable: text('editable level set by the main system (none: an approved request exists)', { enum: EDITABLE_LEVELS }) }),
        order: text('by the date of the last change', { enum: ['newest', 'oldest'], default: 'newest' }),
        page: integer('page number, from 1', 1, LIST_PAGE_MAX, 1),
        page_size: integer('rows per page', 1, LIST_PAGE_SIZE_MAX, LIST_PAGE_SIZE),
      },
    },
    response: {
      200: {
        type: 'array',
        items: ROWS[kind],
        headers: {
          'X-Total-Count': header('rows matching the search and filters, on every page'),
          'X-Page': header('the page answered'),
          'X-Page-Size': header('rows per page'),
        },
      },
    },
  };
}
