// Issue 21, "Scale path": three server instances, each a Node process of its own (`node
// server/start.mjs`, the compiled server `npm start` runs, so no module state is shared), on one PostgreSQL database, one document store and
// one Redis, behave as one. The store is a fourth process: a server with the embedded S3-compatible
// endpoint (its own PGlite DATA_DIR), which the three reach through S3_ENDPOINT as they would reach
// any S3-compatible store (MinIO, S3); it stands for that store here.
//
// One applicant's wizard goes round the instances (request i to instance i % 3): the token from one,
// the saves on the others, the reads on a third; a save through one is read through another that had
// read the record before (the record cache is off on PostgreSQL: server/backend.ts, cacheRecords);
// an upload signed by one, posted to the store, listed and opened through the others. Staff lists
// show it on every instance; a PLD reload through one reaches the others within PLD_REFRESH_SECONDS;
// a review staff save through one carries the new version, read through another; the alert the
// monitoring raises is raised once and closed from another instance; a limit counted
// on two instances refuses on the third; a staff sign-out on one ends the session on all.
//
// The scheduled work runs once across the instances:
// - the e-mail outbox: every instance's queue (pg-boss) fetches due jobs with SELECT … FOR UPDATE SKIP
//   LOCKED, and a message's job id is made from the message's id, so handing it over twice makes one
//   job; the test counts what the SMTP server received: each message once;
// - the PLD monitoring: the instance that claims the load's run (pld_monitor) screens, the others see
//   it held; an alert is unique per application, party and entry; the test counts the alert and its
//   history line: once;
// - the reminders are outbox messages due later (the same queue); expiry is a date compared at each
//   read, not a job; the hourly sweep of stale documents only repeats removals that are idempotent
//   (server/documents/stale-documents.ts) and is not exercised here.
//
// Runs in the PostgreSQL project only (TEST_DATABASE=postgres, which needs DATABASE_URL), and when
// redis-server is installed (.ci/run installs both).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { PLD_DATA_DIR } from '../../server/pld/pld-sources';
import { validAvalPfModel, validPfModel, validPmModel } from '../unit/forms/fixtures';
import { PNG, uploadedFile, type Signed } from './support/documents';
import { hasRedisServer, redisServer, type RedisServer } from './support/redis-server';
import { freePort } from './support/server-process';
import { freshDatabase } from './support/test-server';
import { startTestSmtp, type TestSmtp } from './support/test-smtp';

const onPostgres = process.env.TEST_DATABASE === 'postgres' && Boolean(process.env.DATABASE_URL);

const ACCESS = { S3_ACCESS_KEY_ID: 'prueba-acceso', S3_SECRET_ACCESS_KEY: 'un-secreto-de-prueba-suficientemente-largo' };
const PLD_REFRESH_SECONDS = 2;
const TOKEN_RATE_LIMIT = 6;
const ZAFIRO = 'PROVEEDORA ZAFIRO DE PRUEBA, S.A. DE C.V.';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | undefined | false>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pause(100);
  }
}

interface Instance {
  name: string;
  url: string;
  /** What the process wrote, a line each (pino JSON and the start's plain lines). */
  log: string[];
  stop(): Promise<void>;
}

/** `node server/start.mjs` (the compiled server, rebuilt first when a source is newer) with `env` on a free port; answers once /api/health says the database is ready. */
async function startInstance(name: string, env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['server/start.mjs'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), TMPDIR: os.tmpdir(), PORT: String(port), HOST: '127.0.0.1', DEMO_STAFF_PASSWORD: 'demo1234', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log: string[] = [];
  const keep = (chunk: Buffer) => log.push(...chunk.toString('utf8').split('\n').filter(Boolean));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  try {
    await until(async () => {
      if (child.exitCode !== null) throw new Error(`${name} stopped at start:\n${log.join('\n')}`);
      return fetch(`${url}/api/health`).then((response) => response.status === 200, () => false);
    }, `${name} to start`, 90_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    name,
    url,
    log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

const api = (instance: Instance, method: string, url: string, body?: unknown, authorization?: string | null, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}/api${url}`, {
    method,
    headers: { ...headers, ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function json(response: Promise<Response>, status = 200) {
  const answered = await response;
  expect(answered.status, `${answered.url}: ${await answered.clone().text()}`).toBe(status);
  return answered.json();
}

const TOKEN_BODY = { grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante', scope: '' };

/** Signs in on the staff page of `instance`: the Cookie header the browser would send. */
async function staffCookie(instance: Instance): Promise<string> {
  const response = await fetch(`${instance.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'demo', password: 'demo1234', next: '/' }).toString(),
  });
  expect(response.status).toBe(303);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]).join('; ');
}

/** The staff bearer token `instance` gives for the cookie. */
const staffBearer = async (instance: Instance, cookie: string) => `Bearer ${(await json(fetch(`${instance.url}/api/me`, { headers: { cookie } }))).data.token}`;

const submitted = (model: object) => beforeSubmit(model as unknown as Record<string, unknown>) as Record<string, any>;

describe.skipIf(!onPostgres || !hasRedisServer)('three instances on one PostgreSQL, one document store and one Redis', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let redis: RedisServer;
  let smtp: TestSmtp;
  let store: Instance;
  let instances: Instance[];
  let storeDir: string;
  let listsDir: string;
  let turn = 0;
  /** The instance of the next request of the round: request i goes to instance i % 3. */
  const next = () => instances[turn++ % 3]!;

  let staffAuth: string;
  let applicantAuth: string;
  let uuid: string;
  let pm: Record<string, any>;
  const NAME = 'COMERCIALIZADORA TRES INSTANCIAS SA DE CV';

  beforeAll(async () => {
    database = await freshDatabase();
    redis = await redisServer();
    await redis.start();
    smtp = await startTestSmtp();
    // The shipped lists with one more SFP row, for the reload: the instances' own PLD_DATA_DIR.
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'three-instances-pld-'));
    for (const name of fs.readdirSync(PLD_DATA_DIR)) fs.copyFileSync(path.join(PLD_DATA_DIR, name), path.join(listsDir, name));
    storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'three-instances-store-'));
    store = await startInstance('store', { DATA_DIR: storeDir, RATE_LIMIT: 'off', MAIL_OUTBOX: 'off', LOG_LEVEL: 'warn', ...ACCESS });
    const shared = {
      DATABASE_URL: database.env.DATABASE_URL!,
      REDIS_URL: redis.url,
      S3_ENDPOINT: `${store.url}/storage`,
      ...ACCESS,
      SMTP_URL: smtp.url,
      PUBLIC_BASE_URL: 'http://solicitudes.example',
      RATE_LIMIT: 'on',
      TOKEN_RATE_LIMIT: String(TOKEN_RATE_LIMIT),
      // Behind a balancer on loopback: the client address is X-Forwarded-For's.
      TRUST_PROXY: 'loopback',
      PLD_DATA_DIR: listsDir,
      PLD_REFRESH_SECONDS: String(PLD_REFRESH_SECONDS),
      OCR_WORKERS: '1',
      LOG_LEVEL: 'info',
      DATA_DIR: storeDir, // never used on PostgreSQL with S3_ENDPOINT
    };
    // Started together, as a deployment does: one secret, one demo account, one migration.
    instances = await Promise.all(['A', 'B', 'C'].map((name) => startInstance(name, shared)));
    staffAuth = await staffBearer(instances[1]!, await staffCookie(instances[0]!));
  }, 240_000);

  afterAll(async () => {
    await Promise.all([...(instances ?? []), ...(store ? [store] : [])].map((instance) => instance.stop()));
    await redis?.stop();
    await smtp?.close();
    await database?.drop();
    for (const dir of [storeDir, listsDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("one applicant's wizard, each request on the next instance: token, saves, a guarantor, reads", async () => {
    const token = await json(api(next(), 'POST', '/oauth/token', TOKEN_BODY, null));
    applicantAuth = `Bearer ${token.access_token}`;
    pm = submitted(validPmModel());
    // A shareholder the PLD reload below adds to the SFP list.
    pm.accionistas[0] = { ...pm.accionistas[0], tipo_persona: 'Moral', nombre: 'Proveedora Zafiro de Prueba SA de CV', rfc: 'PZP150101AB1' };
    const [created, { version: first }] = await json(api(next(), 'POST', '/wizardpm', { data: { ...pm, nombre: 'BORRADOR' }, meta: { last_index: 1 } }, applicantAuth), 201);
    uuid = created;
    // C reads it (a cache, were there one, would now hold it), A saves, C reads again: A's save.
    const before = await json(api(next(), 'GET', `/wizardpm/${uuid}/1`, undefined, applicantAuth));
    expect(before.data.nombre).toBe('BORRADOR');
    const saved = await json(api(next(), 'PUT', `/wizardpm/${uuid}`, { data: { ...pm, nombre: NAME }, meta: { version: first, last_index: 2 } }, applicantAuth));
    const [guarantor] = await json(api(next(), 'POST', '/wizardpf', { data: submitted({ ...validAvalPfModel(), nombre: 'LUIS' }), meta: { last_index: 1, parent_uuid: uuid } }, applicantAuth), 201);
    const after = await json(api(next(), 'GET', `/wizardpm/${uuid}/1`, undefined, applicantAuth));
    expect(after.data.nombre).toBe(NAME);
    expect(after.meta.version).toBe(saved.meta.version);
    expect(after.data.avales).toEqual([expect.objectContaining({ uuid: guarantor, data: expect.objectContaining({ nombre: 'LUIS', persona_completa: false }) })]);
    const third = await json(api(next(), 'PUT', `/wizardpm/${uuid}`, { data: { ...pm, nombre: NAME }, meta: { version: after.meta.version, last_index: 3 } }, applicantAuth));
    const read = await json(api(next(), 'GET', `/wizardpm/${uuid}/1`, undefined, applicantAuth));
    expect(read.meta).toMatchObject({ version: third.meta.version, last_index: 3 });
    // The staff lists stay staff's on every instance.
    expect((await api(next(), 'GET', '/wizardpf/cache', undefined, applicantAuth)).status).toBe(403);
  });

  it('an upload signed by one instance goes to the store; the others read, list and open it', async () => {
    const policy = (await json(fetch(`${next().url}/api/aws/signed-url?type=identification&uuid=${uuid}`, { headers: { authorization: applicantAuth } }))).data as Signed;
    expect(policy.url).toBe(`${store.url}/storage/documentos`);
    const form = new FormData();
    for (const [name, value] of Object.entries(policy.fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(PNG)]), 'ine.png');
    expect((await fetch(policy.url, { method: 'POST', body: form })).status).toBe(201);
    // The page's next step after an upload: the OCR read, which checks the stored file.
    const ocr = await api(next(), 'POST', '/aws/ocr', uploadedFile(policy, 'identification', uuid), applicantAuth);
    expect([200, 202]).toContain(ocr.status);
    // Listed once read (the read answers within a second, or goes on as a job, kept in the database, that any instance answers).
    const lister = next();
    const listed = await until(async () => {
      const answer = await json(api(lister, 'GET', `/wizardpm/documentos/${uuid}`, undefined, staffAuth));
      return answer.data.length > 0 && answer;
    }, 'the document in the list');
    expect(listed.data).toEqual([expect.objectContaining({ type: 'identification', format: 'image/png', size: PNG.length, uploaded_by: 'Solicitante' })]);
    const opened = await fetch(`${next().url}${listed.data[0].url}`, { headers: { authorization: staffAuth } });
    expect(opened.status).toBe(200);
    expect(Buffer.from(await opened.arrayBuffer())).toEqual(PNG);
  });

  it('the staff lists show the application on every instance', async () => {
    for (const instance of instances) {
      const rows = await json(api(instance, 'GET', `/wizardpf/cache?q=${encodeURIComponent('tres instancias')}`, undefined, staffAuth));
      expect(rows.map((row: { uuid: string }) => row.uuid), instance.name).toEqual([uuid]);
    }
  });

  it('each e-mail the saves queued is sent once, whichever instance holds the job', async () => {
    // More applicants, each saved on the next instance: their resume links go out too.
    const emails = Array.from({ length: 9 }, (_, i) => `solicitante${i}@example.com`);
    for (const email of emails) await json(api(next(), 'POST', '/wizardpf', { data: submitted({ ...validPfModel(), email }), meta: { last_index: 1 } }, applicantAuth), 201);
    const expected = ['contacto@industrias.com.mx', validAvalPfModel().email as string, ...emails];
    const recipients = () => smtp.received.flatMap((message) => message.recipients);
    await until(async () => expected.every((email) => recipients().includes(email)), 'the resume links', 60_000);
    // Every instance's queue looks again at least twice more (idle 1 s): nothing is sent twice.
    await pause(3000);
    expect([...recipients()].sort()).toEqual([...expected].sort());
  }, 90_000);

  it('a PLD reload through one instance reaches the others within PLD_REFRESH_SECONDS; the review saved on one is read on another; its alert is raised once and closed from another', async () => {
    const versions = async () => Promise.all(instances.map(async (instance) => (await json(api(instance, 'GET', '/pld/lists', undefined, staffAuth))).version as string));
    const [old] = await versions();
    expect(new Set(await versions())).toEqual(new Set([old]));

    const sfp = path.join(listsDir, 'sfp_proveedores_contratistas_sancionados.csv.gz');
    fs.writeFileSync(sfp, gzipSync(gunzipSync(fs.readFileSync(sfp)).toString('utf8') + `"${ZAFIRO}",SECRETARÍA DE PRUEBA,1/2026,PA-1/2026,LEY,01-01-2026,,,1 año\n`));
    const [reloader, ...others] = instances;
    const reloaded = await json(api(reloader!, 'POST', '/pld/lists/reload', undefined, staffAuth));
    const startedAt = Date.now();
    expect(reloaded).toMatchObject({ cambiada: true });
    expect(reloaded.version).not.toBe(old);
    for (const instance of others) {
      await until(async () => (await json(api(instance, 'GET', '/pld/lists', undefined, staffAuth))).version === reloaded.version, `${instance.name} to take the new version`);
    }
    // The check every PLD_REFRESH_SECONDS, then the index's build (a few seconds on a busy 2-CPU machine).
    expect(Date.now() - startedAt).toBeLessThan((PLD_REFRESH_SECONDS + 10) * 1000);
    // Each instance's screening answers from the new version.
    for (const instance of others) {
      const result = await json(api(instance, 'POST', `/blacklist/${uuid}`, { data: { ...pm, nombre: NAME } }, staffAuth));
      expect(JSON.stringify(result), instance.name).toContain(ZAFIRO);
    }

    // Every instance's monitoring was kicked by its new index; one ran it.
    await until(async () => (await json(api(next(), 'GET', '/pld/lists', undefined, staffAuth))).monitoreo?.terminado, 'the monitoring', 60_000);
    const alerts = (await json(api(next(), 'GET', '/pld/alertas?estado=abiertas', undefined, staffAuth))).alertas as Array<{ id: number; solicitud: { uuid: string }; nombre_lista: string }>;
    expect(alerts.map((alert) => [alert.solicitud.uuid, alert.nombre_lista])).toEqual([[uuid, ZAFIRO]]);
    const history = async (instance: Instance) => (await json(api(instance, 'GET', `/historial/${uuid}`, undefined, staffAuth))).entries as Array<{ action: string }>;
    expect((await history(next())).filter((entry) => entry.action === 'pld_alert')).toHaveLength(1);

    // The screening's result kept with a staff save on one instance, read on another: stamped with the new version.
    const alert = alerts[0] as unknown as { id: number; id_lista: string; persona: string; grupo: string };
    const match = { nombre: ZAFIRO, rfc: null, lista: 'SFP', id: alert.id_lista, persona: alert.persona, motivo: 'Misma empresa que la de la lista.' };
    const review = { coincidencias_validadas: false, validar_coincidencias: true, validar_coincidencias_tipo: 'client', users: { [alert.grupo]: [match] }, revisadas: [] };
    const current = await json(api(next(), 'GET', `/wizardpm/${uuid}/0`, undefined, staffAuth));
    await json(api(next(), 'PUT', `/wizardpm/${uuid}`, { data: { ...pm, nombre: NAME }, meta: { version: current.meta.version }, pld: review }, staffAuth));
    const reviewed = (await json(api(next(), 'GET', `/wizardpm/${uuid}/0`, undefined, staffAuth))).data.pld_coincidences;
    expect(reviewed).toMatchObject({ coincidencias_validadas: true, users: { [alert.grupo]: [{ ...match, confirmada_por: 'María González Ruiz', version_listas: reloaded.version }] } });

    const closer = next();
    const closed = await json(api(closer, 'POST', `/pld/alertas/${alerts[0]!.id}/cierre`, { estado: 'confirmada', motivo: 'Confirmada en la revisión.' }, staffAuth));
    expect(closed.estado).toBe('confirmada');
    const elsewhere = instances.find((instance) => instance !== closer)!;
    expect((await json(api(elsewhere, 'GET', '/pld/alertas?estado=abiertas', undefined, staffAuth))).alertas).toEqual([]);
    expect((await api(elsewhere, 'POST', `/pld/alertas/${alerts[0]!.id}/cierre`, { estado: 'confirmada', motivo: 'Sí es.' }, staffAuth)).status).toBe(409);
  }, 120_000);

  it('a rate limit counted on two instances refuses on the third', async () => {
    const from = { 'x-forwarded-for': '203.0.113.21' };
    const [a, b, c] = instances as [Instance, Instance, Instance];
    for (let i = 0; i < TOKEN_RATE_LIMIT; i++) expect((await api(i % 2 ? b : a, 'POST', '/oauth/token', TOKEN_BODY, null, from)).status).toBe(200);
    const refused = await api(c, 'POST', '/oauth/token', TOKEN_BODY, null, from);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Demasiadas solicitudes\. Espera \d+ segundos e intenta de nuevo\.$/);
    // Another address is not refused.
    expect((await api(c, 'POST', '/oauth/token', TOKEN_BODY, null, { 'x-forwarded-for': '203.0.113.22' })).status).toBe(200);
  });

  it('a staff sign-out on one instance ends the session on every instance', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance];
    const cookie = await staffCookie(a);
    const bearer = await staffBearer(b, cookie);
    for (const instance of instances) expect((await api(instance, 'GET', '/wizardpf/cache', undefined, bearer)).status, instance.name).toBe(200);
    expect((await fetch(`${c.url}/staff/logout`, { method: 'POST', redirect: 'manual', headers: { cookie } })).status).toBe(303);
    for (const instance of instances) {
      expect((await api(instance, 'GET', '/wizardpf/cache', undefined, bearer)).status, instance.name).toBe(401);
      expect((await fetch(`${instance.url}/api/me`, { headers: { cookie } })).status, instance.name).toBe(401);
    }
  });

  it('no instance logged an error', () => {
    for (const instance of [...instances, store]) {
      const errors = instance.log.filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50);
      expect(errors, instance.name).toEqual([]);
    }
  });
});
