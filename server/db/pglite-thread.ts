// The main thread's side of PGlite on its own thread (pglite-worker.ts): statements go out one by
// one as messages and their rows come back, so the database's WebAssembly and the request
// handling use two cores. PostgreSQL's errors come back as errors with the same fields.
import { Worker } from 'node:worker_threads';
import type { PGliteRunner } from './pglite-dialect';
import type { WorkerAnswer, WorkerInit, WorkerRequest } from './pglite-worker';

export class PGliteThread implements PGliteRunner {
  readonly waitReady: Promise<void>;
  #closed = false;
  #next = 1;
  readonly #pending = new Map<number, { resolve: (answer: WorkerAnswer) => void; reject: (error: Error) => void }>();
  readonly #worker: Worker;

  private constructor(init: WorkerInit, onLost: (error: Error) => void) {
    // The worker is TypeScript: it registers tsx itself before loading it, whatever runner started
    // this process (Node 20 does not apply --import hooks to a worker's own entry file).
    const entry = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
    this.#worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${entry}); });`, {
      eval: true,
      workerData: init,
      transferList: init.loadDataDir ? [init.loadDataDir] : [],
    });
    this.waitReady = new Promise((resolve, reject) => {
      const first = (answer: WorkerAnswer) => {
        if ('ready' in answer) resolve();
        else if ('failed' in answer) reject(new Error(`PGlite did not start: ${answer.failed.message}`));
      };
      this.#worker.once('message', first);
      this.#worker.once('error', reject);
    });
    this.#worker.on('message', (answer: WorkerAnswer) => {
      const call = answer.id === 0 ? undefined : this.#pending.get(answer.id);
      if (!call) return;
      this.#pending.delete(answer.id);
      call.resolve(answer);
    });
    this.#worker.on('error', (error) => this.#failAll(error));
    this.#worker.on('exit', (code) => {
      const unexpected = !this.#closed;
      this.#closed = true;
      const error = new Error(`the PGlite thread stopped (exit code ${code})`);
      this.#failAll(error);
      if (unexpected) onLost(error);
    });
  }

  /** `onLost`: the thread stopped without being closed; the database is gone for this process. */
  static async start(init: WorkerInit, onLost: (error: Error) => void): Promise<PGliteThread> {
    const thread = new PGliteThread(init, onLost);
    await thread.waitReady;
    return thread;
  }

  get closed() {
    return this.#closed;
  }

  async query<R>(sql: string, params: unknown[] = []): Promise<{ rows: R[]; affectedRows?: number }> {
    const answer = await this.#send({ id: this.#next++, sql, params });
    if ('error' in answer) throw Object.assign(new Error(answer.error.message), answer.error);
    if (!('rows' in answer)) throw new Error('unexpected answer from the PGlite thread');
    return { rows: answer.rows as R[], affectedRows: answer.affectedRows };
  }

  async close() {
    if (this.#closed) return;
    const closing = this.#send({ id: this.#next++, close: true });
    this.#closed = true;
    await closing;
    await this.#worker.terminate();
  }

  #send(request: WorkerRequest): Promise<WorkerAnswer> {
    if (this.#closed) return Promise.reject(new Error('the PGlite thread is closed'));
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  #failAll(error: Error) {
    for (const call of this.#pending.values()) call.reject(error);
    this.#pending.clear();
  }
}
