// Saves with several instances on one PostgreSQL database (issue 21: three instances give at least
// 2× the saves per second of one, at the same p99, in the same run). The same load as bench:put
// (PUT /api/wizardpf/{uuid}, a complete PF model, 20 connections, every save over the version its
// record last got) goes to one instance, then round-robin to three (connection i to instance
// i mod 3), alternated over the rounds, each configuration on a scratch database of its own.
// Run: DATABASE_URL=postgres://… npm run bench:put-instances   (INSTANCES=3 DURATION=10
//      CONNECTIONS=20 ROUNDS=2 to change it)
//
// Where the cores go: every process here shares the machine's cores (2 on the CI machine, and other
// work besides): the instances (a Node process each, its main thread doing the HTTP, validation and
// JSON of a save), this process (autocannon, the load generator) and PostgreSQL (a backend process
// per connection). One instance saturates its own main thread, about one core, and leaves the
// rest to PostgreSQL and the load generator; three instances can only take what one left idle, so
// on 2 cores the ratio measures the idle headroom, not how the product scales. The bench prints the
// CPU seconds each process used over the saves (PostgreSQL: all its processes on the machine, other
// users' too) and the machine's busy time, and the CPU per save of the instances and of PostgreSQL:
// in a deployment where each instance has its own core(s) and PostgreSQL its own machine, saves/s
// grow with the instances (they share nothing but the database) until PostgreSQL's cores are busy,
// at about 1000 / (its CPU ms a save) saves/s a core. Each instance has finished its start's
// background work (the PLD lists, about 4 s of a core) before the saves begin.
import os from 'node:os';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { freePort } from '../api/support/server-process';
import { scratchPostgres } from '../support/scratch-database';
import { startBenchServer, type BenchServer } from './support/bench-server';
import { cpuMs, machineCpuMs, postgresCpuMs, savesOver, settled } from './support/save-load';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('bench:put-instances runs on PostgreSQL: set DATABASE_URL');
  process.exit(1);
}
const INSTANCES = Number(process.env.INSTANCES ?? 3);
const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const mobile = (n: number) => {
  const digits = String(n % 10_000_000).padStart(7, '0');
  return `331-${digits.slice(0, 3)}-${digits.slice(3)}`;
};


/** The saves' figures with `count` instances on one scratch database, and the CPU each process used. */
async function savesWith(count: number) {
  const scratch = await scratchPostgres(databaseUrl!, 'bench_put_instances');
  const servers: BenchServer[] = [];
  try {
    // The first migrates the database; the others find it done.
    for (let i = 0; i < count; i++) servers.push(await startBenchServer(await freePort(), [], { DATABASE_URL: scratch.url }));
    const headers = { authorization: await servers[0].publicAuthorization(), 'content-type': 'application/json' };
    const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
    const body = JSON.stringify({ data: model, meta: { last_index: 5 } });
    const records: Array<{ uuid: string; version: number }> = [];
    for (let i = 0; i < CONNECTIONS; i++) {
      const [uuid, extra] = await (await fetch(`${servers[i % count].base}/api/wizardpf`, { method: 'POST', headers, body })).json();
      records.push({ uuid, version: extra.version });
    }

    for (const server of servers) await settled(server.child.pid!);
    const instancesBefore = servers.map((server) => cpuMs(server.child.pid!));
    const generatorBefore = process.cpuUsage();
    const postgresBefore = postgresCpuMs();
    const machineBefore = machineCpuMs();
    const figures = await savesOver(
      servers.map((server) => server.base),
      { headers, code: 'wizardpf', records, seconds: DURATION, body: (n) => ({ data: { ...model, celular: { numero: mobile(n), extension: '' } } }) },
    );
    const machine = machineCpuMs();
    const instances = servers.map((server, i) => (cpuMs(server.child.pid!) - instancesBefore[i]) / 1000);
    const generatorUsage = process.cpuUsage(generatorBefore);
    const generator = (generatorUsage.user + generatorUsage.system) / 1e6;
    const postgres = (postgresCpuMs() - postgresBefore) / 1000;
    const saves = figures.rps * DURATION;
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `  ${count} instance${count > 1 ? 's' : ' '} ${Math.round(figures.rps).toString().padStart(5)} saves/s  p50 ${String(figures.p50).padStart(3)} ms  p99 ${String(figures.p99).padStart(3)} ms  refused ${figures.refused}`,
    );
    console.log(
      `      CPU s over the ${DURATION} s: instances ${instances.map((s) => s.toFixed(1)).join(' + ')}, load generator ${generator.toFixed(1)}, PostgreSQL ${postgres.toFixed(1)}; ` +
        `machine busy ${seconds(machine.busy - machineBefore.busy)} of ${seconds(machine.total - machineBefore.total)} core-s (others: ${(
          (machine.busy - machineBefore.busy) / 1000 - instances.reduce((a, b) => a + b, 0) - generator - postgres
        ).toFixed(1)}); ` +
        `a save: instance ${((1000 * instances.reduce((a, b) => a + b, 0)) / saves).toFixed(2)} ms, PostgreSQL ${((1000 * postgres) / saves).toFixed(2)} ms`,
    );
    return figures;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await scratch.drop();
  }
}

console.log(`${os.cpus().length} cores, ${CONNECTIONS} connections round-robin over the instances, ${DURATION} s each, loopback, PostgreSQL, outbox on`);
const rounds = [];
for (let round = 0; round < ROUNDS; round++) {
  console.log(`round ${round + 1}:`);
  const one = await savesWith(1);
  const several = await savesWith(INSTANCES);
  console.log(`      ${INSTANCES} instances: ${(several.rps / one.rps).toFixed(2)}× the saves/s of one`);
  rounds.push({ one, several });
}
const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const middle = (sorted.length - 1) / 2;
  return (sorted[Math.floor(middle)] + sorted[Math.ceil(middle)]) / 2;
};
const one = { rps: median(rounds.map((r) => r.one.rps)), p99: median(rounds.map((r) => r.one.p99)) };
const several = { rps: median(rounds.map((r) => r.several.rps)), p99: median(rounds.map((r) => r.several.p99)) };
const ratio = several.rps / one.rps;
console.log(`medians of ${ROUNDS} rounds (load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}):`);
console.log(`  1 instance ${Math.round(one.rps)} saves/s p99 ${one.p99} ms; ${INSTANCES} instances ${Math.round(several.rps)} saves/s p99 ${several.p99} ms; ${ratio.toFixed(2)}×`);
console.log(
  `issue 21 (${INSTANCES} instances ≥ 2× the saves/s of one at the same p99): ${ratio >= 2 ? 'saves/s met' : 'saves/s NOT met'}, p99 ${several.p99 <= one.p99 ? 'no higher than one instance’s' : 'HIGHER than one instance’s'}`,
);
