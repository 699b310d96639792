// The load run of issue 21: APPLICANTS (200) simulated applicants at once, each with its own token
// and think times, filling complete PF, PFAE and PM applications (a PM with one or two guarantors
// of every kind) tab by tab as the wizard saves them, for DURATION seconds; an applicant that
// finishes is replaced by a new one. Every finished record is read back as staff and compared
// with what its applicant sent. Prints p50/p99 per call kind, failures, mismatches, saves/s, the
// servers' RSS idle before and after, and how the machine's CPUs were shared.
// Run: npm run load                                   one instance on PGlite
//      INSTANCES=3 DATABASE_URL=postgres://… npm run load
//                                                      three instances on one fresh PostgreSQL database
//      DURATION=60 APPLICANTS=200 THINK_MS=500-3000 IDLE_SECONDS=10 to change the run.
// The servers are the compiled ones (build/server/main.js, built first when a source changed), with
// RATE_LIMIT=off: 200 applicants from one address would otherwise be one client to the limits.
import os from 'node:os';
import { freePort } from '../api/support/server-process';
import { scratchPostgres } from '../support/scratch-database';
import { rssMb, startBenchServer, type BenchServer } from './support/bench-server';
import { call, runApplicant, SAVE_KINDS, type CallKind, type LoadRun } from './support/load-applicant';
import { applicationOf, differences, modelAtTab, type Kind } from './support/load-applications';
import { cpuMs, machineCpuMs, postgresCpuMs } from './support/save-load';
import { percentiles, staffAuthorization } from './support/staff-session';

const DURATION = Number(process.env.DURATION ?? 60);
const APPLICANTS = Number(process.env.APPLICANTS ?? 200);
const INSTANCES = Number(process.env.INSTANCES ?? 1);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
const [THINK_MIN, THINK_MAX] = (process.env.THINK_MS ?? '500-3000').split('-').map(Number);
const ADMIN_URL = process.env.DATABASE_URL || undefined;
if (INSTANCES > 1 && !ADMIN_URL) throw new Error('INSTANCES > 1 needs DATABASE_URL (the instances share one PostgreSQL database)');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// The build script is plain JavaScript without type declarations: imported by a path held in a variable.
const BUILD_SCRIPT = '../../server/build/server-build.mjs';
const { buildServer, isBuildCurrent, SERVER_ENTRY } = (await import(BUILD_SCRIPT)) as { buildServer(): Promise<void>; isBuildCurrent(): boolean; SERVER_ENTRY: string };
if (!isBuildCurrent()) {
  console.log('Building the server (build/server/main.js)...');
  await buildServer();
}
// A fresh PostgreSQL database of this run (the shared `test` database is not touched), dropped at the end.
const database = ADMIN_URL ? await scratchPostgres(ADMIN_URL, 'load') : undefined;
const servers: BenchServer[] = [];
let stopping = false;
try {
  // The instances start together, as a deployment starts them: migrations and the first data load race.
  const started = performance.now();
  servers.push(
    ...(await Promise.all(
      Array.from({ length: INSTANCES }, async () =>
        startBenchServer(await freePort(), [], { LOG_LEVEL: 'warn', ...(database ? { DATABASE_URL: database.url } : {}) }, [SERVER_ENTRY]),
      ),
    )),
  );
  console.log(`${INSTANCES} instance${INSTANCES > 1 ? 's' : ''} of build/server/main.js on ${database ? 'PostgreSQL (a fresh database of this run)' : 'PGlite (a fresh data folder)'}, ready in ${((performance.now() - started) / 1000).toFixed(1)} s; RATE_LIMIT=off`);
  servers.forEach((server, i) =>
    server.child.on('exit', (code, signal) => {
      if (!stopping) console.log(`instance ${i + 1} EXITED (code ${code}, signal ${signal}): its calls fail from now on`);
    }),
  );
  let next = 0;
  const nextBase = () => servers[next++ % servers.length].base;
  const staff = await staffAuthorization(servers[0].base);

  console.log(`waiting ${IDLE_SECONDS} s idle...`);
  await sleep(IDLE_SECONDS * 1000);
  const rssBefore = servers.map((server) => rssMb(server.child.pid!));

  const latencies = new Map<CallKind, number[]>();
  const failures: string[] = [];
  const mismatches: string[] = [];
  const finished: Record<Kind, number> = { pf: 0, pfae: 0, pm: 0 };
  const run: LoadRun = {
    nextBase,
    staffAuthorization: staff,
    thinkMs: [THINK_MIN, THINK_MAX],
    record: (kind, ms) => {
      if (!latencies.has(kind)) latencies.set(kind, []);
      latencies.get(kind)!.push(ms);
    },
    fail: (what) => failures.push(what),
    mismatch: (what) => mismatches.push(what),
  };

  const machineBefore = machineCpuMs();
  const postgresBefore = postgresCpuMs();
  const serverCpuBefore = servers.map((server) => cpuMs(server.child.pid!));
  const selfBefore = process.cpuUsage();
  const loadStarted = performance.now();
  const deadline = loadStarted + DURATION * 1000;
  const kinds: Kind[] = ['pf', 'pfae', 'pm'];
  let applicants = 0;
  let readBack = 0;
  // The same-run baseline: GET /api/health (one query) every 100 ms while the applicants run, so the
  // saves' latency can be told from the machine's (a CPU shared with other work delays both alike).
  const probing = (async () => {
    while (performance.now() < deadline) {
      await call(run, 'health (probe)', 'GET', '/health', null, undefined, 200).catch(() => {});
      await sleep(100);
    }
  })();
  // Each slot starts a new applicant when its last one is done, until the time is up; those in flight then finish.
  await Promise.all(
    Array.from({ length: APPLICANTS }, async (_, slot) => {
      // Spread over the first think time, so that the 200 first tokens do not all come at once.
      await sleep((slot / APPLICANTS) * THINK_MAX);
      while (performance.now() < deadline) {
        const n = applicants++;
        const kind = kinds[n % kinds.length];
        const records = await runApplicant(run, n, kind);
        if (records > 0) finished[kind]++;
        readBack += records;
      }
    }),
  );
  await probing;
  const elapsed = (performance.now() - loadStarted) / 1000;
  const self = process.cpuUsage(selfBefore);
  const serverCpu = servers.map((server, i) => cpuMs(server.child.pid!) - serverCpuBefore[i]);
  const machineAfter = machineCpuMs();
  const postgres = postgresCpuMs() - postgresBefore;

  const calls = [...latencies.entries()].reduce((sum, [kind, list]) => sum + (kind === 'health (probe)' ? 0 : list.length), 0);
  const saves = SAVE_KINDS.flatMap((kind) => latencies.get(kind) ?? []);
  const row = (name: string, ms: number[]) => {
    const { p50, p99 } = percentiles(ms);
    return `  ${name.padEnd(20)} ${String(ms.length).padStart(7)}  p50 ${p50.toFixed(1).padStart(7)} ms  p99 ${p99.toFixed(1).padStart(7)} ms  max ${Math.max(...ms).toFixed(1).padStart(7)} ms`;
  };
  console.log(
    `\n${APPLICANTS} applicants at once for ${DURATION} s (then the ${APPLICANTS} in flight finished: ${elapsed.toFixed(1)} s in all), think times ${THINK_MIN}-${THINK_MAX} ms, loopback, round-robin over ${INSTANCES} instance${INSTANCES > 1 ? 's' : ''}`,
  );
  console.log(`applicants started ${applicants}; finished: ${finished.pf} PF, ${finished.pfae} PFAE, ${finished.pm} PM with ${readBack - finished.pf - finished.pfae - finished.pm} guarantors; ${readBack} records read back and compared`);
  // The comparison itself tells two applicants' records apart (a mixed-up record would be seen).
  const [first, other] = [0, 3].map((n) => applicationOf('pf', n));
  const apart = differences(modelAtTab(first, 4), modelAtTab(other, 4)).length;
  console.log(`  (check of the comparison: applicant 0's PF against applicant 3's differs in ${apart} fields)`);
  console.log(`  ${'call'.padEnd(20)} ${'count'.padStart(7)}`);
  for (const kind of [...latencies.keys()]) console.log(row(kind, latencies.get(kind)!));
  console.log(row('every save', saves));
  console.log(`calls ${calls}; saves ${saves.length} (${(saves.length / elapsed).toFixed(1)} saves/s); failed ${failures.length}; mismatched records ${mismatches.length}`);
  for (const failure of failures.slice(0, 5)) console.log(`  failed: ${failure}`);
  for (const mismatch of mismatches.slice(0, 5)) console.log(`  mismatch: ${mismatch}`);

  const machineSeconds = (machineAfter.total - machineBefore.total) / 1000;
  const share = (ms: number) => `${((ms / 1000 / elapsed) * 100).toFixed(0)} % of a CPU`;
  console.log(`\nmachine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? '?'}), load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  const generator = (self.user + self.system) / 1000;
  const busy = machineAfter.busy - machineBefore.busy;
  const ours = serverCpu.reduce((sum, ms) => sum + ms, 0) + generator + (database ? postgres : 0);
  console.log(
    `CPU during the run (${machineSeconds.toFixed(0)} CPU-seconds on ${os.cpus().length} CPUs): machine busy ${share(busy)}: ` +
      servers.map((_, i) => `instance ${i + 1} ${share(serverCpu[i])}`).join(', ') +
      `, load generator ${share(generator)}` +
      (database ? `, PostgreSQL (all its processes) ${share(postgres)}` : '') +
      `, other processes on the machine ${share(busy - ours)}`,
  );

  console.log(`waiting ${IDLE_SECONDS} s idle...`);
  await sleep(IDLE_SECONDS * 1000);
  const rssAfter = servers.map((server) => rssMb(server.child.pid!));
  servers.forEach((_, i) => {
    const change = ((rssAfter[i] - rssBefore[i]) / rssBefore[i]) * 100;
    console.log(`instance ${i + 1} RSS idle before the load ${rssBefore[i].toFixed(0)} MB, ${IDLE_SECONDS} s after it ${rssAfter[i].toFixed(0)} MB (${change >= 0 ? '+' : ''}${change.toFixed(0)} %)`);
  });

  const saveP99 = percentiles(saves).p99;
  const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
  console.log(`targets: 0 failed ${met(failures.length === 0)}; 0 mismatched ${met(mismatches.length === 0)}`);
  if (!database) console.log(`         save p99 under 100 ms (PGlite): ${met(saveP99 < 100)} (${saveP99.toFixed(1)} ms); RSS idle ≤ 450 MB: ${met(rssBefore[0] <= 450)}`);
  console.log(`         RSS back within 10 % of idle after the load: ${met(rssAfter.every((after, i) => after <= rssBefore[i] * 1.1))}`);
  process.exitCode = failures.length === 0 && mismatches.length === 0 ? 0 : 1;
} finally {
  stopping = true;
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
}
