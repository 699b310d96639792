// The HTTP side of the staff lists (GET /wizardpf/cache, GET /wizardpf): the query string read or
// refused in Spanish, the page's body as the array spec 01 §7 answers, and the paging in headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { readListQuery, type ListKind, type ListQuery } from '../../forms/list-query';
import { applicantsPageSchema, LIST_PAGE_HEADERS, listQuerySchema, unfinishedPageSchema } from '../../forms/contracts/lists';
import { answer, refusals, type RouteContract } from '../openapi/route-contract';
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

const SUMMARIES: Record<ListKind, string> = {
  unfinished: 'Unfinished registrations (staff), one page: the body is the array of spec 01 §7; the total and the page are in the X-Total-Count, X-Page and X-Page-Size headers',
  applicants: 'Finished applicants (staff), one page: the body is the array of spec 01 §7; the total and the page are in the X-Total-Count, X-Page and X-Page-Size headers',
};

/** The route schema: what the document says besides the contract. The query string is read by `listQueryOf`. */
export const listSchema = (kind: ListKind) => ({ summary: SUMMARIES[kind], security: [{ bearer: [] }] });

const PAGE_HEADERS = Object.fromEntries(Object.entries(LIST_PAGE_HEADERS).map(([name, description]) => [name, { type: 'integer', description }]));

/** The list call's contract: its query, the page's rows and the paging headers. */
export function listContract(kind: ListKind): RouteContract {
  const rows = kind === 'unfinished' ? unfinishedPageSchema : applicantsPageSchema;
  return { querystring: listQuerySchema(kind), answers: { 200: answer(rows, 'One page of the list', PAGE_HEADERS), ...refusals(400, 401, 403) } };
}
