// The staff lists as pages: unfinished registrations and finished applicants, searched, filtered,
// sorted by a column and counted in the database. Rows are read from the record's own columns, never
// from the stored model, so a page costs the same however large the records behind it are.
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { APPLICATION_VALID_MS } from '../../forms/limits';
import type { EditableLevel } from '../../forms/locking';
import { PERSON_TYPE_FILTERS, type ApplicantRow, type ListSort, type UnfinishedRow } from '../../forms/contracts/lists';
import { foldForSearch, LIST_SEARCH_WORDS_MAX, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, type ListQuery } from '../../forms/list-query';

// Upper bounds of a row's texts, above what the model's rules let through: a row stays small
// even for a record written some other way.
const NAME_CHARS = 400;
const EMAIL_CHARS = 200;
const RFC_CHARS = 20;
const FRANCHISE_CHARS = 100;
const PLD_LISTS_CHARS = 200;

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

/**
 * A text as names sort (migration 0020's `orden_nombre`): folded as a search, but Ñ written 'N~' ('~'
 * follows every letter byte by byte), so it comes after every N and before O, in Spanish order.
 */
const spanishOrderKey = (text: RawBuilder<unknown>) =>
  sql`upper(translate(replace(replace(${text}, 'ñ', 'N~'), 'Ñ', 'N~'), ${sql.lit(SEARCH_FOLD_FROM)}, ${sql.lit(SEARCH_FOLD_TO)}))`;

/**
 * What each sort orders by. Texts compare folded (upper case, no accents) and byte by byte (collation
 * "C"), so a page reads the same on PGlite and on PostgreSQL whatever their locale; a blank RFC or
 * franchise goes last either way.
 */
const SORT_COLUMNS: Record<ListSort, { expression: RawBuilder<unknown>; blanksLast?: boolean }> = {
  numero: { expression: sql`id` },
  folio: { expression: sql`id_persona_datos_generales` },
  // In Spanish alphabetical order: Ñ after N (migration 0020, as spanishOrderKey).
  nombre: { expression: sql`orden_nombre collate "C"` },
  tipo: { expression: sql`tipo_persona collate "C"` },
  rfc: { expression: sql`nullif(rfc, '') collate "C"`, blanksLast: true },
  franquicia: { expression: sql`nullif(${spanishOrderKey(sql`franchise`)}, '') collate "C"`, blanksLast: true },
  creada: { expression: sql`filled_at` },
  vence: { expression: sql`filled_at` },
  modificada: { expression: sql`updated_at` },
};

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

/** The columns both lists show beside the spec's, bounded. */
const detailColumns = [
  sql<string | null>`left(rfc, ${sql.lit(RFC_CHARS)})`.as('rfc'),
  sql<string | null>`left(franchise, ${sql.lit(FRANCHISE_CHARS)})`.as('franquicia'),
  sql<string | null>`left(pld_confirmada, ${sql.lit(PLD_LISTS_CHARS)})`.as('pld_confirmada'),
  'filled_at',
  'updated_at',
  sql<boolean>`exists (select 1 from efirma_signature where efirma_signature.application_uuid = application.uuid)`.as('firmada'),
] as const;

const iso = (date: Date | string) => new Date(date).toISOString();

export function createApplicationLists(db: Kysely<Database>) {
  /** One page in the query's order (the record's id breaking ties) and the count of all matching rows. */
  async function page<Row>(where: (eb: Where) => Expression<SqlBool>, query: ListQuery, columns: (qb: Ordered) => Promise<Row[]>) {
    const direction = query.order;
    const { expression, blanksLast } = SORT_COLUMNS[query.sort];
    const base = () => db.selectFrom('application').where(where);
    const ordered = base()
      .orderBy(expression, (order) => {
        const directed = direction === 'asc' ? order.asc() : order.desc();
        return blanksLast ? directed.nullsLast() : directed;
      })
      .orderBy('id', direction);
    const [rows, counted] = await Promise.all([
      columns(ordered.limit(query.pageSize).offset((query.page - 1) * query.pageSize)),
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
              ...detailColumns,
            ])
            .execute(),
      );
      return {
        total,
        rows: rows.map(({ id, uuid, tipo_persona, nombre, email, rfc, franquicia, pld_confirmada, firmada, filled_at, updated_at }) => {
          const expires = new Date(filled_at).getTime() + APPLICATION_VALID_MS;
          return {
            id,
            uuid,
            tipo_persona,
            wizard_data: JSON.stringify({ tipo_persona, nombre, email, rfc: rfc ?? '' }),
            nombre,
            rfc,
            franquicia,
            pld_confirmada,
            firmada,
            fecha_creacion: iso(filled_at),
            fecha_modificacion: iso(updated_at),
            fecha_vencimiento: iso(new Date(expires)),
            estado: expires < now ? ('expirada' as const) : ('vigente' as const),
          };
        }),
      };
    },

    /** Finished applications. */
    async applicants(query: ListQuery): Promise<ListPage<ApplicantRow>> {
      const { rows, total } = await page(
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
              'editable',
              ...detailColumns,
            ])
            .execute(),
      );
      return {
        total,
        rows: rows.map(({ filled_at, updated_at, editable, ...row }) => ({
          ...row,
          fecha_creacion: iso(filled_at),
          fecha_modificacion: iso(updated_at),
          editable: editable as EditableLevel,
        })),
      };
    },
  };
}

export type ApplicationLists = ReturnType<typeof createApplicationLists>;
