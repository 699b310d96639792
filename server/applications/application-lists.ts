// The staff lists as pages: unfinished registrations and finished applicants, searched, filtered,
// sorted by date and counted in the database. Rows are read from the record's own columns, never
// from the stored model, so a page costs the same however large the records behind it are.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { APPLICATION_VALID_MS } from '../../forms/limits';
import { PERSON_TYPE_FILTERS } from '../../forms/contracts/lists';
import { foldForSearch, LIST_SEARCH_WORDS_MAX, type ListQuery } from '../../forms/list-query';


// Upper bounds of a row's texts, above what the model's rules let through: a row stays small
// even for a record written some other way.
const NAME_CHARS = 400;
const EMAIL_CHARS = 200;
const RFC_CHARS = 20;

/** An unfinished registration as spec 01 §3 lists it; `wizard_data` is a summary of the model, as JSON text. */
export interface UnfinishedRow {
  id: number;
  uuid: string;
  tipo_persona: string;
  wizard_data: string;
}

/** An applicant as spec 01 §3 lists it. */
export interface ApplicantRow {
  nombre: string;
  email: string;
  tipo_persona: string;
  id_persona_datos_generales: number | null;
  uuid: string;
}

export interface ListPage<Row> {
  rows: Row[];
  /** Rows matching the search and filters, on every page. */
  total: number;
}

type Where = ExpressionBuilder<Database, 'application'>;
type Ordered = SelectQueryBuilder<Database, 'application', object>;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);
/** The record's name and RFC, upper case, accents folded (migration 0006). */
const searchable = sql<string>`busqueda`;

/** Every word in the name or RFC, in any order; or the RFC, or the uuid, containing the search. */
function matchesSearch(eb: Where, search: string): Expression<SqlBool> {
  const folded = foldForSearch(search);
  const words = folded.split(' ').filter(Boolean).slice(0, LIST_SEARCH_WORDS_MAX);
  const compact = folded.replace(/\s+/g, '');
  const alternatives: Expression<SqlBool>[] = [
    eb.and(words.map((word) => eb(searchable, 'like', `%${escapeLike(word)}%`))),
    eb(searchable, 'like', `%${escapeLike(compact)}%`),
  ];
  if (/^[0-9a-f-]+$/i.test(compact)) alternatives.push(eb('uuid', 'like', `%${escapeLike(compact.toLowerCase())}%`));
  return eb.or(alternatives);
}

/** The filters both lists share: the search and the person type. */
function commonFilters(eb: Where, query: ListQuery): Expression<SqlBool>[] {
  const filters: Expression<SqlBool>[] = [];
  if (query.q) filters.push(matchesSearch(eb, query.q));
  if (query.tipo) filters.push(eb('tipo_persona', '=', PERSON_TYPE_FILTERS[query.tipo]));
  return filters;
}

export function createApplicationLists(db: Kysely<Database>) {
  /** One page in date order (the last change, the record's id breaking ties) and the count of all matching rows. */
  async function page<Row>(where: (eb: Where) => Expression<SqlBool>, query: ListQuery, columns: (qb: Ordered) => Promise<Row[]>) {
    const direction = query.order === 'oldest' ? 'asc' : 'desc';
    const base = () => db.selectFrom('application').where(where);
    const [rows, counted] = await Promise.all([
      columns(base().orderBy('updated_at', direction).orderBy('id', direction).limit(query.pageSize).offset((query.page - 1) * query.pageSize)),
      base().select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(counted.total) };
  }

  return {
    /** Applicants' registrations not finished yet (guarantors are listed with their PM, not here). */
    async unfinished(query: ListQuery, now = Date.now()): Promise<ListPage<UnfinishedRow>> {
      // The same cut as the records' own `expired` (application-routes.ts): more than 30 days since first filled.
      const validSince = new Date(now - APPLICATION_VALID_MS).toISOString();
      const { rows, total } = await page(
        (eb) =>
          eb.and([
            eb('complete', '=', false),
            eb('clasificacion', '=', 'Cliente'),
            ...commonFilters(eb, query),
            ...(query.estado === 'vigente' ? [eb('filled_at', '>=', sql<Date>`${validSince}::timestamptz`)] : []),
            ...(query.estado === 'expirada' ? [eb('filled_at', '<', sql<Date>`${validSince}::timestamptz`)] : []),
          ]),
        query,
        (qb) =>
          qb
            .select([
              'id',
              'uuid',
              'tipo_persona',
              sql<string>`left(nombre, ${sql.lit(NAME_CHARS)})`.as('nombre'),
              sql<string>`left(email, ${sql.lit(EMAIL_CHARS)})`.as('email'),
              sql<string>`left(coalesce(rfc, ''), ${sql.lit(RFC_CHARS)})`.as('rfc'),
            ])
            .execute(),
      );
      return {
        total,
        rows: rows.map(({ id, uuid, tipo_persona, nombre, email, rfc }) => ({
          id,
          uuid,
          tipo_persona,
          wizard_data: JSON.stringify({ tipo_persona, nombre, email, rfc }),
        })),
      };
    },

    /** Finished applications. */
    async applicants(query: ListQuery): Promise<ListPage<ApplicantRow>> {
      return page(
        (eb) => eb.and([eb('complete', '=', true), ...commonFilters(eb, query), ...(query.editable ? [eb('editable', '=', query.editable)] : [])]),
        query,
        (qb) =>
          qb
            .select([
              sql<string>`left(nombre, ${sql.lit(NAME_CHARS)})`.as('nombre'),
              sql<string>`left(email, ${sql.lit(EMAIL_CHARS)})`.as('email'),
              'tipo_persona',
              'id_persona_datos_generales',
              'uuid',
            ])
            .execute(),
      );
    },
  };
}

export type ApplicationLists = ReturnType<typeof createApplicationLists>;
