// Property-based fuzzing of every write route (issue 12): hostile bodies (deep nesting, huge
// strings, NUL and control characters, wrong types, prototype keys, repeated fields, odd content
// types) never get a 5xx, every refusal is a 4xx with a Spanish message and no internal code, and
// a refused write leaves every stored record as it was. Seeded (FUZZ_SEED) and bounded in cases
// (FUZZ_RUNS, 200 per route) and in time; `npm run fuzz` runs the long version against `npm start`.
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtures, send } from '../fuzz/fixtures';
import { hostileRequests, refusalProblem, WRITE_ROUTES, type FuzzFixtures } from '../fuzz/hostile';
import { startTestServer, type TestServer } from './support/test-server';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ROUTE_TIME_MS = 45_000;

let server: TestServer;
let fixtures: FuzzFixtures;

beforeAll(async () => {
  server = await startTestServer();
  fixtures = await createFixtures(server.url, server.config.publicClient);
}, 60_000);
afterAll(() => server?.close());

/** Every stored record, summed up by the database: how many, and a digest of each one's state and model. */
async function snapshot() {
  const { db } = await server.app.backend;
  const rows = await sql<{ count: string; digest: string | null }>`
    select count(*) as count, md5(string_agg(uuid || ':' || version || ':' || coalesce(parent_uuid, '') || ':' || data::text, ',' order by uuid)) as digest
    from application`.execute(db);
  return rows.rows[0];
}

describe('fuzzing every write route with hostile bodies', () => {
  for (const route of WRITE_ROUTES) {
    it(
      route.name,
      async () => {
        const problems: string[] = [];
        let cases = 0;
        await fc.assert(
          fc.asyncProperty(hostileRequests(route, fixtures), async (request) => {
            cases++;
            const before = await snapshot();
            const answer = await send(server.url, request, route.auth(fixtures), 10_000);
            // A body over the limit may be refused (413) and the connection closed while it is still being sent.
            const closedEarly = answer.status === 0 && answer.text !== 'timeout' && (request.body?.length ?? 0) > 256 * 1024;
            const problem = closedEarly ? null : answer.status === 0 ? `no answer (${answer.text})` : refusalProblem(answer.status, answer.contentType, answer.text);
            if (problem) problems.push(`${route.name} [${request.mutation}]: ${problem}`);
            if ((answer.status >= 400 || closedEarly) && !route.form) {
              const after = await snapshot();
              if (JSON.stringify(after) !== JSON.stringify(before)) problems.push(`${route.name} [${request.mutation}]: refused with ${answer.status} but a record changed`);
            }
            // Every case runs: the problems are listed together below.
            return true;
          }),
          { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: ROUTE_TIME_MS },
        ).catch((error: Error) => {
          if (problems.length === 0) problems.push(`fast-check stopped: ${error.message.slice(0, 1500)}`);
        });
        expect(problems.slice(0, 20), `${cases} cases, ${problems.length} problems`).toEqual([]);
        expect(cases).toBeGreaterThanOrEqual(Math.min(RUNS, 50));
      },
      ROUTE_TIME_MS + 30_000,
    );
  }

  it('leaves the server answering and no prototype polluted', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
