// `npm run fuzz`: at least 20,000 hostile requests (FUZZ_REQUESTS) over every write route against
// a real `server/main.ts` on a fresh embedded data folder, 8 at a time. Prints, per route, the
// count of each status, the hangs (no answer within 5 s), the 5xx, the refusals without a Spanish
// message, and the server's RSS at start (after one valid call per route) and at the end. Exits 1
// on any 5xx, hang, or an RSS more than 10 % above where it started. A connection the server closes at
// once on a body over the size limit (413 while the body is still being sent) is counted apart.
import fc from 'fast-check';
import { freePort } from '../api/support/server-process';
import { rssMb, startBenchServer } from '../bench/support/bench-server';
import { createFixtures, send } from './fixtures';
import { hostileRequests, refusalProblem, WRITE_ROUTES, type HostileRequest } from './hostile';

const TOTAL = Number(process.env.FUZZ_REQUESTS ?? 20_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const HANG_MS = 5_000;
const CHUNK = 50;

const env = { RATE_LIMIT: 'off', DEMO_STAFF_PASSWORD: process.env.DEMO_STAFF_PASSWORD || 'demo1234', JWT_SECRET: 'fuzz-secret-that-is-long-enough-for-hs256' };
Object.assign(process.env, env);
const server = await startBenchServer(Number(process.env.FUZZ_PORT) || (await freePort()));
const pid = server.child.pid!;
try {
  const fixtures = await createFixtures(server.base, { clientSecret: 'solicitud-online', username: 'solicitante', password: 'solicitante' });
  // One valid call per route first, so what every server builds once (the PLD index…) is in the start figure.
  for (const route of WRITE_ROUTES) {
    const valid = route.valid(fixtures);
    await send(
      server.base,
      {
        method: route.method,
        path: route.path(fixtures, undefined),
        contentType: valid === undefined ? undefined : route.form ? 'application/x-www-form-urlencoded' : 'application/json',
        body: valid === undefined ? undefined : route.form ? new URLSearchParams(valid as Record<string, string>).toString() : JSON.stringify(valid),
        mutation: 'valid',
      },
      route.auth(fixtures),
      30_000,
    );
  }
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const rssStart = rssMb(pid);

  const perRoute = Math.ceil(TOTAL / WRITE_ROUTES.length);
  const stats = new Map<string, { statuses: Map<number, number>; hangs: number; closed: number; slowest: number; problems: string[] }>();
  const started = performance.now();
  let sent = 0;
  for (const [index, route] of WRITE_ROUTES.entries()) {
    const row = { statuses: new Map<number, number>(), hangs: 0, closed: 0, slowest: 0, problems: [] as string[] };
    stats.set(route.name, row);
    const arbitrary = hostileRequests(route, fixtures);
    for (let chunk = 0; chunk * CHUNK < perRoute; chunk++) {
      const requests: HostileRequest[] = fc.sample(arbitrary, { seed: SEED + index * 100_000 + chunk, numRuns: Math.min(CHUNK, perRoute - chunk * CHUNK) });
      let next = 0;
      await Promise.all(
        Array.from({ length: CONCURRENCY }, async () => {
          while (next < requests.length) {
            const request = requests[next++];
            const answer = await send(server.base, request, route.auth(fixtures), 30_000);
            sent++;
            row.statuses.set(answer.status, (row.statuses.get(answer.status) ?? 0) + 1);
            row.slowest = Math.max(row.slowest, answer.ms);
            if (answer.ms > HANG_MS || answer.text === 'timeout') row.hangs++;
            // The connection closed early, fast, on a body over the limit: the server refused it while it was still being sent.
            const closedEarly = answer.status === 0 && answer.text !== 'timeout' && (request.body?.length ?? 0) > 256 * 1024;
            if (closedEarly) row.closed++;
            const problem = closedEarly ? null : answer.status === 0 ? `no answer: ${answer.text}` : refusalProblem(answer.status, answer.contentType, answer.text);
            if (problem && row.problems.length < 3) row.problems.push(`[${request.mutation.slice(0, 120)}] ${problem.slice(0, 240)}`);
            else if (problem) row.problems.push('');
          }
        }),
      );
    }
    process.stderr.write(`${route.name}: done (${sent} sent)\n`);
  }
  const seconds = (performance.now() - started) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const rssEnd = rssMb(pid);

  console.log(`\nnpm run fuzz: ${sent} hostile requests in ${seconds.toFixed(1)} s (${(sent / seconds).toFixed(0)}/s), ${CONCURRENCY} at a time, seed ${SEED}\n`);
  console.log('| route | requests | statuses (0: closed before the answer was read) | 5xx | hangs (> 5 s) | closed early on a body over the limit | slowest | refusals not in Spanish or with a code |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  let fivexx = 0;
  let hangs = 0;
  for (const [name, row] of stats) {
    const total = [...row.statuses.values()].reduce((a, b) => a + b, 0);
    const errors = [...row.statuses.entries()].filter(([status]) => status >= 500).reduce((a, [, n]) => a + n, 0);
    fivexx += errors;
    hangs += row.hangs;
    const statuses = [...row.statuses.entries()].sort(([a], [b]) => a - b).map(([status, n]) => `${status}: ${n}`).join(', ');
    console.log(`| ${name} | ${total} | ${statuses} | ${errors} | ${row.hangs} | ${row.closed} | ${(row.slowest / 1000).toFixed(2)} s | ${row.problems.length} |`);
  }
  const growth = (rssEnd - rssStart) / rssStart;
  console.log(`\nRSS of the server: ${rssStart.toFixed(0)} MB at start, ${rssEnd.toFixed(0)} MB at the end (${(growth * 100).toFixed(1)} %)`);
  console.log(`5xx: ${fivexx}; hangs: ${hangs}`);
  for (const [name, row] of stats) for (const problem of row.problems.filter(Boolean)) console.log(`  ${name} ${problem}`);
  const health = await fetch(`${server.base}/api/health`).then((r) => r.status, () => 0);
  console.log(`/api/health after the run: ${health}`);
  process.exitCode = fivexx > 0 || hangs > 0 || growth > 0.1 || health !== 200 ? 1 : 0;
} finally {
  await server.stop();
}
