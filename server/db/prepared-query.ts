// A query built with Kysely's builder and compiled once, then run many times with new values: the
// builder is handed a stand-in for each value, and each run swaps the stand-ins in the compiled
// query's parameters for the values given. For a hot statement whose shape never changes (a save).
// Its text gets a statement name (preparedName): the PostgreSQL pool (server/db/postgres-pool.ts) has
// each connection parse and plan it once; PGlite's thread names whatever text it sees twice.
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** Where a value goes in the compiled query. */
class Slot {
  constructor(readonly name: string) {}
}

/** The statement name of each text a prepared query compiled: a few, one per query written in the code. */
const names = new Map<string, string>();

/** The statement name of a text a prepared query compiled, if it is one. */
export const preparedName = (sql: string): string | undefined => names.get(sql);

/**
 * Compiles `build(values)` on the first run, with a stand-in for every value it reads; every run
 * then executes the same SQL text with the values given. `build` must read its values only from
 * its argument (anything else it reads is frozen at the first run) and must not look into them.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(db: Kysely<any>, build: (values: V) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  return async (values: V): Promise<R[]> => {
    if (!compiled) {
      compiled = build(new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as V).compile();
      if (!names.has(compiled.sql)) names.set(compiled.sql, `prepared_${names.size + 1}`);
    }
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      const value = values[parameter.name];
      if (value === undefined) throw new Error(`preparedQuery: no value for '${parameter.name}'`);
      return value;
    });
    return (await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>)).rows;
  };
}
