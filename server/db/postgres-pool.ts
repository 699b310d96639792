// The pool of PostgreSQL connections the server works through, made to fail fast when PostgreSQL is
// out of reach instead of hanging or stopping the process:
// - a statement PostgreSQL has not answered within the time limit has its connection cut: when
//   PostgreSQL is reachable its own statement_timeout ends the statement first; when it is not (a
//   network that passes nothing), nothing else would (TCP gives up only after many minutes), and
//   every later statement on that connection would wait behind it. Cut, the statement fails at once
//   (a 503, server/db/database-errors.ts) and the pool replaces the connection.
// - a connection lost while a request holds it (PostgreSQL stopped mid-statement) fails that
//   request's statements; without a listener its 'error' event would stop the process.
// A connection told `set statement_timeout = 0` (a migration, a catalogue load) has no limit until
// `reset statement_timeout`; `set local …` until its transaction ends.
// A prepared query's text (server/db/prepared-query.ts: a save's statements) runs as a named
// statement: each connection has PostgreSQL parse and plan it once, then sends only its values. Should
// its plan go stale (a newer instance's migration changed the columns a `select *` answers: 0A000), it
// is dropped and the text run again.
import type pg from 'pg';
import { preparedName } from './prepared-query';

type PgModule = typeof pg;

const NO_LIMIT_SESSION = /^\s*set\s+(session\s+)?statement_timeout\s*(=|to)\s*'?0'?\s*;?\s*$/i;
const NO_LIMIT_TRANSACTION = /^\s*set\s+local\s+statement_timeout\s*(=|to)\s*'?0'?\s*;?\s*$/i;
const LIMIT_BACK = /^\s*reset\s+statement_timeout\b/i;
const TRANSACTION_END = /^\s*(commit|rollback|end|abort)\b/i;

/** How long after the statement limit a statement still unanswered has its connection cut. */
const CANCEL_GRACE_MS = 250;

/**
 * PostgreSQL's answer to a named statement whose result columns changed under it, to one it no longer
 * has, and to a parse of one it still has (a close that failed): each is closed and the text run again.
 * Inside a transaction the error ends it and nothing is closed; the next run outside one mends it.
 */
const STALE_STATEMENT = new Set(['0A000', '26000', '42P05']);

type Run = (...args: unknown[]) => unknown;

/** A pg Client whose statements are let go after `limitMs` (and CANCEL_GRACE_MS) by cutting the connection. */
function clientClass(pgModule: PgModule, limitMs: number) {
  return class DeadlineClient extends pgModule.Client {
    /** Whether the connection runs without a limit: for the session, for the transaction, or not. */
    #noLimit: 'session' | 'transaction' | null = null;

    constructor(config?: pg.ClientConfig) {
      super(config);
      // The failed statements say what happened; the pool drops the connection when it is released.
      this.on('error', () => {});
      const query = this.query.bind(this) as Run;
      (this as { query: unknown }).query = (...args: unknown[]) => {
        const text = typeof args[0] === 'string' ? args[0] : '';
        const name = Array.isArray(args[1]) && args.length === 2 ? preparedName(text) : undefined;
        const result = name ? this.#named(query, name, text, args[1] as unknown[]) : query(...args);
        this.#follow(text);
        // Only the promise form (the one Kysely uses) is timed; callbacks and submittables go as they are.
        if (this.#noLimit || !(result instanceof Promise)) return result;
        // A quarter second after PostgreSQL's own statement_timeout, whose clean cancel (57014) comes first when the server is there.
        const timer = setTimeout(() => this.connection.stream.destroy(), limitMs + CANCEL_GRACE_MS);
        return result.finally(() => clearTimeout(timer));
      };
    }

    /** `text` as the named statement `name`; a stale one outside a transaction is closed and the text run again. */
    async #named(query: Run, name: string, text: string, values: unknown[]) {
      try {
        return await query({ name, text, values });
      } catch (error) {
        const code = (error as { code?: string }).code;
        // Inside a transaction the error has aborted it: nothing can run again. pg says neither whether a
        // transaction is open nor which statements a connection has parsed but in private fields
        // (`_txStatus`, `parsedStatements`): tests/api/postgres-named-statements.test.ts fails if a release renames them.
        if (!code || !STALE_STATEMENT.has(code) || (this as unknown as { _txStatus: string | null })._txStatus !== 'I') throw error;
        delete (this.connection as unknown as { parsedStatements: Record<string, string> }).parsedStatements[name];
        await (query(`deallocate ${name}`) as Promise<unknown>).catch(() => {});
        return query(text, values);
      }
    }

    #follow(text: string) {
      if (NO_LIMIT_SESSION.test(text)) this.#noLimit = 'session';
      else if (NO_LIMIT_TRANSACTION.test(text)) this.#noLimit ??= 'transaction';
      else if (LIMIT_BACK.test(text)) this.#noLimit = null;
      else if (TRANSACTION_END.test(text) && this.#noLimit === 'transaction') this.#noLimit = null;
    }
  };
}

/** The server's pool: at most `max` connections, each statement and each wait for a connection limited to `limitMs`. */
export function postgresPool(pgModule: PgModule, connectionString: string, limitMs: number, max = 20): pg.Pool {
  const pool = new pgModule.Pool({
    connectionString,
    max,
    statement_timeout: limitMs,
    connectionTimeoutMillis: limitMs,
    Client: clientClass(pgModule, limitMs) as unknown as new () => pg.ClientBase,
  });
  // An idle connection the server ends (a restart, a dropped database) is emitted here; unhandled, it
  // would stop the process. The pool replaces it, and the next query reports any lasting outage.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  return pool;
}
