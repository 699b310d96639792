// Saves under load: PUT /api/wizardpf/{uuid} with a complete PF model, 20 connections on
// loopback, on a fresh embedded database.
// Run: npm run bench:put   (target: at least 500 saves/s at p99 under 50 ms)
//      DURATION=10 CONNECTIONS=20 to change the load; DATABASE_URL to run it on PostgreSQL.
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { measureSaves } from './support/save-load';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const server = await startBenchServer(46_410, process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : []);

try {
  const headers = { authorization: await server.publicAuthorization(), 'content-type': 'application/json' };
  const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
  const body = JSON.stringify({ data: model, meta: { last_index: 5 } });
  console.log(`PUT body: ${(body.length / 1024).toFixed(1)} KB`);

  // One record per connection.
  const records: Array<{ uuid: string; version: number }> = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const [uuid, extra] = await (await fetch(`${server.base}/api/wizardpf`, { method: 'POST', headers, body })).json();
    records.push({ uuid, version: extra.version });
  }

  const saves = await measureSaves(
    { server, headers, code: 'wizardpf', records, seconds: DURATION, body: (n) => ({ data: { ...model, email: `guardado${n}@example.com` } }) },
    'PUT /api/wizardpf/{uuid}, complete PF model',
  );
  const met = saves.rps >= 500 && saves.p99 < 50 && saves.refused === 0;
  console.log(`target (≥ 500 saves/s, p99 < 50 ms, none refused): ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
