// A bounded pool of warm OCR workers: each is a tesseract.js 7 worker (a node:worker_threads
// thread running tesseract's WebAssembly) loaded once with the Spanish data shipped by
// @tesseract.js-data/spa. Reads wait their turn, so at most `size` recognitions run at once and the
// event loop stays free for the API's other calls; the threads run at a lower priority (ocr-thread.cjs)
// and, while the API is busy, a read waits its turn (api-first.ts). Nothing is fetched: the data is read from the
// package's folder and the core from the installed tesseract.js-core; no cache is written.
import { createRequire } from 'node:module';
import os from 'node:os';
import { createWorker, type Worker } from 'tesseract.js';
import { apiFirst } from './api-first';

const require = createRequire(import.meta.url);
/** tesseract's worker script behind a lower CPU priority (ocr-thread.cjs). */
const WORKER_PATH = require.resolve('./ocr-thread.cjs');
const SPANISH = require('@tesseract.js-data/spa') as { code: string; gzip: boolean; langPath: string };

/** What a recognition gives: the text, and each word with tesseract's confidence (0-100). */
export interface Recognised {
  text: string;
  words: Array<{ text: string; confidence: number }>;
}

export interface OcrPool {
  /** The text of an image (PNG, JPEG, WebP bytes), with its words' confidences. */
  recognize(image: Buffer): Promise<Recognised>;
  /** Reads waiting for a worker, and those under way. */
  load(): { waiting: number; busy: number; size: number };
  close(): Promise<void>;
}

/** One or two workers on a small machine: leave a CPU to the API (server/config.ts OCR_WORKERS does the same). */
export const defaultPoolSize = () => Math.max(1, Math.min(2, os.availableParallelism() - 1));

async function startWorker(): Promise<Worker> {
  return createWorker(SPANISH.code, 1, {
    workerPath: WORKER_PATH,
    langPath: SPANISH.langPath,
    gzip: SPANISH.gzip,
    cacheMethod: 'none',
    cachePath: os.tmpdir(),
    errorHandler: () => undefined,
  });
}

export function createOcrPool(size = defaultPoolSize()): OcrPool {
  const idle: Worker[] = [];
  const waiting: Array<(worker: Worker) => void> = [];
  let started = 0;
  let busy = 0;
  let closed = false;
  const all = new Set<Worker>();
  const gate = apiFirst();
  let lastReadMs = 0;

  const acquire = async (): Promise<Worker> => {
    const ready = idle.pop();
    if (ready) return ready;
    if (started < size) {
      started++;
      try {
        const worker = await startWorker();
        all.add(worker);
        return worker;
      } catch (error) {
        started--;
        throw error;
      }
    }
    return new Promise((resolve) => waiting.push(resolve));
  };

  const release = (worker: Worker) => {
    const next = waiting.shift();
    if (next) next(worker);
    else idle.push(worker);
  };

  /** A worker that failed is replaced: its thread may hold a broken WebAssembly state. */
  const discard = async (worker: Worker) => {
    all.delete(worker);
    started--;
    await worker.terminate().catch(() => undefined);
    const next = waiting.shift();
    if (next && !closed) acquire().then(next, () => waiting.unshift(next));
  };

  return {
    async recognize(image) {
      if (closed) throw new Error('the OCR pool is closed');
      const worker = await acquire();
      busy++;
      try {
        await gate.turn(lastReadMs);
        const started = performance.now();
        const { data } = await worker.recognize(image, {}, { text: true, blocks: true });
        lastReadMs = performance.now() - started;
        release(worker);
        const words = (data.blocks ?? []).flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines.flatMap((line) => line.words)));
        return { text: data.text, words: words.map((word) => ({ text: word.text, confidence: word.confidence })) };
      } catch (error) {
        await discard(worker);
        throw error;
      } finally {
        busy--;
      }
    },
    load: () => ({ waiting: waiting.length, busy, size }),
    async close() {
      closed = true;
      gate.stop();
      await Promise.all([...all].map((worker) => worker.terminate().catch(() => undefined)));
      all.clear();
    },
  };
}

/** Starts every worker now, so the first read does not pay their loading (about 1.5 s each). */
export async function warmPool(pool: OcrPool, image: Buffer): Promise<void> {
  await Promise.all(Array.from({ length: pool.load().size }, () => pool.recognize(image)));
}
