// The machine lab's GET /api/laboratorio/rutas-de-prueba?maquina=<id>: the paths the machine tests
// recorded through that machine (read from LAB_PATHS_DIR) and the transitions the tests took (the
// coverage record beside it), for an Administrador only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestPathsFile } from '../../forms/contracts/test-paths';
import { readExercised, readTestPaths } from '../../server/lab/test-paths';
import { callApi, publicToken, staffToken, startTestServer, type TestServer } from './support/test-server';

// As a test run leaves them: tests/.cache/machine-paths beside tests/.cache/machine-coverage.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lab-record-'));
const dir = path.join(root, 'machine-paths');
const coverageDir = path.join(root, 'machine-coverage');
const SESSION_TAKEN = ['session.idle --session.authenticate #1--> #session.requestingPublicToken', 'session.success --session.logout--> #session.idle'];
const SESSION: TestPathsFile = {
  label: 'session',
  paths: [
    {
      name: '"idle" --session.authenticate--> "requestingPublicToken"',
      machine: 'session',
      steps: [
        { event: { type: 'xstate.init' }, transitions: [], value: 'idle' },
        {
          event: { type: 'session.authenticate', staffCookie: false },
          transitions: [{ machine: 'session', transition: 'session.idle --session.authenticate #1--> #session.requestingPublicToken' }],
          value: 'requestingPublicToken',
        },
      ],
    },
  ],
};
const PRINT: TestPathsFile = {
  label: 'print',
  paths: [{ name: 'a', machine: 'print', steps: [{ event: { type: 'xstate.init' }, transitions: [], value: { packet: 'loading', pdf: 'idle' } }] }],
};

let server: TestServer;
let admin: string;
let usuario: string;
let publicAuth: string;

const bearerOf = async (username: string, password: string) => `Bearer ${await staffToken(server, username, password)}`;

beforeAll(async () => {
  fs.mkdirSync(dir);
  fs.mkdirSync(coverageDir);
  // The session's transitions taken by two test files, one of them written by hand (no paths).
  fs.writeFileSync(path.join(coverageDir, 'session.json'), JSON.stringify({ label: 'session', taken: { session: [SESSION_TAKEN[0]] } }));
  fs.writeFileSync(path.join(coverageDir, 'session-by-hand.json'), JSON.stringify({ label: 'session (by hand)', taken: { session: [SESSION_TAKEN[1]], print: ['x'] } }));
  fs.writeFileSync(path.join(coverageDir, 'broken.json'), '{');
  fs.writeFileSync(path.join(dir, 'session.json'), JSON.stringify(SESSION));
  fs.writeFileSync(path.join(dir, 'print.json'), JSON.stringify(PRINT));
  fs.writeFileSync(path.join(dir, 'broken.json'), '{"label": 3');
  fs.writeFileSync(path.join(dir, 'other-shape.json'), JSON.stringify({ label: 'x', taken: {} }));
  server = await startTestServer({ LAB_PATHS_DIR: dir });
  const backend = await server.app.backend;
  await backend.staff.create({ username: 'cuenta-usuario', password: 'clave-usuario-1', nombre: 'Ana', apellido_paterno: 'Prueba', franquicia: 'Centro', roles: ['usuario'] });
  admin = await bearerOf('demo', 'demo1234');
  usuario = await bearerOf('cuenta-usuario', 'clave-usuario-1');
  publicAuth = `Bearer ${(await publicToken(server)).access_token}`;
}, 60_000);
afterAll(async () => {
  await server.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('GET /api/laboratorio/rutas-de-prueba', () => {
  it('answers an Administrador the machine’s paths, each with its file’s label, and every transition the tests took', async () => {
    const response = await callApi(server, 'GET', '/laboratorio/rutas-de-prueba?maquina=session', undefined, admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ paths: SESSION.paths.map((p) => ({ label: 'session', ...p })), exercised: SESSION_TAKEN });
    const print = await callApi(server, 'GET', '/laboratorio/rutas-de-prueba?maquina=print', undefined, admin);
    expect(await print.json()).toEqual({ paths: PRINT.paths.map((p) => ({ label: 'print', ...p })), exercised: ['x'] });
  });

  it('asks which machine', async () => {
    const response = await callApi(server, 'GET', '/laboratorio/rutas-de-prueba', undefined, admin);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_query', errores: { maquina: expect.any(String) } });
  });

  it('refuses a Usuario and the public with 403, and no session with 401', async () => {
    const usuarioAnswer = await callApi(server, 'GET', '/laboratorio/rutas-de-prueba?maquina=session', undefined, usuario);
    expect(usuarioAnswer.status).toBe(403);
    expect((await usuarioAnswer.json()).message).toBe('Esta acción requiere el rol Administrador.');
    expect((await callApi(server, 'GET', '/laboratorio/rutas-de-prueba?maquina=session', undefined, publicAuth)).status).toBe(403);
    expect((await callApi(server, 'GET', '/laboratorio/rutas-de-prueba?maquina=session', undefined, null)).status).toBe(401);
  });
});

describe('readTestPaths', () => {
  it('reads no folder as no paths', async () => {
    expect(await readTestPaths(path.join(dir, 'missing'))).toEqual([]);
  });

  it('reads no coverage folder as nothing exercised', async () => {
    expect(await readExercised(path.join(dir, 'missing', 'machine-paths'), 'session')).toEqual([]);
  });

  it('leaves out a file that is not a record of paths', async () => {
    expect((await readTestPaths(dir)).map((p) => p.label)).toEqual(['print', 'session']);
  });
});
