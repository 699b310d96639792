// A slow document read (spec 01 §9) kept as a job in the database: started on one instance and
// polled on another, each with its own OCR routes and jobs on the one database (on PostgreSQL two
// backends, each its own connection pool; on PGlite the one backend both servers share). The poll
// answers reading, then the fields or the refusal; another session's poll is a 404; a job whose
// instance stopped (its heartbeat stale) answers the spec's failure; an ended job is forgotten after
// its ten minutes. The stored file is handed out by the route's `readStored`, held until the test
// releases it: the read is slow for as long as the test wants, not by a timer's luck.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OcrAnswer } from '../../forms/contracts/documents';
import { MESSAGES, NOTICES } from '../../forms/messages';
import { ApiError } from '../../server/api-error';
import { buildApp } from '../../server/app';
import { openBackend, type Backend } from '../../server/backend';
import { loadConfig } from '../../server/config';
import { ocrRoutes, type ReadStored } from '../../server/ocr/ocr-routes';
import type { OcrPool } from '../../server/ocr/tesseract-pool';
import { constanciaPdf } from '../support/documents/constancia';
import { COMPANIES } from '../support/documents/people';
import { callApi, freshDatabase, publicToken, staffToken, TEST_JWT_SECRET, type TestServer } from './support/test-server';

const onPostgres = process.env.TEST_DATABASE === 'postgres';
/** Where this test's OCR routes are. */
const OCR = '/lectura';

/** The Constancia is read from its text layer: no recognition, so the pool must not be asked. */
const noRecognition: OcrPool = {
  recognize: () => Promise.reject(new Error('this test reads no image')),
  load: () => ({ waiting: 0, busy: 0, size: 0 }),
  close: async () => {},
};

interface Held {
  bytes: Buffer;
  released: Promise<void>;
  failure?: Error;
}
const held = new Map<string, Held>();
let csf: Buffer;
/** A stored Constancia whose read waits until `release()` (at once when `quick`), then fails with `failure` if given. */
function storedFile(options: { quick?: boolean; failure?: Error } = {}) {
  const key = randomUUID();
  let release = () => {};
  const released = options.quick ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve));
  held.set(key, { bytes: csf, released, failure: options.failure });
  return { body: { key, bucket: 'documentos', format: 'application/pdf', type: 'tax' }, release };
}
const readStored: ReadStored = async (_request, file) => {
  const entry = held.get(file.key);
  if (!entry) throw new ApiError(404, 'El archivo no existe.', 'not_found');
  await entry.released;
  if (entry.failure) throw entry.failure;
  return { bytes: entry.bytes, format: 'application/pdf', id: file.key };
};

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ocr-jobs-'));
const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', DEMO_STAFF_PASSWORD: 'demo1234', RATE_LIMIT: 'off', DATA_DIR: dataDir });
let database: Awaited<ReturnType<typeof freshDatabase>>;
let backend: Backend;
const apps: FastifyInstance[] = [];
let a: TestServer;
let b: TestServer;
let publicAuth: string;
let otherPublicAuth: string;
let staffAuth: string;

/** A server as app.ts builds it, with this test's OCR routes (their own jobs, as each instance has). */
async function startInstance(opening: Promise<Backend>): Promise<TestServer> {
  const app = await buildApp({ config, backend: opening, logger: false });
  await app.register(
    async (api) => {
      api.addHook('onRequest', async (request) => {
        request.backend = await app.backend;
      });
      await api.register(ocrRoutes, { readStored, pool: noRecognition });
    },
    { prefix: `/api${OCR}` },
  );
  await opening;
  await app.listen({ port: 0, host: '127.0.0.1' });
  apps.push(app);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, url: `http://127.0.0.1:${port}`, config, target: { ...database.target, env: database.env }, close: () => app.close() };
}

beforeAll(async () => {
  csf = await constanciaPdf({ kind: 'company', company: COMPANIES[1]! });
  database = await freshDatabase();
  const opening = openBackend(config, database.target);
  // PGlite is one process's database: both servers share its backend. PostgreSQL: each its own.
  a = await startInstance(opening);
  b = await startInstance(onPostgres ? openBackend(config, database.target) : opening);
  backend = await opening;
  publicAuth = `Bearer ${(await publicToken(a)).access_token}`;
  otherPublicAuth = `Bearer ${(await publicToken(b)).access_token}`;
  staffAuth = `Bearer ${await staffToken(a)}`;
  // The first read loads the PDF reader (a second or more): each instance reads once before the tests.
  for (const server of [a, b]) {
    const answer = (await (await start(server, storedFile({ quick: true }).body)).json()) as OcrAnswer;
    if (answer.status === 'reading') await ended(server, answer.job);
  }
  await backend.db.deleteFrom('ocr_job').execute();
}, 60_000);
afterAll(async () => {
  for (const app of apps) await app.close();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const start = (server: TestServer, body: unknown, auth = publicAuth) => callApi(server, 'POST', `${OCR}/aws/ocr`, body, auth);
const poll = (server: TestServer, job: string, auth = publicAuth) => callApi(server, 'GET', `${OCR}/aws/ocr/${job}`, undefined, auth);
const jobRows = () => backend.db.selectFrom('ocr_job').selectAll().execute();
/** POST on A of a held read: the job it answers (after its first second). */
async function jobOnA(body: unknown): Promise<string> {
  const response = await start(a, body);
  expect(response.status).toBe(200);
  const answer = (await response.json()) as OcrAnswer;
  expect(answer).toEqual({ status: 'reading', job: expect.any(String) });
  return (answer as { job: string }).job;
}
/** Polls on `server` until the job is no longer reading (sooner than the browser's 3000 ms). */
async function ended(server: TestServer, job: string): Promise<Response> {
  for (let i = 0; i < 100; i++) {
    const response = await poll(server, job);
    if (response.status !== 200 || ((await response.clone().json()) as OcrAnswer).status === 'done') return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the job never ended');
}

describe('a read started on one instance, polled on another', () => {
  it('a quick read is answered at once and leaves no job', async () => {
    const response = await start(b, storedFile({ quick: true }).body);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: 'done', result: { template: 'CSF', data: { rfc: COMPANIES[1]!.rfc } } });
    expect(await jobRows()).toEqual([]);
  });

  it('a slow read: B answers reading, then the fields; another session (public or staff) gets 404 on either', async () => {
    const file = storedFile();
    const job = await jobOnA(file.body);
    expect(await (await poll(b, job)).json()).toEqual({ status: 'reading', job });
    for (const server of [a, b]) {
      for (const other of [otherPublicAuth, staffAuth]) {
        const refused = await poll(server, job, other);
        expect(refused.status).toBe(404);
        expect(await refused.json()).toMatchObject({ message: 'La lectura del documento no existe o ya expiró.' });
      }
    }
    file.release();
    const done = await ended(b, job);
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({
      status: 'done',
      result: { template: 'CSF', message: NOTICES.ocrSuccess, data: { rfc: COMPANIES[1]!.rfc, razon_social: COMPANIES[1]!.razon_social } },
    });
    expect((await poll(a, job)).status).toBe(200); // and on A, the same answer
  });

  it("a refusal keeps its status and message on B; any other failure is the spec's default error", async () => {
    const refusal = storedFile({ failure: new ApiError(422, MESSAGES.fileType, 'file_type') });
    const refused = await jobOnA(refusal.body);
    const broken = storedFile({ failure: new Error('storage unreachable') });
    const failed = await jobOnA(broken.body);
    refusal.release();
    broken.release();
    const first = await ended(b, refused);
    expect(first.status).toBe(422);
    expect(await first.json()).toMatchObject({ statusCode: 422, message: MESSAGES.fileType });
    const second = await ended(b, failed);
    expect(second.status).toBe(500);
    expect(await second.json()).toMatchObject({ statusCode: 500, message: NOTICES.ocrError });
  });

  it("a job whose instance stopped (heartbeat stale) answers 'Error al intentar obtener datos con OCR', even once its read ends", async () => {
    const file = storedFile();
    const job = await jobOnA(file.body);
    // A stops: another instance's id, its last heartbeat a minute ago (A renews only its own jobs).
    await backend.db.updateTable('ocr_job').set({ instance: 'stopped', updated_at: sql<string>`now() - interval '1 minute'` }).where('id', '=', job).execute();
    const lost = await poll(b, job);
    expect(lost.status).toBe(500);
    expect(await lost.json()).toMatchObject({ message: NOTICES.ocrError });
    file.release();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await poll(a, job)).status).toBe(500);
  });

  it("the running instance's heartbeat keeps a long read alive", async () => {
    const file = storedFile();
    const job = await jobOnA(file.body);
    const [before] = await backend.db.selectFrom('ocr_job').select('updated_at').where('id', '=', job).execute();
    await new Promise((resolve) => setTimeout(resolve, 5500)); // one heartbeat (every 5 s)
    const [after] = await backend.db.selectFrom('ocr_job').select('updated_at').where('id', '=', job).execute();
    expect(after!.updated_at.getTime()).toBeGreaterThan(before!.updated_at.getTime());
    expect(await (await poll(b, job)).json()).toEqual({ status: 'reading', job });
    file.release();
    expect((await ended(b, job)).status).toBe(200);
  }, 15_000);

  it('an ended job is forgotten after ten minutes, and its row removed when a new job starts', async () => {
    const file = storedFile();
    const job = await jobOnA(file.body);
    file.release();
    expect((await ended(b, job)).status).toBe(200);
    const age = (minutes: number) => backend.db.updateTable('ocr_job').set({ updated_at: sql<string>`now() - make_interval(mins => ${minutes})` }).where('id', '=', job).execute();
    await age(9);
    expect((await poll(b, job)).status).toBe(200);
    await age(11);
    expect((await poll(b, job)).status).toBe(404);
    expect((await jobRows()).map((row) => row.id)).toContain(job);
    const next = storedFile();
    const newer = await jobOnA(next.body);
    expect((await jobRows()).map((row) => row.id)).not.toContain(job);
    next.release();
    expect((await ended(b, newer)).status).toBe(200);
  });
});
