// Start time: from the README's start command (`npm start`) on an installed, built tree to the
// first successful answer of `/`, with an existing and with a fresh data folder. The baseline,
// measured in the same run, is a bare Node HTTP server started the same way.
// Run: npm run bench:start  (target: at most 3 s)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.env.RUNS ?? 5);

async function timeToFirstAnswer(command: string, args: string[], env: NodeJS.ProcessEnv, port: number): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore', detached: true });
  try {
    for (;;) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/`);
        if (response.ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 30_000) throw new Error(`${command} did not answer within 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

if (!fs.existsSync('dist/index.html')) throw new Error('Build first: npm run build');
const baseline: number[] = [];
const existing: number[] = [];
const fresh: number[] = [];
const existingDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
const bare = "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT,process.env.HOST)";

// Prepare the existing data folder once.
await timeToFirstAnswer('npm', ['start'], { DATA_DIR: existingDir, LOG_LEVEL: 'warn' }, 45_000);
await new Promise((resolve) => setTimeout(resolve, 6000));

for (let i = 0; i < RUNS; i++) {
  baseline.push(await timeToFirstAnswer(process.execPath, ['-e', bare], {}, 45_001));
  existing.push(await timeToFirstAnswer('npm', ['start'], { DATA_DIR: existingDir, LOG_LEVEL: 'warn' }, 45_002));
  const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-'));
  fresh.push(await timeToFirstAnswer('npm', ['start'], { DATA_DIR: freshDir, LOG_LEVEL: 'warn' }, 45_003));
  fs.rmSync(freshDir, { recursive: true, force: true });
}
fs.rmSync(existingDir, { recursive: true, force: true });

console.log(`start to first answer of / (median of ${RUNS}; target ≤ 3 s)`);
console.log(`  baseline, bare node http server: ${fmt(median(baseline))}`);
console.log(`  npm start, existing data folder: ${fmt(median(existing))}  (max ${fmt(Math.max(...existing))})`);
console.log(`  npm start, fresh data folder:    ${fmt(median(fresh))}  (max ${fmt(Math.max(...fresh))})`);
