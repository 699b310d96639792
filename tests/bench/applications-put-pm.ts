// PM saves under load: PUT /api/wizardpm/{uuid} with 3 representatives, 3 shareholders, 3
// suppliers and 5 linked guarantors (each answer lists them), 20 connections on loopback, on a
// fresh embedded database, each connection editing its own PM.
// Run: npm run bench:put-pm   (target: p99 under 60 ms)
//      DURATION=10 CONNECTIONS=20 to change the load; DATABASE_URL to run it on PostgreSQL.
import { beforeSubmit } from '../../forms/before-submit';
import { validAvalPfModel, validPmModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { measureSaves } from './support/save-load';
import { freePort } from '../api/support/server-process';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const GUARANTORS = 5;
const server = await startBenchServer(await freePort());

try {
  const headers = { authorization: await server.publicAuthorization(), 'content-type': 'application/json' };
  const model = beforeSubmit(validPmModel() as unknown as Record<string, unknown>);
  const counts = ['representantes', 'accionistas', 'referencias'].map((list) => `${(model[list] as unknown[]).length} ${list}`);
  const body = JSON.stringify({ data: model, meta: { last_index: 4 } });
  console.log(`PUT body: ${(body.length / 1024).toFixed(1)} KB (${counts.join(', ')}, ${GUARANTORS} guarantors linked)`);

  const post = async (code: string, payload: unknown) => {
    const response = await fetch(`${server.base}/api/${code}`, { method: 'POST', headers, body: JSON.stringify(payload) });
    if (response.status !== 201) throw new Error(`POST ${code}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const guarantor = beforeSubmit(validAvalPfModel() as unknown as Record<string, unknown>);
  const records: Array<{ uuid: string; version: number }> = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const [uuid, extra] = await post('wizardpm', { data: model, meta: { last_index: 4 } });
    for (let g = 0; g < GUARANTORS; g++) await post('wizardpf', { data: { ...guarantor, nombre: `AVAL ${g}` }, meta: { last_index: 4, parent_uuid: uuid, complete: true } });
    records.push({ uuid, version: extra.version });
  }

  const saves = await measureSaves(
    { server, headers, code: 'wizardpm', records, seconds: DURATION, body: (n) => ({ data: { ...model, email: `guardado${n}@example.com` } }) },
    'PUT /api/wizardpm/{uuid}, PM with 5 guarantors',
  );
  const met = saves.p99 < 60 && saves.refused === 0;
  console.log(`target (p99 < 60 ms, none refused): ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
