// ELK (elkjs) in a Web Worker, spoken to through its worker's message protocol (what its
// elk-api.js does: `register` the algorithms, then `layout`; each answer carries the id it
// answers and its data or error). Its own elk-api.js is a CommonJS bundle that makes the bundler
// add a `require` shim to the runtime every page loads, the home route's too: these few lines do not.
import type { ElkNode } from 'elkjs/lib/elk-api';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';

interface Answer {
  id: number;
  data?: unknown;
  error?: unknown;
}

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (data: unknown) => void; reject: (error: Error) => void }>();

function call(message: Record<string, unknown>): Promise<unknown> {
  if (!worker) {
    worker = new Worker(elkWorkerUrl);
    worker.onmessage = ({ data }: MessageEvent<Answer>) => {
      const settle = waiting.get(data.id);
      if (!settle) return;
      waiting.delete(data.id);
      if (data.error) settle.reject(new Error(`ELK: ${String((data.error as { message?: unknown }).message ?? data.error)}`));
      else settle.resolve(data.data);
    };
    // A worker that cannot load or dies fails every call waiting on it; the next call starts another.
    worker.onerror = (event) => {
      event.preventDefault();
      for (const { reject } of waiting.values()) reject(new Error(`ELK: ${event.message || 'el proceso de trazado no arrancó'}`));
      waiting.clear();
      worker?.terminate();
      worker = null;
    };
    void call({ cmd: 'register', algorithms: ['layered'] });
  }
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    worker!.postMessage({ ...message, id });
  });
}

/** Lays a graph out; the options are the graph's own `layoutOptions`. */
export async function elkLayout(graph: ElkNode): Promise<ElkNode> {
  return (await call({ cmd: 'layout', graph, layoutOptions: {}, options: { logging: false, measureExecutionTime: false } })) as ElkNode;
}
