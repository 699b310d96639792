// The HTTP side of the staff lists (GET /wizardpf/cache, GET /wizardpf): the query string checked
// against the contract (refused in Spanish), the page's body as the array spec 01 §7 answers, and the
// paging in headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { toListQuery, type ListQuery } from '../../forms/list-query';
import { applicantsPageSchema, LIST_PAGE_HEADERS, listQuerySchema, unfinishedPageSchema, type ListKind, type ListQueryParameters } from '../../forms/contracts/lists';
import { answer, refusals, type RouteContract } from '../openapi/route-contract';
import { checksQuery } from '../validation/contract-body';
import type { ListPage } from './application-lists';

export const PAGING_HEADERS = { total: 'x-total-count', page: 'x-page', pageSize: 'x-page-size' } as const;

/** A list route's hook, after the session's: the query string checked against the list's contract (400 `invalid_list_query` with every refused parameter in `errores`). */
export const checksListQuery = (kind: ListKind) => checksQuery(listQuerySchema(kind));

/** The query of a list call, once `checksListQuery` has read it. */
export const listQueryOf = (request: FastifyRequest): ListQuery => toListQuery(request.query as ListQueryParameters);

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

/** The route schema: what the document says besides the contract. */
export const listSchema = (kind: ListKind) => ({ summary: SUMMARIES[kind], security: [{ bearer: [] }] });

const PAGE_HEADERS = Object.fromEntries(Object.entries(LIST_PAGE_HEADERS).map(([name, description]) => [name, { type: 'integer', description }]));

/** The list call's contract: its query, the page's rows and the paging headers. */
export function listContract(kind: ListKind): RouteContract {
  const rows = kind === 'unfinished' ? unfinishedPageSchema : applicantsPageSchema;
  return { querystring: listQuerySchema(kind), answers: { 200: answer(rows, 'One page of the list', PAGE_HEADERS), ...refusals(400, 401, 403) } };
}
