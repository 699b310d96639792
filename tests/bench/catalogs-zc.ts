// Postal-code lookups under load: `npm start`'s server on a fresh embedded data folder (so the
// first start, catalogue load included, is timed too), then GET /api/catalogs/zc/{code} over a
// spread of real codes with 20 connections on loopback. Baselines from the same run: a bare
// Fastify hello-world JSON server (the ceiling) and the server's /api/health (one PGlite query
// per request).
// Run: npm run bench:catalogs   (target: at least 2,000 answers/s at p99 under 20 ms)
//      DURATION=10 CONNECTIONS=20 to change the load.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { freePort } from '../api/support/server-process';

const DURATION = Number(process.env.DURATION ?? 10);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const PORT = await freePort();
const HELLO_PORT = await freePort();
const TARGET = { rps: 2000, p99: 20 };

function start(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, args, { env: { ...process.env, RATE_LIMIT: 'off', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((resolve) => child.on('exit', resolve));
}

async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const started = performance.now();
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > timeoutMs) throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Every 20th postal code of the shipped catalogue: about 1,600 real codes from every state. */
function spreadOfCodes(): string[] {
  const text = gunzipSync(fs.readFileSync('data/codigos_postales_sepomex.psv.gz')).toString('utf8');
  const codes = [...new Set(text.split('\n').slice(1).map((line) => line.slice(0, 5)).filter((code) => /^\d{5}$/.test(code)))];
  return codes.filter((_, i) => i % 20 === 0);
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function load(url: string, headers: Record<string, string>, paths?: string[]): Promise<Figures> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
    requests: paths ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] : undefined,
  });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx, errors: result.errors };
}

const fmt = (name: string, f: Figures, ceiling?: Figures) =>
  `  ${name.padEnd(44)} ${Math.round(f.rps).toLocaleString('en').padStart(7)} req/s  p50 ${String(f.p50).padStart(3)} ms  p99 ${String(f.p99).padStart(3)} ms` +
  (ceiling ? `  (${Math.round((100 * f.rps) / ceiling.rps)}% of hello)` : '') +
  (f.non2xx || f.errors ? `  [${f.non2xx} non-2xx, ${f.errors} errors]` : '');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-catalogs-'));
const hello = start(
  ['-e', `const app = require('fastify')(); app.get('/hello', async () => ({ hello: 'world' })); app.listen({ port: ${HELLO_PORT}, host: '127.0.0.1' });`],
  {},
);
const server = start(['--import', 'tsx', 'server/main.ts'], {
  PORT: String(PORT),
  HOST: '127.0.0.1',
  DATA_DIR: path.join(dataDir, 'data'),
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret',
});
try {
  const base = `http://127.0.0.1:${PORT}`;
  const firstStart = await waitFor(`${base}/api/health`, 120_000);
  await waitFor(`http://127.0.0.1:${HELLO_PORT}/hello`, 10_000);

  const tokenResponse = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' }),
  });
  const { access_token } = await tokenResponse.json();
  const authorization = { authorization: `Bearer ${access_token}` };
  const codes = spreadOfCodes();
  const sample = await (await fetch(`${base}/api/catalogs/zc/${codes[0]}`, { headers: authorization })).json();
  if (!Array.isArray(sample) || sample.length === 0) throw new Error(`zc/${codes[0]} answered ${JSON.stringify(sample)}`);

  const helloFigures = await load(`http://127.0.0.1:${HELLO_PORT}/hello`, {});
  const zc = await load(base, authorization, codes.map((code) => `/api/catalogs/zc/${code}`));
  const health = await load(`${base}/api/health`, {});

  console.log(`${os.cpus().length} cores, ${CONNECTIONS} connections, ${DURATION} s each, loopback`);
  console.log(`  first start on a fresh data folder to /api/health 200 (initdb, migrations, catalogue load, index): ${(firstStart / 1000).toFixed(1)} s`);
  console.log(fmt('baseline: bare Fastify hello-world JSON', helloFigures));
  console.log(fmt(`GET /api/catalogs/zc/{code}, ${codes.length} real codes`, zc, helloFigures));
  console.log(fmt('GET /api/health (one PGlite query each)', health, helloFigures));
  const met = zc.rps >= TARGET.rps && zc.p99 < TARGET.p99 && zc.non2xx === 0 && zc.errors === 0;
  console.log(`target (≥ ${TARGET.rps.toLocaleString('en')} answers/s, p99 < ${TARGET.p99} ms): ${met ? 'met' : 'NOT met'}`);
  process.exitCode = met ? 0 : 1;
} finally {
  await Promise.all([stop(server), stop(hello)]);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
