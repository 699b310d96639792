// PGlite on a thread of its own: the embedded PostgreSQL's WebAssembly runs beside the request
// handling (HTTP, validation, JSON) instead of taking turns with it on the main thread. The main
// thread sends one statement at a time ({ id, sql, params }) and gets the rows back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

export interface WorkerInit {
  dataDir?: string;
  /** A data-folder dump to start from, as bytes. */
  loadDataDir?: ArrayBuffer;
}

export type WorkerRequest = { id: number; sql: string; params: unknown[] } | { id: number; close: true };

export type WorkerAnswer =
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: { message: string; [detail: string]: unknown } }
  | { id: 0; ready: true }
  | { id: 0; failed: { message: string } };

const port = parentPort!;
const init = workerData as WorkerInit;

try {
  const pglite = await PGlite.create(init.dataDir, init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {});
  port.on('message', async (request: WorkerRequest) => {
    if ('close' in request) {
      await pglite.close();
      port.postMessage({ id: request.id, rows: [] } satisfies WorkerAnswer);
      return;
    }
    try {
      const result = await pglite.query(request.sql, request.params);
      port.postMessage({ id: request.id, rows: result.rows, affectedRows: result.affectedRows } satisfies WorkerAnswer);
    } catch (error) {
      // PostgreSQL's error fields (code, detail, constraint…) travel as plain data.
      const { message, ...details } = Object.assign({}, error as object, { message: (error as Error).message });
      port.postMessage({ id: request.id, error: { message, ...details } } satisfies WorkerAnswer);
    }
  });
  port.postMessage({ id: 0, ready: true } satisfies WorkerAnswer);
} catch (error) {
  port.postMessage({ id: 0, failed: { message: (error as Error).message } } satisfies WorkerAnswer);
}
