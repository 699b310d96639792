// The save loop of the PUT benchmarks: each connection edits its own record and sends back the
// version it last got, as the wizard does (a load generator that builds requests ahead cannot know
// that version), against a baseline of GET /api/health measured in the same run.
import os from 'node:os';
import autocannon from 'autocannon';
import type { BenchServer } from './bench-server';

export interface SaveLoad {
  server: BenchServer;
  headers: Record<string, string>;
  /** The wizard code of the records: wizardpf, wizardpm. */
  code: string;
  records: Array<{ uuid: string; version: number }>;
  /** The body of the save number `n` of a record (something changes on every save). */
  body: (n: number) => unknown;
  seconds: number;
}

export interface SaveFigures {
  rps: number;
  p50: number;
  p99: number;
  refused: number;
}

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));

/** Runs the health baseline and then the saves; prints both lines and answers the saves' figures. */
export async function measureSaves({ server, headers, code, records, body, seconds }: SaveLoad, label: string): Promise<SaveFigures> {
  const health = await run({ url: `${server.base}/api/health`, connections: records.length, duration: seconds });
  const latencies: number[] = [];
  const refused: Record<number, number> = {};
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    records.map(async (record) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        const response = await fetch(`${server.base}/api/${code}/${record.uuid}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ ...(body(record.version) as object), meta: { last_index: 4, version: record.version } }),
        });
        const answer = await response.json();
        latencies.push(performance.now() - sent);
        if (response.status === 200) record.version = answer.meta.version;
        else refused[response.status] = (refused[response.status] ?? 0) + 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]);
  const figures = { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), refused: Object.values(refused).reduce((a, b) => a + b, 0) };

  const row = (name: string, rps: number, p50: number, p99: number, tail: string) =>
    `  ${name.padEnd(48)} ${Math.round(rps).toLocaleString('en').padStart(6)} req/s  p50 ${String(p50).padStart(3)} ms  p99 ${String(p99).padStart(3)} ms  ${tail}`;
  console.log(`${os.cpus().length} cores, ${records.length} connections, ${seconds} s each, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(row('baseline: GET /api/health (one query each)', health.requests.average, health.latency.p50, health.latency.p99, `non-2xx ${health.non2xx}`));
  console.log(row(label, figures.rps, figures.p50, figures.p99, `refused ${figures.refused}`));
  return figures;
}
