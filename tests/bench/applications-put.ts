// Saves under load: PUT /api/wizardpf/{uuid} with a complete PF model, 20 connections on
// loopback, on a fresh embedded database. Each connection edits its own record and sends the
// version it last got back, as the wizard does. Baseline from the same run: GET /api/health
// (one PGlite query per request).
// Run: npm run bench:put   (target: at least 500 saves/s at p99 under 50 ms)
//      DURATION=10 CONNECTIONS=20 to change the load; DATABASE_URL to run it on PostgreSQL.
import os from 'node:os';
import autocannon from 'autocannon';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const server = await startBenchServer(46_410, process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : []);
const base = server.base;

try {
  const headers = { authorization: await server.publicAuthorization(), 'content-type': 'application/json' };
  const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
  const body = JSON.stringify({ data: model, meta: { last_index: 5 } });
  console.log(`PUT body: ${(body.length / 1024).toFixed(1)} KB`);

  // One record per connection.
  const records: Array<{ uuid: string; version: number }> = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const [uuid, extra] = await (await fetch(`${base}/api/wizardpf`, { method: 'POST', headers, body })).json();
    records.push({ uuid, version: extra.version });
  }

  const run = (opts: autocannon.Options) =>
    new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));

  const health = await run({ url: `${base}/api/health`, connections: CONNECTIONS, duration: DURATION });

  // Each connection is a loop that saves its own record and sends back the version it got, as
  // the wizard does (a load generator that builds requests ahead cannot know that version).
  const latencies: number[] = [];
  const refused: Record<number, number> = {};
  const deadline = performance.now() + DURATION * 1000;
  const started = performance.now();
  await Promise.all(
    records.map(async (record) => {
      while (performance.now() < deadline) {
        const edited = { ...model, email: `guardado${record.version}@example.com` };
        const sent = performance.now();
        const response = await fetch(`${base}/api/wizardpf/${record.uuid}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ data: edited, meta: { last_index: 5, version: record.version } }),
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
  const saves = { rps: latencies.length / elapsed, p50: at(0.5), p99: at(0.99), refused: Object.values(refused).reduce((a, b) => a + b, 0) };

  const line = (name: string, r: autocannon.Result) =>
    `  ${name.padEnd(44)} ${Math.round(r.requests.average).toLocaleString('en').padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(3)} ms  p99 ${String(r.latency.p99).padStart(3)} ms  non-2xx ${r.non2xx}`;
  console.log(`${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION} s each, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(line('baseline: GET /api/health (one query each)', health));
  console.log(
    `  ${'PUT /api/wizardpf/{uuid}, complete PF model'.padEnd(44)} ${Math.round(saves.rps).toLocaleString('en').padStart(6)} req/s  p50 ${String(saves.p50).padStart(3)} ms  p99 ${String(saves.p99).padStart(3)} ms  refused ${saves.refused}`,
  );
  const met = saves.rps >= 500 && saves.p99 < 50 && saves.refused === 0;
  console.log(`target (≥ 500 saves/s, p99 < 50 ms, none refused): ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
