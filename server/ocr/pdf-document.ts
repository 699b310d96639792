// A PDF as the OCR reads it: from its text layer when it has one (the SAT's Constancia is
// generated, never scanned); a page without text (a scan) is rendered at 200 dpi for recognition.
// Only the first pages are read. The work runs on a thread of its own (pdf-thread.mjs), started on
// the first PDF and kept, so parsing and rendering never hold the API's event loop.
import { Worker } from 'node:worker_threads';

/** A page with fewer characters of text than this is taken as a scan. */
const TEXT_LAYER_MIN_CHARS = 40;
const MAX_PAGES = 2;
const RENDER_SCALE = 200 / 72;

export type PdfContent = { kind: 'text'; text: string } | { kind: 'images'; pages: Buffer[] };

type Answer = { id: number; error?: string; kind?: 'text' | 'images'; text?: string; pages?: Uint8Array[] };

let thread: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (content: PdfContent) => void; reject: (error: Error) => void }>();

function pdfThread(): Worker {
  if (thread) return thread;
  const worker = new Worker(new URL('./pdf-thread.mjs', import.meta.url));
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (!waiting) return;
    if (answer.error !== undefined) waiting.reject(new Error(answer.error));
    else if (answer.kind === 'text') waiting.resolve({ kind: 'text', text: answer.text ?? '' });
    else waiting.resolve({ kind: 'images', pages: (answer.pages ?? []).map((page) => Buffer.from(page)) });
  });
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    thread = null;
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the PDF thread stopped')));
  thread = worker;
  return worker;
}

export function readPdf(bytes: Buffer): Promise<PdfContent> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The thread keeps the process alive only while it has a PDF to read.
    const worker = pdfThread();
    worker.ref();
    worker.postMessage({ id, bytes: new Uint8Array(bytes), minChars: TEXT_LAYER_MIN_CHARS, maxPages: MAX_PAGES, scale: RENDER_SCALE });
  });
}

/** Stops the thread (tests, shutdown); the next PDF starts it again. */
export async function closePdfThread(): Promise<void> {
  const worker = thread;
  thread = null;
  await worker?.terminate();
}
