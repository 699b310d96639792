// Starts the real server for an API test file on an ephemeral port, on a fresh database:
// PGlite from the migrated template, or a new PostgreSQL database (a copy of the run's template
// database) when TEST_DATABASE=postgres. Both hold the catalogues already.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { Kysely, PostgresDialect } from 'kysely';
import { buildApp } from '../../../server/app';
import { openBackend } from '../../../server/backend';
import { loadConfig, type ServerConfig } from '../../../server/config';
import { openDatabase, type DatabaseTarget, type Db } from '../../../server/db/database';
import type { Database } from '../../../server/db/schema';
import { scratchPostgres } from '../../support/scratch-database';
import { checkAnswersAgainstDocument } from './answer-check';
import { TEMPLATE_FILE } from './global-setup';
import { answersFileBeside } from '../../../server/catalogs/catalog-answer-file';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256';

export interface TestServer {
  app: FastifyInstance;
  url: string;
  config: ServerConfig;
  /** The database target the server runs on, so a spawned process can share it. */
  target: DatabaseTarget & { env: Record<string, string> };
  close(): Promise<void>;
}

/** A fresh database for one test file; `drop` removes it afterwards. */
export async function freshDatabase(): Promise<{ target: DatabaseTarget; env: Record<string, string>; drop(): Promise<void> }> {
  if (process.env.TEST_DATABASE === 'postgres') {
    const base = process.env.DATABASE_URL;
    if (!base) throw new Error('TEST_DATABASE=postgres needs DATABASE_URL');
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const template = inject('postgresTemplate');
    await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${name}`;
    return {
      target: { databaseUrl: url.toString() },
      env: { DATABASE_URL: url.toString() },
      async drop() {
        const client = new pg.Client({ connectionString: base });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  return {
    target: { loadDataDir: new Blob([fs.readFileSync(TEMPLATE_FILE)]), imageAnswers: answersFileBeside(TEMPLATE_FILE) },
    env: {},
    async drop() {},
  };
}

/** Rate limits are off unless a test asks for them (`RATE_LIMIT: 'on'`, with `configure` to shorten them). */
export async function startTestServer(
  env: Record<string, string> = {},
  configure: (config: ServerConfig) => ServerConfig = (c) => c,
  /** Routes a test registers itself before the server listens (a plugin app.ts does not register yet, with test options). */
  beforeListen?: (app: FastifyInstance) => Promise<void>,
  /** Where the server's log goes (at env's LOG_LEVEL); none by default. */
  logStream?: NodeJS.WritableStream,
): Promise<TestServer> {
  const database = await freshDatabase();
  // Uploaded documents go to a folder of this server's own, removed when it closes.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-server-'));
  const config = configure(loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', DEMO_STAFF_PASSWORD: 'demo1234', RATE_LIMIT: 'off', DATA_DIR: dataDir, ...env }));
  const backend = openBackend(config, database.target);
  const app = await buildApp({ config, backend, logger: Boolean(logStream), logStream });
  checkAnswersAgainstDocument(app);
  await beforeListen?.(app);
  await backend;
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    config,
    target: { ...database.target, env: database.env },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** POST /oauth/token as the browser sends it: the password grant, plus `extra` (its stored refresh token, when it has one). */
export function tokenRequest(server: TestServer, extra: Record<string, unknown> = {}): Promise<Response> {
  const { publicClient } = server.config;
  return fetch(`${server.url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      grant_type: 'password',
      client_id: 2,
      client_secret: publicClient.clientSecret,
      username: publicClient.username,
      password: publicClient.password,
      scope: '',
      ...extra,
    }),
  });
}

/** The public token, as the browser gets it. */
export async function publicToken(server: TestServer): Promise<{ access_token: string; refresh_token: string; token_type: string; expires_in: number }> {
  const response = await tokenRequest(server);
  if (response.status !== 200) throw new Error(`public token: ${response.status}`);
  return response.json();
}

/** Signs in through the staff sign-in page; answers the Cookie header the browser would send. */
export async function staffCookies(server: TestServer, username = 'demo', password = 'demo1234'): Promise<string> {
  const response = await fetch(`${server.url}/staff/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password, next: '/' }).toString(),
  });
  if (response.status !== 303) throw new Error(`staff sign-in: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** The staff bearer token, as the browser gets it: GET /api/me with the staff sign-in cookie (the demo account's unless named). */
export async function staffToken(server: TestServer, username?: string, password?: string): Promise<string> {
  const me = await fetch(`${server.url}/api/me`, { headers: { cookie: await staffCookies(server, username, password) } });
  if (me.status !== 200) throw new Error(`staff token: ${me.status}`);
  return (await me.json()).data.token;
}

/** A JSON call to the API with the given Authorization header (none when null). */
export const callApi = (server: TestServer, method: string, path: string, body: unknown, authorization: string | null) =>
  fetch(`${server.url}/api${path}`, {
    method,
    headers: { ...(authorization ? { authorization } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** A test server and the Authorization headers of a public and a staff session on it. */
export async function startSignedInServer(beforeListen?: (app: FastifyInstance) => Promise<void>): Promise<{ server: TestServer; publicAuth: string; staffAuth: string }> {
  const server = await startTestServer({}, undefined, beforeListen);
  return { server, publicAuth: `Bearer ${(await publicToken(server)).access_token}`, staffAuth: `Bearer ${await staffToken(server)}` };
}

/** An empty database of its own on the engine of this run (migrations not run), for migration tests. */
export async function emptyDatabase(): Promise<{ db: Db; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE === 'postgres' ? process.env.DATABASE_URL : undefined;
  if (!base) return { db: await openDatabase({}), drop: async () => {} };
  const scratch = await scratchPostgres(base, 'test_empty');
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: scratch.url, max: 1 }) }) });
  return {
    db,
    async drop() {
      await db.destroy();
      await scratch.drop();
    },
  };
}
