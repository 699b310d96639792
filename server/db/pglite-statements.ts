// Named statements for the queries a PGlite runs again and again (a save's update, a record's
// read). PGlite's query() sends a statement as six protocol exchanges (parse, describe, bind,
// describe, execute, sync), each through its WebAssembly and parsed back in JavaScript, and
// PostgreSQL parses and plans the text every time. A query seen before is parsed once under a name;
// each run is then one exchange (bind, describe, execute, sync) over the statement PostgreSQL kept.
// Measured on this machine for a save's update-and-history statement: 0.12–0.19 ms a run against
// 0.60–1.09 ms through query() (tests/.cache probe, same process, alternated). The values are
// serialised and the rows parsed by PGlite's own serialisers and parsers, as query() does, so the
// answer is the same. PostgreSQL plans a named statement's first five runs for their values, then
// keeps a generic plan when it costs no more than those did (plan_cache_mode auto, as every driver
// that names its statements gets); with a plan for every run the save's statement costs 0.42–0.75 ms.
import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** The most statements kept (PostgreSQL holds each one's plan); queries past it run as query() does. */
export const MAX_STATEMENTS = 256;
/** The most texts remembered as seen once, waiting for a second run; forgotten all at once past it. */
const MAX_SEEN = 4096;
/** Texts with more parameters are built from lists of varying length (a batch's rows): run as query() does. */
const MAX_PARAMS = 64;
/**
 * A kept statement PostgreSQL no longer runs: its result's shape changed under it ('cached plan
 * must not change result type', 0A000) or it is gone (26000). It is dropped and the query run as
 * query() does.
 */
const STALE_STATEMENT = new Set(['0A000', '26000']);

interface Statement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it when it parsed the statement. */
  paramOids: number[];
}

/** What PGlite keeps public on its instances but leaves out of its interface. */
interface PGliteInternals {
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (text: string, typeId?: number) => unknown>;
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(work: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(work: () => Promise<T>): Promise<T>;
}

const joined = (...parts: Uint8Array[]) => {
  const message = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    message.set(part, offset);
    offset += part.length;
  }
  return message;
};

/** A query function over `pglite` that runs a text it has seen before as a named statement. */
export function statementRunner(pglite: PGlite): (sql: string, params: unknown[]) => Promise<Results> {
  const internals = pglite as unknown as PGliteInternals;
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  let named = 0;

  /** Parses `sql` under a new name; answers its parameters' types. */
  const prepare = async (sql: string): Promise<Statement> => {
    const name = `pglite_statement_${++named}`;
    const { messages } = await pglite.execProtocol(joined(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }), serialize.sync()));
    const statement = { name, paramOids: parse.parseDescribeStatementResults(messages) };
    statements.set(sql, statement);
    return statement;
  };

  /** Runs a kept statement (parsing it first if it is new), or answers undefined when it went stale: the caller holds PGlite's locks. */
  const runNamed = async (sql: string, params: unknown[]): Promise<Results | undefined> => {
    const statement = statements.get(sql) ?? (await prepare(sql));
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serializer = internals.serializers[statement.paramOids[i]];
      return serializer ? serializer(param) : String(param);
    });
    try {
      const { messages } = await pglite.execProtocol(
        joined(serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()),
      );
      return parse.parseResults(messages, internals.parsers)[0];
    } catch (error) {
      if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
      statements.delete(sql);
      await pglite.execProtocol(joined(serialize.close({ type: 'S', name: statement.name }), serialize.sync()));
      return undefined;
    }
  };

  return async (sql, params) => {
    if (!statements.has(sql) && (!seen.has(sql) || statements.size >= MAX_STATEMENTS || params.length > MAX_PARAMS)) {
      if (seen.size >= MAX_SEEN) seen.clear();
      seen.add(sql);
      return pglite.query(sql, params);
    }
    seen.delete(sql);
    // PGlite's turn order, taken as query() takes it: behind any query, exec or transaction already waiting.
    await internals._checkReady();
    const result = await internals._runExclusiveTransaction(() => internals._runExclusiveQuery(() => runNamed(sql, params)));
    // Gone stale (a table changed under it): inside a transaction that transaction is now aborted, as it would be after any error.
    return result ?? pglite.query(sql, params);
  };
}
