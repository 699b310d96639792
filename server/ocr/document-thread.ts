// The OCR's helper thread (document-worker.mjs), started on the first document that needs it and
// kept, so that parsing a PDF, rendering a scanned page or looking for a QR code never holds the
// API's event loop. A PDF is read from its text layer when it has one (the SAT's Constancia is
// generated, never scanned); a page without text (a scan) is rendered at 200 dpi for recognition.
// Only the first pages are read. Asked for, the QR codes of the document (the Constancia's) too.
import { Worker } from 'node:worker_threads';

/** A page with fewer characters of text than this is taken as a scan. */
const TEXT_LAYER_MIN_CHARS = 40;
const MAX_PAGES = 2;
const RENDER_SCALE = 200 / 72;

/** `qr`: the texts of the QR codes found, when they were looked for. */
export type PdfContent = ({ kind: 'text'; text: string } | { kind: 'images'; pages: Buffer[] }) & { qr?: string[] };

type Answer = { id: number; error?: string; kind?: 'text' | 'images'; text?: string; pages?: Uint8Array[]; qr?: string[] };

let thread: Worker | null = null;
let nextId = 0;
const pending = new Map<number, { resolve: (answer: Answer) => void; reject: (error: Error) => void }>();

function documentThread(): Worker {
  if (thread) return thread;
  const worker = new Worker(new URL('./document-worker.mjs', import.meta.url));
  worker.on('message', (answer: Answer) => {
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if (pending.size === 0) worker.unref();
    if (!waiting) return;
    if (answer.error !== undefined) waiting.reject(new Error(answer.error));
    else waiting.resolve(answer);
  });
  const fail = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    thread = null;
  };
  worker.on('error', fail);
  worker.on('exit', () => fail(new Error('the document thread stopped')));
  thread = worker;
  return worker;
}

function ask(request: Record<string, unknown>): Promise<Answer> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    // The thread keeps the process alive only while it has work.
    const worker = documentThread();
    worker.ref();
    worker.postMessage({ id, ...request });
  });
}

/** A PDF's text, or its first pages as PNG images when it has no text layer; with `qr`, its QR codes. */
export async function readPdf(bytes: Buffer, { qr = false }: { qr?: boolean } = {}): Promise<PdfContent> {
  const answer = await ask({ task: 'pdf', bytes: new Uint8Array(bytes), minChars: TEXT_LAYER_MIN_CHARS, maxPages: MAX_PAGES, scale: RENDER_SCALE, qr });
  const found = answer.qr ? { qr: answer.qr } : {};
  return answer.kind === 'text'
    ? { kind: 'text', text: answer.text ?? '', ...found }
    : { kind: 'images', pages: (answer.pages ?? []).map((page) => Buffer.from(page)), ...found };
}

/** The texts of the QR codes in an image (JPEG, PNG or WebP bytes). */
export async function scanQr(image: Buffer): Promise<string[]> {
  return (await ask({ task: 'qr', bytes: new Uint8Array(image) })).qr ?? [];
}

/** Stops the thread (tests, shutdown); the next document starts it again. */
export async function closeDocumentThread(): Promise<void> {
  const worker = thread;
  thread = null;
  await worker?.terminate();
}
