// The messages between the main thread (pglite-thread.ts) and PGlite's thread (pglite-worker.ts).

export interface WorkerInit {
  dataDir?: string;
  /**
   * A data-folder image (a tar archive, gzipped or not) written into `dataDir` before PGlite opens it (server/db/fresh-image.ts):
   * on this thread, so its hundreds of file writes do not wait for turns on the main thread while
   * it loads the server's code.
   */
  image?: string;
  /** A data-folder dump to start from, as bytes. */
  loadDataDir?: ArrayBuffer;
}

export type WorkerRequest =
  | { id: number; sql: string; params: unknown[] }
  /** Several statements without parameters (simple protocol); the last one's rows come back. */
  | { id: number; exec: string }
  | { id: number; close: true };

export type WorkerAnswer =
  | { id: number; rows: unknown[]; affectedRows?: number }
  | { id: number; error: { message: string; [detail: string]: unknown } }
  | { id: 0; ready: true }
  | { id: 0; failed: { message: string } };

/**
 * Rows nested deeper than this are not sent: the main thread's copy of a message is recursive and
 * a value thousands of levels deep overflows its stack (issue 12, finding 1). Every model is far
 * shallower (the request bodies that write them are held to server/json-body.ts's bound).
 */
export const ANSWER_MAX_DEPTH = 64;

/** The code of the error answered for rows too deep to send. */
export const ANSWER_TOO_DEEP = 'answer_too_deep';
