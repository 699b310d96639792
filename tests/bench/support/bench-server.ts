// Starts the server as `npm start` does (`server/start.mjs`: the compiled build, rebuilt first when a
// source is newer; the allocator settings of the start script) on a fresh embedded data folder for a
// benchmark, and gets a public token.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface BenchServer {
  base: string;
  child: ChildProcess;
  /** The public applicant's Authorization header value. */
  publicAuthorization(): Promise<string>;
  stop(): Promise<void>;
}

/** A process's resident memory in MB; NaN once it has exited. */
export function rssMb(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
  } catch {
    return NaN;
  }
}

/** What a bench server runs, unless another entry is given: `npm start`'s, in the tree's folder. */
const START_ENTRY = ['server/start.mjs'];

/** The allocator settings `npm start` gives the server (package.json's start script): a bench's server runs as it would. */
function startEnvironment(tree: string): Record<string, string> {
  const start: string = JSON.parse(fs.readFileSync(path.join(tree, 'package.json'), 'utf8')).scripts?.start ?? '';
  return Object.fromEntries([...start.matchAll(/\b(MALLOC_\w+)=(\S+)/g)].map(([, name, value]) => [name, value]));
}

/**
 * Rate limits are off (the benchmarks hammer the server on purpose) unless `env` turns them on.
 * `tree` is the source tree whose server runs (another checkout, to compare in the same run).
 */
export async function startBenchServer(port: number, nodeArgs: string[] = [], env: Record<string, string> = {}, entry: string[] = START_ENTRY, tree = process.cwd()): Promise<BenchServer> {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
  const child = spawn(process.execPath, [...nodeArgs, ...entry], {
    cwd: tree,
    env: { ...startEnvironment(tree), ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_STAFF_PASSWORD: 'demo1234', RATE_LIMIT: 'off', ...env },
    // BENCH_SERVER_LOG=<file> keeps the server's log there ({port} in the name: a file per server).
    stdio: ['ignore', process.env.BENCH_SERVER_LOG ? fs.openSync(process.env.BENCH_SERVER_LOG.replace('{port}', String(port)), 'w') : 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.on('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 600) {
      await stop();
      throw new Error('server did not start within 60 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    base,
    child,
    stop,
    async publicAuthorization() {
      const response = await fetch(`${base}/api/oauth/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante' }),
      });
      return `Bearer ${(await response.json()).access_token}`;
    },
  };
}
