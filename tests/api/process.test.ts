// The product as `npm start` runs it: one process, the app and the API on one port, a demo
// staff account on an empty database, the browser app served while the API loads, graceful
// shutdown on SIGTERM (a save under way finishes); and the add-staff command.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { publicAuthorization } from './support/server-process';
import { freshDatabase } from './support/test-server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let env: NodeJS.ProcessEnv;
let dataDir: string;

beforeAll(async () => {
  database = await freshDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'solicitud-data-'));
  // PGlite runs in the data folder (a fresh one: this covers the first start); PostgreSQL in a new database.
  env = { ...process.env, DATA_DIR: dataDir, JWT_SECRET: 'process-test-secret-process-test', ...database.env };
  if (!database.env.DATABASE_URL) delete env.DATABASE_URL;
  // The product's default: no configured demo password, so a random one is printed once.
  delete env.DEMO_STAFF_PASSWORD;
});
afterAll(async () => {
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

function start(port: number): { child: ChildProcess; output: () => string } {
  let output = '';
  // What `npm start` runs: the compiled server, built again first if a source is newer.
  const child = spawn(process.execPath, ['server/start.mjs'], { env: { ...env, PORT: String(port), HOST: '127.0.0.1' } });
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  return { child, output: () => output };
}

/**
 * Probes until it gives a value. The limits are generous: on the shared CI machine, with the
 * whole suite running beside it, a start once took more than 30 s to answer its first page. A
 * timeout, or a server that exited, says what it printed, so a slow start can be told from a broken one.
 */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, server?: ReturnType<typeof start>): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    const printed = () => `; the server printed:\n${server?.output() ?? '(not shown)'}`;
    if (server && (server.child.exitCode !== null || server.child.signalCode !== null)) {
      throw new Error(`the server exited (code ${server.child.exitCode}, signal ${server.child.signalCode})${printed()}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms${printed()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const port = 40000 + Math.floor(Math.random() * 20000);

describe('npm start', () => {
  it('serves the app and the API on one port, creates the demo staff account, and stops cleanly on SIGTERM', async () => {
    expect(fs.existsSync('dist/index.html'), 'run `npm run build` first').toBe(true);
    const server = start(port);
    const health = await until(async () => {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      return response.status === 200 ? response.json() : undefined;
    }, 60_000, server);
    expect(health).toEqual({ status: 'ok', database: 'ready' });

    const page = await fetch(`http://127.0.0.1:${port}/pf/1234?params=F1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<script type="application/json" id="app-config">');
    expect(html).toContain('"clientId":"2"');

    await until(async () => (server.output().includes('Demo staff account created') ? true : undefined), 10_000, server);
    // No published password: a random one, printed once, opens the account and 'demo1234' does not.
    const printed = /\/staff\/login as "demo" with password "([A-Za-z0-9_-]{16,})"/.exec(server.output());
    expect(printed, server.output()).not.toBeNull();
    const signIn = (password: string) =>
      fetch(`http://127.0.0.1:${port}/staff/login`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ username: 'demo', password }).toString(),
      });
    expect((await signIn('demo1234')).status).toBe(401);
    expect((await signIn(printed![1]!)).status).toBe(303);

    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 150_000);

  it('serves the browser app before the API is built, holds an API call until it is, and finishes a save under way on SIGTERM', async () => {
    const server = start(port + 3);
    const base = `http://127.0.0.1:${port + 3}`;
    // The first answer of the port is the page; a call made at that moment waits and gets the API's JSON, not a refusal.
    const page = await until(async () => ((await fetch(`${base}/`)).status === 200 ? true : undefined), 60_000, server);
    expect(page).toBe(true);
    const early = await fetch(`${base}/api/health`);
    expect([200, 503]).toContain(early.status);
    expect(await early.json()).toMatchObject({ database: expect.stringMatching(/^(ready|starting)$/) });
    await until(async () => ((await fetch(`${base}/api/health`)).status === 200 ? true : undefined), 60_000, server);

    const authorization = await publicAuthorization(base);

    // A save whose body is half sent when SIGTERM arrives: the server stops taking connections, answers it, then exits.
    const body = Buffer.from(JSON.stringify({ data: beforeSubmit(validPfModel() as unknown as Record<string, unknown>), meta: { last_index: 1 } }));
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(`${base}/api/wizardpf`, { method: 'POST', headers: { authorization, 'content-type': 'application/json', 'content-length': body.length } }, (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, text }));
      });
      request.on('error', reject);
      request.write(body.subarray(0, 100));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => request.end(body.subarray(100)), 500);
      }, 300);
    });
    // Meanwhile a client sends request after request on one kept-alive connection: it does not hold the close.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let answered = 0;
    const busy = (async () => {
      for (;;) {
        const status = await new Promise<number>((resolve) => {
          http.get(`${base}/api/health`, { agent }, (response) => (response.resume(), response.on('end', () => resolve(response.statusCode!)))).on('error', () => resolve(0));
        });
        if (status === 0) return;
        answered++;
      }
    })();
    const saved = await answer;
    expect(saved.status, saved.text).toBe(201);
    const [uuid] = JSON.parse(saved.text) as [string];
    expect(await exited).toBe(0);
    await busy;
    agent.destroy();
    expect(answered).toBeGreaterThan(0);

    // Started again, the application is there as it was sent.
    const again = start(port + 4);
    try {
      const opened = await until(async () => {
        const response = await fetch(`http://127.0.0.1:${port + 4}/api/wizardpf/${uuid}/1`, { headers: { authorization } });
        return response.status === 200 ? response.json() : undefined;
      }, 60_000, again);
      expect(opened.data).toMatchObject({ uuid, nombre: 'CARLOS', fisica: { curp: 'GARC850314HJCRRL09' } });
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((resolve) => again.child.on('exit', resolve));
    }
  }, 240_000);

  it('adds a staff account from the command line, who can then sign in', async () => {
    const result = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'server/cli/add-staff.ts', '--usuario', 'ana', '--nombre', 'Ana', '--apellido-paterno', 'López', '--franquicia', 'Monterrey', '--roles', 'usuario,analista'],
      { env: { ...env, STAFF_PASSWORD: 'contraseña-segura' }, encoding: 'utf8' },
    );
    expect(result.stderr + result.stdout).toContain('Staff account "ana" created with roles usuario, analista.');
    expect(result.status).toBe(0);

    const server = start(port + 1);
    try {
      const response = await until(async () => {
        const r = await fetch(`http://127.0.0.1:${port + 1}/staff/login`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: 'ana', password: 'contraseña-segura' }).toString(),
        });
        return r;
      }, 60_000, server);
      expect(response.status).toBe(303);
      // The database already held staff, so no second demo account is announced.
      expect(server.output()).not.toContain('Demo staff account created');
    } finally {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server.child.on('exit', resolve));
    }

    // Disabled from the command line, the account can no longer sign in.
    const disabled = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/disable-staff.ts', '--usuario', 'ana'], { env, encoding: 'utf8' });
    expect(disabled.stderr + disabled.stdout).toContain('Staff account "ana" disabled');
    expect(disabled.status).toBe(0);
    const again = start(port + 2);
    try {
      const refused = await until(
        () =>
          fetch(`http://127.0.0.1:${port + 2}/staff/login`, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams({ username: 'ana', password: 'contraseña-segura' }).toString(),
          }),
        60_000,
        again,
      );
      expect(refused.status).toBe(401);
    } finally {
      again.child.kill('SIGTERM');
      await new Promise((resolve) => again.child.on('exit', resolve));
    }
  }, 240_000);
});
