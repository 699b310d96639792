// What clients get when an instance is stopped under a burst: 60 saves sent at once on 60 new
// connections, SIGTERM 15 ms later; with SHUTDOWN_DRAIN_MS 0 (the default) and 2000. Prints how
// many saves were answered (and so stored), refused or reset, and the exit code.
// Run: npm run bench:shutdown
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { freePort, publicAuthorization } from '../api/support/server-process';
import { TEST_JWT_SECRET } from '../api/support/test-server';

const BURST = 60;

async function burst(drainMs: number) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-shutdown-'));
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', RATE_LIMIT: 'off', JWT_SECRET: TEST_JWT_SECRET, SHUTDOWN_DRAIN_MS: String(drainMs) };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['server/start.mjs'], { env, stdio: 'ignore' });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    const ready = await fetch(`${base}/api/health`).then((r) => r.ok, () => false);
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const authorization = await publicAuthorization(base);
  const body = JSON.stringify({ data: beforeSubmit(validPfModel() as never), meta: { last_index: 1 } });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const started = performance.now();
  const calls = Array.from({ length: BURST }, () =>
    fetch(`${base}/api/wizardpf`, { method: 'POST', headers: { authorization, 'content-type': 'application/json', connection: 'close' }, body }).then(
      (response) => String(response.status),
      (error) => `reset (${(error as { cause?: { code?: string } }).cause?.code ?? 'no answer'})`,
    ),
  );
  setTimeout(() => child.kill('SIGTERM'), 15);
  const outcomes: Record<string, number> = {};
  for (const outcome of await Promise.all(calls)) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  const code = await exited;
  fs.rmSync(dir, { recursive: true, force: true });
  return { outcomes, code, seconds: (performance.now() - started) / 1000 };
}

console.log(`${BURST} saves at once, SIGTERM 15 ms later (PGlite, compiled server); load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} CPUs`);
for (const drainMs of [0, 2000]) {
  const { outcomes, code, seconds } = await burst(drainMs);
  console.log(`  SHUTDOWN_DRAIN_MS=${drainMs}: ${JSON.stringify(outcomes)}, exit ${code} after ${seconds.toFixed(1)} s`);
}
