// The server killed with SIGKILL in the middle of a burst of saves, and started again on the same
// database (PGlite's data folder, or the same PostgreSQL database): every save it acknowledged is
// there, none is half-written, and it serves saves again.
//
// Each application's saves go one after another (a save names the version it replaces, so the next
// waits for the answer), several applications at once. Save n of an application writes the marker n
// into fields of three tabs; the record read back after the restart must be exactly the record of one
// save: the last one answered 200, or the one sent after it whose answer the kill cut off. Never an
// older one, never a mix of two.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { publicAuthorization, startServerProcess, until, type ServerProcess } from './support/server-process';
import { freshDatabase } from './support/test-server';

const APPLICATIONS = 8;
/** Saves answered 200 (all applications together) before the kill, in each round. */
const ACKNOWLEDGED_BEFORE_KILL = 60;
const ROUNDS = 2;

type Record = { [key: string]: any };

let database: Awaited<ReturnType<typeof freshDatabase>>;
let env: Record;
let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-kill-'));
  // PGlite in a data folder of its own (the first start creates it), PostgreSQL in a database of its own.
  env = { DATA_DIR: dataDir, ...database.env };
});
afterAll(async () => {
  await server?.kill();
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The record of save `n`: the same model every time, with `n` in a field of three tabs. */
function withMarker(model: Record, application: number, n: number): Record {
  return {
    ...model,
    email: `solicitud${application}.guardado${n}@example.com`,
    vivienda: { ...model.vivienda, vivienda_valor_aproximado: 1_000_000 + n },
    empleo: { ...model.empleo, empresa_nombre: `ACME GUARDADO ${n}` },
  };
}

/** The marker of each of the three tabs in a stored record. */
const markersOf = (data: Record) => [
  Number(/guardado(\d+)@/.exec(data.email)?.[1]),
  data.vivienda.vivienda_valor_aproximado - 1_000_000,
  Number(/ACME GUARDADO (\d+)$/.exec(data.empleo.empresa_nombre)?.[1]),
];

interface Application {
  index: number;
  uuid: string;
  /** The record as the server answers it, at marker 0: every save differs from it only in the markers. */
  base: Record;
  /** The marker of the last save answered 200 (its version is marker + 1). */
  acknowledged: number;
  /** Markers sent after the acknowledged one whose answer never came. */
  unanswered: number[];
}

const call = (auth: string, method: string, url: string, body?: unknown) =>
  fetch(url, {
    method,
    headers: { authorization: auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

async function createApplications(url: string, auth: string): Promise<Application[]> {
  const model = beforeSubmit(validPfModel() as never) as Record;
  return Promise.all(
    Array.from({ length: APPLICATIONS }, async (_, index) => {
      const created = await call(auth, 'POST', `${url}/api/wizardpf`, { data: withMarker(model, index, 0), meta: { last_index: 1 } });
      expect(created.status, await created.clone().text()).toBe(201);
      const [uuid] = await created.json();
      const opened = await call(auth, 'GET', `${url}/api/wizardpf/${uuid}/1`);
      const { data, meta } = await opened.json();
      expect(meta.version).toBe(1);
      expect(markersOf(data)).toEqual([0, 0, 0]);
      return { index, uuid, base: data, acknowledged: 0, unanswered: [] };
    }),
  );
}

/**
 * Saves every application over and over, one save of each application at a time, and SIGKILLs the
 * server once `ACKNOWLEDGED_BEFORE_KILL` saves were answered and saves are in flight. Answers other
 * than 200 before the kill are returned as failures.
 */
async function burstThenKill(target: ServerProcess, auth: string, applications: Application[]): Promise<string[]> {
  let acknowledged = 0;
  let inFlight = 0;
  let killed = false;
  const failures: string[] = [];
  const saveLoop = async (application: Application) => {
    while (!killed) {
      const n = application.acknowledged + 1;
      application.unanswered = [n];
      inFlight++;
      try {
        const response = await call(auth, 'PUT', `${target.url}/api/wizardpf/${application.uuid}`, {
          data: withMarker(application.base, application.index, n),
          meta: { version: n },
        });
        const text = await response.text();
        if (response.status !== 200) {
          if (!killed) failures.push(`${response.status} ${text}`);
          return;
        }
        application.acknowledged = n;
        application.unanswered = [];
        acknowledged++;
      } catch (error) {
        // The kill cuts the connection: this save's answer never came.
        if (!killed) failures.push(String(error));
        return;
      } finally {
        inFlight--;
      }
    }
  };
  const loops = applications.map(saveLoop);
  await until(async () => (acknowledged >= ACKNOWLEDGED_BEFORE_KILL || failures.length > 0 ? true : undefined), 120_000, 'saves to be answered');
  // Killed while saves are on their way (there nearly always are: each application sends its next at once).
  await until(async () => (inFlight > 0 ? true : undefined), 10_000, 'a save in flight');
  killed = true;
  await target.kill();
  await Promise.all(loops);
  return failures;
}

/** Every application's stored record is the record of its last acknowledged save or of one sent after it, whole. */
async function expectEveryAcknowledgedSave(url: string, auth: string, applications: Application[]) {
  const found = { acknowledged: 0, sentAfter: 0 };
  for (const application of applications) {
    const opened = await call(auth, 'GET', `${url}/api/wizardpf/${application.uuid}/1`);
    expect(opened.status).toBe(200);
    const { data, meta } = await opened.json();
    const [marker, ...others] = markersOf(data);
    expect(others, `application ${application.index}: one save's fields, not a mix`).toEqual([marker, marker]);
    expect([application.acknowledged, ...application.unanswered], `application ${application.index}: the acknowledged save or a later one`).toContain(marker);
    expect(meta.version).toBe(marker! + 1);
    expect(data).toEqual(withMarker(application.base, application.index, marker!));
    found[marker === application.acknowledged ? 'acknowledged' : 'sentAfter']++;
    // What the next round starts from: what is stored.
    application.acknowledged = marker!;
    application.unanswered = [];
  }
  return found;
}

describe('the server killed during a burst of saves', () => {
  it('keeps every acknowledged save whole after a restart on the same database, and saves again', async () => {
    server = await startServerProcess(env);
    let auth = await publicAuthorization(server.url);
    const applications = await createApplications(server.url, auth);
    let saves = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const failures = await burstThenKill(server, auth, applications);
      expect(failures, 'answers other than 200 before the kill').toEqual([]);
      saves += applications.reduce((sum, a) => sum + a.acknowledged, 0);
      // Started again on what the killed process left: PGlite recovers its folder, PostgreSQL rolled back the open transactions.
      server = await startServerProcess(env);
      expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'ok', database: 'ready' });
      auth = await publicAuthorization(server.url);
      const found = await expectEveryAcknowledgedSave(server.url, auth, applications);
      console.log(`round ${round}: ${found.acknowledged} records at their last acknowledged save, ${found.sentAfter} at the save whose answer the kill cut off`);
    }
    expect(saves).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

    // Healthy: each application takes one more save, and it is stored.
    for (const application of applications) {
      const n = application.acknowledged + 1;
      const saved = await call(auth, 'PUT', `${server.url}/api/wizardpf/${application.uuid}`, { data: withMarker(application.base, application.index, n), meta: { version: n } });
      expect(saved.status).toBe(200);
      const { data, meta } = await (await call(auth, 'GET', `${server.url}/api/wizardpf/${application.uuid}/1`)).json();
      expect(meta.version).toBe(n + 1);
      expect(data).toEqual(withMarker(application.base, application.index, n));
    }
    expect(await server.stop()).toBe(0);
    server = undefined;
  }, 300_000);
});
