// PGlite on a thread of its own: the embedded PostgreSQL's WebAssembly runs beside the request
// handling (HTTP, validation, JSON) instead of taking turns with it on the main thread. The main
// thread sends one statement at a time ({ id, sql, params }) and gets the rows back.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { restoreImage } from './fresh-image';
import { statementRunner } from './pglite-statements';
import { deeperThan } from './nesting-depth';
import { ANSWER_MAX_DEPTH, ANSWER_TOO_DEEP, type WorkerAnswer, type WorkerInit, type WorkerRequest } from './pglite-protocol';

export type { WorkerAnswer, WorkerInit, WorkerRequest };

const port = parentPort!;
const init = workerData as WorkerInit;

const failure = (error: unknown) => {
  // PostgreSQL's error fields (code, detail, constraint…) travel as plain data.
  const { message, ...details } = Object.assign({}, error as object, { message: (error as Error)?.message ?? String(error) });
  return { message, ...details };
};

/**
 * PostgreSQL's shared buffers: 32 MB instead of its 128 MB. The data folder's files stay in the
 * operating system's cache, and every buffer touched stays in the WebAssembly heap for good (it
 * never shrinks): reading the lists and catalogues at start left the thread at 373 MB RSS with the
 * default and 238 MB with this (measured on the shipped data).
 */
const SETTINGS = ['shared_buffers=32MB'];

try {
  if (init.image && init.dataDir) await restoreImage(init.image, init.dataDir);
  const pglite = await PGlite.create(init.dataDir, { postgresqlconf: SETTINGS, ...(init.loadDataDir ? { loadDataDir: new Blob([init.loadDataDir]) } : {}) });
  const query = statementRunner(pglite);
  port.on('message', async (request: WorkerRequest) => {
    if ('close' in request) {
      await pglite.close();
      port.postMessage({ id: request.id, rows: [] } satisfies WorkerAnswer);
      return;
    }
    let answer: WorkerAnswer;
    try {
      const result =
        'exec' in request
          ? ((await pglite.exec(request.exec)).at(-1) ?? { rows: [], affectedRows: undefined })
          : await query(request.sql, request.params);
      answer = deeperThan(result.rows, ANSWER_MAX_DEPTH)
        ? { id: request.id, error: { message: `rows nested deeper than ${ANSWER_MAX_DEPTH} levels`, code: ANSWER_TOO_DEEP } }
        : { id: request.id, rows: result.rows, affectedRows: result.affectedRows };
    } catch (error) {
      answer = { id: request.id, error: failure(error) };
    }
    try {
      port.postMessage(answer);
    } catch (error) {
      // A value that cannot be copied still answers its caller.
      port.postMessage({ id: request.id, error: failure(error) } satisfies WorkerAnswer);
    }
  });
  port.postMessage({ id: 0, ready: true } satisfies WorkerAnswer);
} catch (error) {
  port.postMessage({ id: 0, failed: { message: (error as Error).message } } satisfies WorkerAnswer);
}
