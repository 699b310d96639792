// Saves under load: PUT /api/wizardpf/{uuid} with a complete PF model, 20 connections on
// loopback, on a fresh embedded database.
// Run: npm run bench:put   (targets: at least 500 saves/s at p99 under 50 ms; with the e-mail outbox,
//      at least 90 % of the saves per second of the same run without it)
//      DURATION=10 CONNECTIONS=20 ROUNDS=2 to change the load; DATABASE_URL to run it on PostgreSQL.
//      COMPARE_DIR=<another checkout> runs that tree's server too (outbox on) in each round, alternated
//      with this one, and prints both trees' medians: a before/after in the same minutes.
import os from 'node:os';
import path from 'node:path';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { measureSaves, type SaveFigures } from './support/save-load';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const mobile = (n: number) => {
  const digits = String(n % 10_000_000).padStart(7, '0');
  return `331-${digits.slice(0, 3)}-${digits.slice(3)}`;
};

/** The saves' figures on a fresh server with the e-mail outbox on or off (MAIL_OUTBOX). */
async function savesWithOutbox(outbox: 'on' | 'off', port: number, tree = process.cwd()) {
  const server = await startBenchServer(port, process.env.CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.CPU_PROF] : [], { MAIL_OUTBOX: outbox }, undefined, tree);
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

// Off and on, alternated over the rounds: the machine is shared, and its speed drifts within a run.
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const compared = process.env.COMPARE_DIR ? path.resolve(process.env.COMPARE_DIR) : undefined;
const rounds = [];
for (let round = 0; round < ROUNDS; round++) {
  const port = 46_410 + 3 * round;
  const without = await savesWithOutbox('off', port);
  const withOutbox = await savesWithOutbox('on', port + 1);
  rounds.push({ without, with: withOutbox, compared: compared ? await savesWithOutbox('on', port + 2, compared) : undefined });
}
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)] + sorted[Math.ceil(middle)]) / 2;
};
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const summary = (runs: SaveFigures[]) => ({
  rps: median(runs.map((r) => r.rps)),
  p99: median(runs.map((r) => r.p99)),
  mainCpu: median(runs.map((r) => r.mainCpuMsPerSave)),
  cpu: median(runs.map((r) => r.cpuMsPerSave)),
  refused: runs.reduce((sum, r) => sum + r.refused, 0),
});
const line = (name: string, s: ReturnType<typeof summary>) =>
  `  ${name.padEnd(34)} ${Math.round(s.rps).toString().padStart(5)} saves/s  p99 ${String(s.p99).padStart(3)} ms  main thread ${s.mainCpu.toFixed(2)} ms a save  process ${s.cpu.toFixed(2)} ms  refused ${s.refused}`;
const saves = summary(rounds.map((r) => r.with));
console.log(`medians of ${ROUNDS} rounds (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
console.log(line('this tree, outbox on', saves));
if (compared) {
  const before = summary(rounds.map((r) => r.compared!));
  console.log(line(`compared tree, outbox on`, before));
  console.log(`this tree against ${compared}: ${(saves.rps / before.rps).toFixed(2)}× the saves/s, ${(saves.mainCpu / before.mainCpu).toFixed(2)}× the main-thread CPU a save`);
}
const ratio = mean(rounds.map((r) => r.with.rps)) / mean(rounds.map((r) => r.without.rps));
console.log(`with the outbox: ${(ratio * 100).toFixed(0)} % of the saves/s without it (means of the alternated rounds)`);
const met = saves.rps >= 500 && saves.p99 < 50 && saves.refused === 0;
console.log(`target (≥ 500 saves/s, p99 < 50 ms, none refused): ${met ? 'met' : 'NOT met'}; outbox (≥ 90 % of the saves without it): ${ratio >= 0.9 ? 'met' : 'NOT met'}`);
console.log(`issue 21 (main thread ≤ 0.7 ms a save, p99 ≤ 40 ms): ${saves.mainCpu <= 0.7 ? 'CPU met' : 'CPU NOT met'}, ${saves.p99 <= 40 ? 'p99 met' : 'p99 NOT met'}`);
