// The staff lists' query (forms/list-query.ts): read from a URL or a parsed query string by the
// contract's schema (forms/contracts/lists.ts), every bad value named in Spanish, written back with
// the defaults left out, and text folded for search.
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { listQuerySchema } from '../../forms/contracts/lists';
import { DEFAULT_LIST_QUERY, foldForSearch, listQueryParams, readListQuery, SEARCH_FOLD_FROM, SEARCH_FOLD_TO, sortedBy } from '../../forms/list-query';
import { applicationListsMigration, applicationNameOrderMigration } from '../../server/applications/application-lists-migration';

describe('readListQuery', () => {
  it('reads every parameter of a list', () => {
    const { query, errors } = readListQuery('unfinished', new URLSearchParams('q=%20Jos%C3%A9%20%20Mu%C3%B1oz%20&tipo=pfae&estado=expirada&sort=nombre&order=asc&page=3&page_size=50'));
    expect(errors).toEqual({});
    expect(query).toEqual({ q: 'José Muñoz', tipo: 'pfae', estado: 'expirada', editable: null, sort: 'nombre', order: 'asc', page: 3, pageSize: 50 });
    expect(readListQuery('applicants', { editable: 'none', page: 2 }).query).toMatchObject({ editable: 'none', page: 2 });
  });

  it('takes empty values and no parameters as the defaults', () => {
    expect(readListQuery('applicants', new URLSearchParams('q=&tipo=&editable=&page=')).query).toEqual(DEFAULT_LIST_QUERY);
    expect(readListQuery('unfinished', {})).toEqual({ query: DEFAULT_LIST_QUERY, errors: {} });
  });

  it('names each bad value and keeps the default for it', () => {
    const { query, errors } = readListQuery('unfinished', new URLSearchParams('page=0&page_size=500&order=oldest&sort=folio&tipo=x&estado=activa&editable=all&q=a%00b'));
    expect(query).toEqual(DEFAULT_LIST_QUERY);
    expect(Object.keys(errors).sort()).toEqual(['editable', 'estado', 'order', 'page', 'page_size', 'q', 'sort', 'tipo']);
    expect(errors.page).toBe('La página debe ser un número entero entre 1 y 1000000.');
    expect(errors.editable).toBe('La lista no reconoce uno de los parámetros; acepta: q, tipo, estado, sort, order, page, page_size.');
  });

  it('refuses a repeated parameter and a value that is not text', () => {
    expect(readListQuery('applicants', new URLSearchParams('page=1&page=2')).errors).toEqual({ page: 'El parámetro page debe indicarse una sola vez.' });
    expect(readListQuery('applicants', { q: { nested: true } }).errors.q).toMatch(/^La búsqueda/);
  });

  it('refuses numbers written otherwise than as plain digits', () => {
    for (const page of ['1.5', '-1', '1e3', '0x10', ' ', '9999999999']) expect(readListQuery('unfinished', { page }).query.page, page).toBe(1);
  });

  it('refuses a parameter named like an inherited member, and names refusals in the order the query does', () => {
    const { query, errors } = readListQuery('applicants', new URLSearchParams('page=x&toString=1&__proto__=2&tipo=pm&order=z'));
    expect(query).toEqual({ ...DEFAULT_LIST_QUERY, tipo: 'pm' });
    expect(Object.keys(errors)).toEqual(['page', 'toString', '__proto__', 'order']);
    expect(errors.toString).toMatch(/^La lista no reconoce uno de los parámetros/);
  });

  it('cuts a long unknown name to 40 characters', () => {
    expect(Object.keys(readListQuery('unfinished', { ['x'.repeat(500)]: '1' }).errors)).toEqual(['x'.repeat(40)]);
  });
});

describe('listQuerySchema, the contract the server checks a list call with', () => {
  it('casts a query string to the parameters, defaults filled in', () => {
    expect(listQuerySchema('unfinished').validateSync({ q: ' ana  ruiz ', estado: 'vigente', page: '2' })).toEqual({ q: 'ana ruiz', estado: 'vigente', sort: 'modificada', order: 'desc', page: 2, page_size: 25 });
  });

  it('refuses with the list’s refusal: code invalid_list_query and the Spanish message, per parameter', () => {
    let error: unknown;
    try {
      listQuerySchema('applicants').validateSync({ page_size: '0', estado: 'vigente' }, { abortEarly: false });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    const refused = (error as ValidationError).inner.map((item) => [item.path, item.errors[0]]);
    expect(refused).toEqual(
      expect.arrayContaining([
        ['page_size', { code: 'invalid_list_query', message: 'El tamaño de página debe ser un número entero entre 1 y 100.' }],
        ['estado', { code: 'invalid_list_query', message: expect.stringMatching(/^La lista no reconoce/) }],
      ]),
    );
  });
});

describe('listQueryParams', () => {
  it('writes only what differs from the defaults, and reads back the same query', () => {
    expect(listQueryParams(DEFAULT_LIST_QUERY).toString()).toBe('');
    const query = { ...DEFAULT_LIST_QUERY, q: 'JOSÉ', tipo: 'pm' as const, sort: 'rfc' as const, order: 'asc' as const, page: 2, pageSize: 100 };
    const params = listQueryParams(query);
    expect(params.toString()).toBe('q=JOS%C3%89&tipo=pm&sort=rfc&order=asc&page=2&page_size=100');
    expect(readListQuery('applicants', params).query).toEqual(query);
  });
});

describe('sortedBy', () => {
  it('starts a text column A to Z and a date column newest first, turns the direction when chosen again, and goes back to page 1', () => {
    const paged = { ...DEFAULT_LIST_QUERY, page: 3 };
    expect(sortedBy(paged, 'nombre')).toMatchObject({ sort: 'nombre', order: 'asc', page: 1 });
    expect(sortedBy(sortedBy(paged, 'nombre'), 'nombre')).toMatchObject({ sort: 'nombre', order: 'desc' });
    expect(sortedBy(paged, 'creada')).toMatchObject({ sort: 'creada', order: 'desc', page: 1 });
    // The default sort is the last change, newest first: choosing it again shows the oldest first.
    expect(sortedBy(DEFAULT_LIST_QUERY, 'modificada')).toMatchObject({ sort: 'modificada', order: 'asc' });
  });
});

describe('foldForSearch', () => {
  it('compares in upper case without accents', () => {
    expect(foldForSearch('José Muñoz Álvarez, Çelik')).toBe('JOSE MUNOZ ALVAREZ, CELIK');
  });

  it('folds with the accent table the stored columns were built with (migrations 0006 and 0020)', async () => {
    // The migrations write their own copy of the table: changing SEARCH_FOLD_* needs a migration that redefines the
    // columns, and this test then compares SEARCH_FOLD_* with that newest migration instead.
    const statements: string[] = [];
    const db = new Kysely<unknown>({
      dialect: {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new DummyDriver(),
        createIntrospector: (kysely) => new PostgresIntrospector(kysely),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      },
      log: (event) => void statements.push(event.query.sql),
    });
    await applicationListsMigration.up(db);
    await applicationNameOrderMigration.up(db);
    expect(statements).toHaveLength(2);
    for (const statement of statements) expect(statement).toContain(`'${SEARCH_FOLD_FROM}', '${SEARCH_FOLD_TO}'`);
  });
});
