// The main thread's side of PGlite on its own thread (pglite-worker.ts): statements go out one by
// one as messages and their rows come back, so the database's WebAssembly and the request
// handling use two cores. PostgreSQL's errors come back as errors with the same fields.
//
// No caller waits forever: a statement not answered within `queryTimeoutMs` rejects its caller
// (DatabaseTimeoutError, answered 503), which frees the connection; an answer that cannot be read
// rejects its caller (DatabaseAnswerError). PGlite cannot cancel a statement, so one still running
// after `stuckExitMs` means the thread is stuck: it is stopped, which ends the process (`onLost`).
import { Worker } from 'node:worker_threads';
import type { PGliteRunner } from './pglite-dialect';
import { ANSWER_TOO_DEEP, type WorkerAnswer, type WorkerInit, type WorkerRequest } from './pglite-protocol';
import { DatabaseAnswerError, DatabaseTimeoutError } from './database-errors';

/** Set by the server's build (server/build/server-build.mjs): its compiled worker, from this file's folder. */
declare const COMPILED_PGLITE_WORKER: string | undefined;

export interface ThreadLimits {
  /** A statement's caller is let go after this long. */
  queryTimeoutMs: number;
  /** A statement the thread has not answered after this long stops the thread. */
  stuckExitMs: number;
}

export const DEFAULT_THREAD_LIMITS: ThreadLimits = { queryTimeoutMs: 15_000, stuckExitMs: 60_000 };

interface Call {
  started: number;
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: Error) => void;
  timer?: NodeJS.Timeout;
}

export class PGliteThread implements PGliteRunner {
  readonly waitReady: Promise<void>;
  #closed = false;
  #next = 1;
  /** Statements sent and not answered yet, including those whose caller was let go. */
  readonly #pending = new Map<number, Call>();
  readonly #worker: Worker;
  readonly #limits: ThreadLimits;
  readonly #watchdog: NodeJS.Timeout;

  private constructor(init: WorkerInit, onLost: (error: Error) => void, limits: ThreadLimits) {
    this.#limits = limits;
    const options = { workerData: init, transferList: init.loadDataDir ? [init.loadDataDir] : [] };
    if (typeof COMPILED_PGLITE_WORKER === 'string') {
      // The compiled server (`npm start`) starts the worker compiled beside it.
      this.#worker = new Worker(new URL(COMPILED_PGLITE_WORKER, import.meta.url), options);
    } else {
      // From source the worker is TypeScript: it registers tsx itself before loading it, whatever
      // runner started this process (Node 20 does not apply --import hooks to a worker's own entry file).
      const entry = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
      this.#worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, { ...options, eval: true });
    }
    this.waitReady = new Promise((resolve, reject) => {
      // A thread that never started is not lost: its caller gets the error (the process goes on), and the thread is let go.
      const failed = (error: Error) => {
        this.#worker.off('error', failed).off('exit', exited);
        this.#closed = true;
        void this.#worker.terminate();
        reject(error);
      };
      const exited = (code: number) => failed(new Error(`PGlite did not start: its thread stopped (exit code ${code})`));
      const first = (answer: WorkerAnswer) => {
        // Once started, an error or an exit is the running thread's (below): it stops the thread, and `onLost` is told.
        this.#worker.off('error', failed).off('exit', exited);
        if ('ready' in answer) resolve();
        else if ('failed' in answer) failed(new Error(`PGlite did not start: ${answer.failed.message}`));
      };
      this.#worker.once('message', first);
      this.#worker.once('error', failed);
      this.#worker.once('exit', exited);
    });
    this.#worker.on('message', (answer: WorkerAnswer) => {
      const call = answer.id === 0 ? undefined : this.#pending.get(answer.id);
      if (!call) return;
      this.#pending.delete(answer.id);
      clearTimeout(call.timer);
      call.resolve(answer);
    });
    // A message the main thread could not copy in: which statement it answered is unknown, and
    // statements are answered in order, so every caller still waiting is let go.
    this.#worker.on('messageerror', (error) => this.#failAll(new DatabaseAnswerError(`unreadable answer from the PGlite thread: ${error.message}`)));
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      clearInterval(this.#watchdog);
      const unexpected = !this.#closed;
      this.#closed = true;
      const error = new Error(`the PGlite thread stopped (exit code ${code})`);
      this.#failAll(error);
      if (unexpected) onLost(error);
    });
    this.#watchdog = setInterval(() => {
      if (this.oldestPendingMs() > this.#limits.stuckExitMs) void this.#worker.terminate();
    }, Math.min(1000, limits.stuckExitMs)).unref();
  }

  /** `onLost`: the thread stopped without being closed; the database is gone for this process. */
  static async start(init: WorkerInit, onLost: (error: Error) => void, limits: ThreadLimits = DEFAULT_THREAD_LIMITS): Promise<PGliteThread> {
    const thread = new PGliteThread(init, onLost, limits);
    await thread.waitReady;
    return thread;
  }

  get closed() {
    return this.#closed;
  }

  /** How long the oldest statement still unanswered has been running (0 when none). */
  oldestPendingMs(now = Date.now()): number {
    const first = this.#pending.values().next();
    return first.done ? 0 : now - first.value.started;
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    return PGliteThread.#result<R>(await this.#send({ id: this.#next++, sql, params }, this.#limits.queryTimeoutMs));
  }

  /**
   * Several statements in one string, without parameters (PGlite's `exec`, PostgreSQL's simple
   * protocol): the rows of the last one come back. A failure inside an explicit BEGIN leaves the
   * single session's transaction aborted, so the caller must roll it back.
   */
  async exec<R>(sql: string): Promise<{ rows: R[]; affectedRows?: number }> {
    return PGliteThread.#result<R>(await this.#send({ id: this.#next++, exec: sql }, this.#limits.queryTimeoutMs));
  }

  static #result<R>(answer: WorkerAnswer): { rows: R[]; affectedRows?: number } {
    if ('error' in answer) {
      if (answer.error.code === ANSWER_TOO_DEEP) throw new DatabaseAnswerError(answer.error.message);
      throw Object.assign(new Error(answer.error.message), answer.error);
    }
    if (!('rows' in answer)) throw new Error('unexpected answer from the PGlite thread');
    return { rows: answer.rows as R[], affectedRows: answer.affectedRows };
  }

  async close() {
    if (this.#closed) return;
    const closing = this.#send({ id: this.#next++, close: true });
    this.#closed = true;
    await closing.catch(() => {});
    clearInterval(this.#watchdog);
    await this.#worker.terminate();
  }

  #send(request: WorkerRequest, timeoutMs?: number): Promise<WorkerAnswer> {
    if (this.#closed) return Promise.reject(new Error('the PGlite thread is closed'));
    return new Promise((resolve, reject) => {
      const call: Call = { started: Date.now(), resolve, reject };
      if (timeoutMs) {
        // The caller is let go; the entry stays until the thread answers, so the watchdog and
        // the health check still see the statement running.
        call.timer = setTimeout(() => {
          call.resolve = () => {};
          call.reject = () => {};
          reject(new DatabaseTimeoutError(`no answer from the database within ${timeoutMs} ms`));
        }, timeoutMs);
      }
      this.#pending.set(request.id, call);
      try {
        this.#worker.postMessage(request);
      } catch (error) {
        this.#pending.delete(request.id);
        clearTimeout(call.timer);
        reject(error as Error);
      }
    });
  }

  #failAll(error: Error) {
    for (const call of this.#pending.values()) {
      clearTimeout(call.timer);
      call.reject(error);
    }
    this.#pending.clear();
  }
}
