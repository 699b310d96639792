// The product as `npm start` runs it, started as a process of its own so a test can kill it, start
// it again on the same database, or put something between it and PostgreSQL.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { loadConfig } from '../../../server/config';
import { TEST_JWT_SECRET } from './test-server';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed so far, both streams. */
  output(): string;
  /** SIGKILL: no shutdown, no flush; resolves once the process is gone. */
  kill(): Promise<void>;
  /** SIGTERM and the graceful shutdown; resolves with the exit code. */
  stop(): Promise<number | null>;
}

/** A port free now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `probe` until it answers something, or fails after `timeoutMs`. */
export async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what = 'a condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Starts `server/start.mjs` (the compiled server, rebuilt first when a source is newer) with `env`
 * on a free port, and waits until GET /api/health answers 200 (the database opened and migrated).
 * PGlite runs in env.DATA_DIR, PostgreSQL on env.DATABASE_URL.
 */
export async function startServerProcess(env: Record<string, string>, readyWithinMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    JWT_SECRET: TEST_JWT_SECRET,
    DEMO_STAFF_PASSWORD: 'demo1234',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    ...env,
    PORT: String(port),
    HOST: '127.0.0.1',
  };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  let printed = '';
  const child = spawn(process.execPath, ['server/start.mjs'], { env: childEnv });
  child.stdout!.on('data', (chunk) => (printed += chunk));
  child.stderr!.on('data', (chunk) => (printed += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    url,
    child,
    output: () => printed,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
  try {
    await Promise.race([
      until(async () => ((await fetch(`${url}/api/health`)).status === 200 ? true : undefined), readyWithinMs, 'the server to be ready'),
      exited.then((code) => Promise.reject(new Error(`the server exited (${code}) before it was ready:\n${printed}`))),
    ]);
  } catch (error) {
    await server.kill();
    throw error;
  }
  return server;
}

/** The public session's Authorization header, as the browser gets it (the public client of the server's configuration). */
export async function publicAuthorization(url: string): Promise<string> {
  const { clientSecret, username, password } = loadConfig({ ...process.env, JWT_SECRET: TEST_JWT_SECRET }).publicClient;
  const response = await fetch(`${url}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: clientSecret, username, password, scope: '' }),
  });
  if (response.status !== 200) throw new Error(`public token: ${response.status} ${await response.text()}`);
  return `Bearer ${(await response.json()).access_token}`;
}
