// A burst of wrong staff passwords must not starve the server: /api/health measured alone, then while
// 32 connections send wrong passwords to POST /staff/login, on a real server with its limits on.
// Run: npm run bench:sign-in-burst   (target: /api/health p99 under 50 ms during every burst)
//      DURATION=10 (seconds per phase), ADDRESSES=200 (the several-addresses burst).
// Several addresses are simulated with X-Forwarded-For, which the server believes only because this
// benchmark starts it with TRUST_PROXY=true (a proxy in front would set the header the same way).
import os from 'node:os';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { startBenchServer } from './support/bench-server';
import { freePort } from '../api/support/server-process';

const DURATION = Number(process.env.DURATION ?? 10);
const ADDRESSES = Number(process.env.ADDRESSES ?? 200);
const CONNECTIONS = 32;

const run = (opts: autocannon.Options) =>
  new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (error, result) => (error ? reject(error) : resolve(result))));

interface Burst {
  base: string;
  /** The user name of every try; undefined: a new one each time. */
  username?: string;
  /** How many client addresses the tries come from (X-Forwarded-For). */
  addresses: number;
  /** Keeps the phases apart: each burst's addresses are its own. */
  subnet: number;
}
interface BurstCounts {
  checked: number;
  guard: number;
  limit: number;
  other: number;
  rps: number;
}

// The burst runs in a process of its own so its work does not delay the health probe's clock.
async function burst({ base, username, addresses, subnet }: Burst): Promise<BurstCounts> {
  const counts = { checked: 0, guard: 0, limit: 0, other: 0 };
  let n = 0;
  process.stdout.write('started\n');
  const result = await run({
    url: `${base}/staff/login`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          n++;
          const address = `10.${subnet}.${Math.floor((n % addresses) / 250)}.${(n % addresses) % 250 + 1}`;
          return {
            ...request,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': address },
            body: new URLSearchParams({ username: username ?? `nadie${n}`, password: `equivocada${n}`, next: '/' }).toString(),
          };
        },
        onResponse: (status, body) => {
          if (status === 401) counts.checked++;
          else if (status === 429 && body.startsWith('{')) counts.limit++;
          else if (status === 429) counts.guard++;
          else counts.other++;
        },
      },
    ],
  });
  return { ...counts, rps: result.requests.average };
}

/** Runs one burst in a child process; `started` once its load begins, `counts` at its end. */
function burstElsewhere(phase: Burst): { started: Promise<void>; counts: Promise<BurstCounts> } {
  let started!: () => void;
  const startedPromise = new Promise<void>((resolve) => (started = resolve));
  const counts = new Promise<BurstCounts>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url)], {
      env: { ...process.env, SIGN_IN_BURST: JSON.stringify(phase) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      if (output.startsWith('started\n')) started();
    });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(output.slice('started\n'.length))) : reject(new Error(`burst exited with ${code}`))));
  });
  counts.catch(() => started());
  return { started: startedPromise, counts };
}

if (process.env.SIGN_IN_BURST) {
  process.stdout.write(JSON.stringify(await burst(JSON.parse(process.env.SIGN_IN_BURST) as Burst)));
} else {
  const server = await startBenchServer(await freePort(), [], { RATE_LIMIT: 'on', TRUST_PROXY: 'true' });
  const health = () => run({ url: `${server.base}/api/health`, connections: 1, duration: DURATION });
  const row = (name: string, result: autocannon.Result) =>
    `  ${name.padEnd(58)} p50 ${String(result.latency.p50).padStart(3)} ms  p99 ${String(result.latency.p99).padStart(3)} ms  (${result.requests.total} probes, non-2xx ${result.non2xx})`;

  try {
    console.log(`${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${DURATION} s per phase; /api/health probed by 1 connection`);
    await health(); // warm-up
    const baseline = await health();
    console.log(row('/api/health alone', baseline));

    const phases: [string, Omit<Burst, 'base' | 'subnet'>][] = [
      ['one address, user demo', { username: 'demo', addresses: 1 }],
      ['one address, a new user name every try', { addresses: 1 }],
      [`${ADDRESSES} addresses, user demo`, { username: 'demo', addresses: ADDRESSES }],
      [`${ADDRESSES} addresses, a new user name every try`, { addresses: ADDRESSES }],
    ];
    let met = baseline.latency.p99 < 50;
    for (const [index, [name, phase]] of phases.entries()) {
      const { started, counts } = burstElsewhere({ base: server.base, subnet: index + 1, ...phase });
      await started;
      const during = await health();
      const tries = await counts;
      met &&= during.latency.p99 < 50;
      console.log(row(`/api/health during 32 connections of wrong passwords, ${name}`, during));
      console.log(
        `    sign-ins: ${Math.round(tries.rps)}/s; checked (401, one scrypt each) ${tries.checked}; refused 429 before hashing: by the guard ${tries.guard}, by the route limit ${tries.limit}; other ${tries.other}`,
      );
    }
    console.log(`target (/api/health p99 < 50 ms during every burst): ${met ? 'met' : 'NOT met'}`);
  } finally {
    await server.stop();
  }
}
