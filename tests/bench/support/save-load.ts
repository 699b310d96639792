// The save load of the PUT benchmarks: every save sends the version its record last got back, as
// the wizard does, and no record is saved twice at once; a baseline of GET /api/health is measured
// in the same run. The server's CPU time per save (its process's user and system time, threads
// included, over the saves) is printed too, and its main thread's alone (the JavaScript: routes,
// validation, queries; PGlite and libuv work on other threads): on a shared machine they move far
// less than the throughput.
import fs from 'node:fs';
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
  /** The server's CPU milliseconds per answered save. */
  cpuMsPerSave: number;
  /** Its main thread's CPU milliseconds per answered save. */
  mainCpuMsPerSave: number;
  /** The load generator's (this process's) CPU milliseconds per answered save. */
  generatorCpuMsPerSave: number;
  /** The whole machine's busy CPU milliseconds per answered save (every process, /proc/stat). */
  machineCpuMsPerSave: number;
  p50: number;
  p99: number;
  refused: number;
}

/** A process's CPU time so far (user + system, all its threads, or only its main thread), in milliseconds, from /proc. */
export function cpuMs(pid: number, thread: 'all' | 'main' = 'all'): number {
  const fields = fs.readFileSync(thread === 'all' ? `/proc/${pid}/stat` : `/proc/${pid}/task/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // After the command name: state is field 3, utime 14 and stime 15 (1-based, man 5 proc).
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}
const CLOCK_TICKS = 100;

/** The whole machine's busy and total CPU time so far, every core and process, in milliseconds (/proc/stat's first line: busy is all but idle and iowait). */
export function machineCpuMs(): { busy: number; total: number } {
  const [user, nice, system, idle, iowait, irq, softirq, steal] = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy: (busy * 1000) / CLOCK_TICKS, total: ((busy + idle + iowait) * 1000) / CLOCK_TICKS };
}

/**
 * The CPU time so far of every PostgreSQL process on the machine, in ms: the postmaster's own and
 * that of its children gone (backends a pool closed: cutime and cstime), and each live child's.
 */
export function postgresCpuMs() {
  let total = 0;
  const statOf = (pid: string) => fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ').map(Number);
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // After the command name: ppid is field 4, utime 14, stime 15, cutime 16, cstime 17 (1-based, man 5 proc).
      const fields = statOf(pid);
      const postmaster = fs.readFileSync(`/proc/${fields[1]}/comm`, 'utf8').trim() !== 'postgres';
      total += ((fields[11] + fields[12] + (postmaster ? fields[13] + fields[14] : 0)) * 1000) / CLOCK_TICKS;
    } catch {
      // gone meanwhile
    }
  }
  return total;
}

/** This process's CPU time so far (the load generator's), in milliseconds. */
const ownCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * Waits until a started server has finished the work it does in the background after it answers
 * ready (the product loads its PLD lists and indexes for about 4 s on this machine): until it uses
 * under 5 % of a core over half a second, or 60 s have passed. A measurement started earlier
 * charges that work to the first figures.
 */
export async function settled(pid: number) {
  for (let i = 0, last = cpuMs(pid); i < 120; i++) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = cpuMs(pid);
    if (now - last < 25) return;
    last = now;
  }
}

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));

/**
 * autocannon's options for the saves of `records`, one connection each. autocannon keeps the load
 * generator light (it shares the machine's cores with the server). Each request takes a record
 * nobody is saving and gives it back with the version the answer carries.
 */
function savesOf({ headers, code, records, body, seconds }: Omit<SaveLoad, 'server'>): Omit<autocannon.Options, 'url'> {
  const free = [...records];
  type Context = { record?: { uuid: string; version: number } };
  return {
    connections: records.length,
    duration: seconds,
    requests: [
      {
        method: 'PUT',
        headers,
        setupRequest: (request, context: Context) => {
          const record = free.pop()!;
          context.record = record;
          return {
            ...request,
            path: `/api/${code}/${record.uuid}`,
            body: JSON.stringify({ ...(body(record.version) as object), meta: { last_index: 4, version: record.version } }),
          };
        },
        onResponse: (status, answer, context: Context) => {
          const record = context.record!;
          if (status === 200) record.version = JSON.parse(answer).meta.version;
          free.push(record);
        },
      },
    ],
  };
}

/** autocannon's merge of runs made with skipAggregateResult (untyped in @types/autocannon). */
const aggregate = (autocannon as unknown as { aggregateResult(results: unknown[], opts: autocannon.Options): autocannon.Result }).aggregateResult;

/**
 * The saves spread over several servers: record (and connection) i goes to server i mod n, all at
 * once from this process; saves/s are all the answered saves over the duration, p50/p99 those of
 * every save. `records` must be on a database all the servers share.
 */
export async function savesOver(bases: string[], load: Omit<SaveLoad, 'server'>): Promise<Pick<SaveFigures, 'rps' | 'p50' | 'p99' | 'refused'>> {
  const runs = await Promise.all(
    bases.map((url, i) =>
      run({ url, skipAggregateResult: true, ...savesOf({ ...load, records: load.records.filter((_, r) => r % bases.length === i) }) }),
    ),
  );
  const all = aggregate(runs, { url: bases[0], connections: load.records.length });
  return { rps: all.requests.total / load.seconds, p50: all.latency.p50, p99: all.latency.p99, refused: all.non2xx };
}

/** Runs the health baseline and then the saves; prints both lines and answers the saves' figures. */
export async function measureSaves({ server, headers, code, records, body, seconds }: SaveLoad, label: string): Promise<SaveFigures> {
  await settled(server.child.pid!);
  const health = await run({ url: `${server.base}/api/health`, connections: records.length, duration: seconds });
  const cpuBefore = cpuMs(server.child.pid!);
  const mainCpuBefore = cpuMs(server.child.pid!, 'main');
  const generatorBefore = ownCpuMs();
  const machineBefore = machineCpuMs().busy;
  const saves = await run({ url: server.base, ...savesOf({ headers, code, records, body, seconds }) });
  const perSave = (ms: number) => ms / Math.max(1, saves.requests.total);
  const cpuMsPerSave = perSave(cpuMs(server.child.pid!) - cpuBefore);
  const mainCpuMsPerSave = perSave(cpuMs(server.child.pid!, 'main') - mainCpuBefore);
  const generatorCpuMsPerSave = perSave(ownCpuMs() - generatorBefore);
  const machineCpuMsPerSave = perSave(machineCpuMs().busy - machineBefore);
  const figures = { rps: saves.requests.average, cpuMsPerSave, mainCpuMsPerSave, generatorCpuMsPerSave, machineCpuMsPerSave, p50: saves.latency.p50, p99: saves.latency.p99, refused: saves.non2xx };

  const row = (name: string, result: autocannon.Result, tail: string) =>
    `  ${name.padEnd(48)} ${Math.round(result.requests.average).toLocaleString('en').padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms  ${tail}`;
  console.log(`${os.cpus().length} cores, ${records.length} connections, ${seconds} s each, loopback, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
  console.log(row('baseline: GET /api/health (one query each)', health, `non-2xx ${health.non2xx}`));
  console.log(row(label, saves, `refused ${saves.non2xx}  server CPU ${cpuMsPerSave.toFixed(2)} ms a save, main thread ${mainCpuMsPerSave.toFixed(2)} ms`));
  console.log(`    CPU a save elsewhere: the load generator ${generatorCpuMsPerSave.toFixed(2)} ms, the machine in all ${machineCpuMsPerSave.toFixed(2)} ms (${os.cpus().length} cores: at most ${Math.round((os.cpus().length * 1000) / machineCpuMsPerSave).toLocaleString('en')} saves/s if nothing else ran)`);
  return figures;
}
