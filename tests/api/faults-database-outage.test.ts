// PostgreSQL out of reach for 10 s while the server runs: every call that needs it answers a Spanish
// 503 within the configured statement time limit (never a 500, never a hang), the health check says
// not ready, and once PostgreSQL is back everything works again without a restart.
//
// The machine's PostgreSQL is shared, so it is not stopped: the server reaches it through a proxy
// (support/outage-proxy.ts) that the test takes down (every connection reset, as a stopped server's
// port does) or makes silent (connections open, nothing passes, as a lost network does).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { openDatabase } from '../../server/db/database';
import { databaseApiError } from '../../server/db/database-errors';
import { validPfModel } from '../unit/forms/fixtures';
import { startOutageProxy, type OutageProxy, type ProxyMode } from './support/outage-proxy';
import { publicAuthorization, startServerProcess, until, type ServerProcess } from './support/server-process';
import { freshDatabase } from './support/test-server';

const postgres = process.env.TEST_DATABASE === 'postgres';
/** The statement time limit the server is given (DB_QUERY_TIMEOUT_MS): every answer comes within it. */
const QUERY_TIMEOUT_MS = 4_000;
/** What a loaded two-core machine may add to an answer's time beyond the limit. */
const SLACK_MS = 2_500;
const OUTAGE_MS = 10_000;
/** How long a call may take to reach the server: one sent this close to the outage's end may find it over. */
const IN_FLIGHT_MS = 500;
const UNAVAILABLE = /no está disponible|no responde/;

let database: Awaited<ReturnType<typeof freshDatabase>>;
let proxy: OutageProxy;
let server: ServerProcess;
let auth: string;

beforeAll(async () => {
  if (!postgres) return;
  database = await freshDatabase();
  const real = new URL(database.env.DATABASE_URL!);
  proxy = await startOutageProxy(real.hostname, Number(real.port || 5432));
  const through = new URL(real);
  through.hostname = '127.0.0.1';
  through.port = String(proxy.port);
  server = await startServerProcess({ DATABASE_URL: through.toString(), DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS) });
  auth = await publicAuthorization(server.url);
}, 120_000);
afterAll(async () => {
  if (!postgres) return;
  await server?.kill();
  await proxy?.close();
  await database?.drop();
});

const call = (method: string, path: string, body?: unknown) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });

const model = () => beforeSubmit(validPfModel() as never) as Record<string, any>;

async function createApplication(): Promise<string> {
  const created = await call('POST', '/wizardpf', { data: model(), meta: { last_index: 1 } });
  expect(created.status).toBe(201);
  return (await created.json())[0];
}

interface Answer {
  what: string;
  status: number;
  /** When it was sent and answered, in performance.now() time. */
  sent: number;
  answered: number;
  body: Record<string, any>;
}

async function timed(what: string, request: () => Promise<Response>): Promise<Answer> {
  const sent = performance.now();
  try {
    const response = await request();
    const body = await response.json().catch(() => ({}));
    return { what, status: response.status, sent, answered: performance.now(), body };
  } catch (error) {
    // No answer at all: the connection cut, or the process gone.
    return { what, status: 0, sent, answered: performance.now(), body: { error: String((error as Error).cause ?? error) } };
  }
}

const said = (answer: Answer) => `${answer.what}: ${answer.status} in ${Math.round(answer.answered - answer.sent)} ms ${JSON.stringify(answer.body)}`;

/**
 * Two applicants save, open and create over and over, and a probe asks for the health twice a second, while the
 * proxy goes into `mode` for 10 s and back: the outage begins and ends with calls in flight.
 * Answers the calls sent during the outage, and checks that every call was answered, none with a 500.
 */
async function outage(mode: ProxyMode, uuid: string): Promise<Answer[]> {
  const answers: Answer[] = [];
  let running = true;
  const applicant = async (email: string) => {
    while (running) {
      answers.push(await timed('save', () => call('PUT', `/wizardpf/${uuid}`, { data: { ...model(), email }, meta: { version: 1 } })));
      answers.push(await timed('open', () => call('GET', `/wizardpf/${uuid}/1`)));
      answers.push(await timed('create', () => call('POST', '/wizardpf', { data: model(), meta: { last_index: 1 } })));
    }
  };
  const probe = async () => {
    while (running) {
      answers.push(await timed('health', () => fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(60_000) })));
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };
  // The saves carry version 1 while the record is at version 1 or later: before the outage the first one
  // is taken (200) and the others refused as stale (409); both are answers of a working server.
  const loops = [applicant('durante1@example.com'), applicant('durante2@example.com'), probe()];
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const from = performance.now();
  proxy.set(mode);
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
  const to = performance.now();
  proxy.set('up');
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  running = false;
  await Promise.all(loops);
  // Every call is answered, whenever it was sent, and none with a 500; the process is still there.
  const wrong = answers.find((a) => ![200, 201, 409, 503].includes(a.status));
  expect(wrong && `${said(wrong)}\nThe server printed:\n${server.output().slice(-3_000)}`).toBeUndefined();
  expect(server.child.exitCode).toBeNull();
  expect(answers.filter((a) => a.answered < from).every((a) => a.status !== 503)).toBe(true);
  // Those sent during the outage, however late their answer comes (its time is checked against the limit),
  // but for the last moments, when a call may reach the server after the proxy is back.
  return answers.filter((a) => a.sent >= from && a.sent <= to - IN_FLIGHT_MS);
}

function expectUnavailableInTime(answers: Answer[]) {
  expect(answers.filter((a) => a.what !== 'health').length).toBeGreaterThanOrEqual(2);
  for (const answer of answers) {
    expect(answer.status, said(answer)).toBe(503);
    expect(answer.body.message, said(answer)).toMatch(UNAVAILABLE);
    expect(answer.answered - answer.sent, said(answer)).toBeLessThan(QUERY_TIMEOUT_MS + SLACK_MS);
  }
  const health = answers.filter((a) => a.what === 'health');
  expect(health.length).toBeGreaterThanOrEqual(2);
  for (const answer of health) expect(answer.body).toMatchObject({ status: 'error', database: 'stuck' });
}

/** Back: healthy without a restart, and a new application is created, saved and read again. */
async function expectRecovered(uuid: string, email: string) {
  await until(async () => ((await fetch(`${server.url}/api/health`)).status === 200 ? true : undefined), 30_000, 'the health check to say ready');
  expect(server.child.exitCode).toBeNull();
  const saved = await call('PUT', `/wizardpf/${uuid}`, { data: { ...model(), email }, meta: { version: 1 } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  const { data, meta } = await (await call('GET', `/wizardpf/${uuid}/1`)).json();
  expect(data.email).toBe(email);
  expect(meta.version).toBe(2);
  expect((await call('POST', '/wizardpf', { data: model(), meta: { last_index: 1 } })).status).toBe(201);
}

describe.runIf(postgres)('PostgreSQL out of reach for 10 s', () => {
  it('stopped (every connection reset): a Spanish 503 at once, not ready, and back without a restart', async () => {
    const uuid = await createApplication();
    const pid = server.child.pid;
    const answers = await outage('down', uuid);
    expectUnavailableInTime(answers);
    await expectRecovered(await createApplication(), 'despues@example.com');
    expect(server.child.pid).toBe(pid);
    const slowest = Math.max(...answers.map((a) => a.answered - a.sent));
    console.log(`down: ${answers.length} calls answered 503, slowest in ${Math.round(slowest)} ms`);
  }, 120_000);

  it('silent (connections open, nothing passes): a Spanish 503 within the time limit, not ready, and back without a restart', async () => {
    const uuid = await createApplication();
    const answers = await outage('silent', uuid);
    expectUnavailableInTime(answers);
    await expectRecovered(await createApplication(), 'despues@example.com');
    const slowest = Math.max(...answers.map((a) => a.answered - a.sent));
    console.log(`silent: ${answers.length} calls answered 503, slowest in ${Math.round(slowest)} ms (limit ${QUERY_TIMEOUT_MS} ms)`);
  }, 120_000);

  it('out of reach when an instance starts: it waits, says so, and is ready once PostgreSQL is back, without a restart', async () => {
    const real = new URL(database.env.DATABASE_URL!);
    const late = await startOutageProxy(real.hostname, Number(real.port || 5432));
    late.set('down');
    const through = new URL(real);
    through.hostname = '127.0.0.1';
    through.port = String(late.port);
    let started: ServerProcess | undefined;
    const starting = startServerProcess({ DATABASE_URL: through.toString(), DB_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS) }, 120_000).then((process) => (started = process));
    try {
      // Tried and refused (the proxy counts the connections), and tried again rather than given up.
      await until(async () => (late.accepted() >= 2 ? true : undefined), 60_000, 'two connection attempts');
      expect(started).toBeUndefined();
      late.set('up');
      const server = await starting;
      expect(server.output()).toContain('The database cannot be reached');
      expect(server.output()).not.toContain('could not be opened');
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ready' });
    } finally {
      late.set('up');
      await (await starting.catch(() => undefined))?.stop();
      await late.close();
    }
  }, 180_000);

  it('cuts a statement at the time limit only where the server set one: a migration told `set statement_timeout = 0` runs on', async () => {
    const limitMs = 1_000;
    const db = await openDatabase({ databaseUrl: database.env.DATABASE_URL, queryTimeoutMs: limitMs });
    const sleep = sql`select pg_sleep(${(limitMs + 1_000) / 1_000})`;
    try {
      const error = await sleep.execute(db).then(() => undefined, (thrown: unknown) => thrown);
      expect(databaseApiError(error)).toMatchObject({ statusCode: 503, message: expect.stringMatching(UNAVAILABLE) });
      await db.connection().execute(async (connection) => {
        await sql`set statement_timeout = 0`.execute(connection);
        await sleep.execute(connection);
        await sql`reset statement_timeout`.execute(connection);
        expect(databaseApiError(await sleep.execute(connection).then(() => undefined, (thrown: unknown) => thrown))?.statusCode).toBe(503);
      });
      await db.transaction().execute(async (trx) => {
        await sql`set local statement_timeout = 0`.execute(trx);
        await sleep.execute(trx);
      });
      expect(databaseApiError(await sleep.execute(db).then(() => undefined, (thrown: unknown) => thrown))?.statusCode).toBe(503);
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
