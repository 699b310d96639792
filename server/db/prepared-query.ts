// A query built with Kysely's builder and compiled once, then run many times with new values: the
// builder is handed a stand-in for each value, and each run swaps the stand-ins in the compiled
// query's parameters for the values given. For a hot statement whose shape never changes (a save).
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';

/** Where a value goes in the compiled query. */
class Slot {
  constructor(readonly name: string) {}
}

/**
 * Compiles `build(values)` on the first run, with a stand-in for every value it reads; every run
 * then executes the same SQL text with the values given. `build` must read its values only from
 * its argument (anything else it reads is frozen at the first run) and must not look into them.
 */
export function preparedQuery<V extends Record<string, unknown>, R>(db: Kysely<any>, build: (values: V) => Compilable<R>) {
  let compiled: CompiledQuery<R> | undefined;
  return async (values: V): Promise<R[]> => {
    compiled ??= build(new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as V).compile();
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Slot)) return parameter;
      const value = values[parameter.name];
      if (value === undefined) throw new Error(`preparedQuery: no value for '${parameter.name}'`);
      return value;
    });
    return (await db.executeQuery(CompiledQuery.raw(compiled.sql, parameters) as CompiledQuery<R>)).rows;
  };
}
