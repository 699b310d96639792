// Saves under load: PUT /api/wizardpf/{uuid} with a complete PF model, 20 connections on
// loopback, on a fresh embedded database.
// Run: npm run bench:put   (targets: at least 500 saves/s at p99 under 50 ms; with the e-mail outbox,
//      at least 90 % of the saves per second of the same run without it)
//      DURATION=10 CONNECTIONS=20 to change the load; DATABASE_URL to run it on PostgreSQL.
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { measureSaves } from './support/save-load';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const mobile = (n: number) => {
  const digits = String(n % 10_000_000).padStart(7, '0');
  return `331-${digits.slice(0, 3)}-${digits.slice(3)}`;
};

/** The saves' figures on a fresh server with the e-mail outbox on or off (MAIL_OUTBOX). */
async function savesWithOutbox(outbox: 'on' | 'off', port: number) {
  const server = await startBenchServer(port, process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : [], { MAIL_OUTBOX: outbox });
  try {
    const headers = { authorization: await server.publicAuthorization(), 'content-type': 'application/json' };
    const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
    const body = JSON.stringify({ data: model, meta: { last_index: 5 } });
    console.log(`PUT body: ${(body.length / 1024).toFixed(1)} KB; e-mail outbox ${outbox}`);

    // One record per connection, created by the public (its first save queues the resume link and
    // reminder); then each save changes the mobile number, not the address: updates queue nothing.
    const records: Array<{ uuid: string; version: number }> = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const [uuid, extra] = await (await fetch(`${server.base}/api/wizardpf`, { method: 'POST', headers, body })).json();
      records.push({ uuid, version: extra.version });
    }
    return await measureSaves(
      { server, headers, code: 'wizardpf', records, seconds: DURATION, body: (n) => ({ data: { ...model, celular: { numero: mobile(n), extension: '' } } }) },
      `PUT /api/wizardpf/{uuid}, complete PF model, outbox ${outbox}`,
    );
  } finally {
    await server.stop();
  }
}

// Off and on twice, alternated: the machine is shared, and its speed drifts within a run.
const rounds = [];
for (let round = 0; round < 2; round++) rounds.push({ without: await savesWithOutbox('off', 46_410 + 2 * round), with: await savesWithOutbox('on', 46_411 + 2 * round) });
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const without = { rps: mean(rounds.map((r) => r.without.rps)) };
const saves = { rps: mean(rounds.map((r) => r.with.rps)), p99: Math.max(...rounds.map((r) => r.with.p99)), refused: rounds.reduce((sum, r) => sum + r.with.refused, 0) };
const ratio = saves.rps / without.rps;
console.log(`with the outbox: ${Math.round(saves.rps)} saves/s against ${Math.round(without.rps)} without it (means of two alternated rounds): ${(ratio * 100).toFixed(0)} %`);
const met = saves.rps >= 500 && saves.p99 < 50 && saves.refused === 0;
console.log(`target (≥ 500 saves/s, p99 < 50 ms, none refused): ${met ? 'met' : 'NOT met'}; outbox (≥ 90 % of the saves without it): ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
