// Forward from one tab to the next in the browser on loopback: the click on 'Siguiente' until
// the next tab is the current step (validate + save + render). A record filled through the API
// is opened, then the person goes back to 'Activos y pasivos' and forward again, N times.
// Baseline in the same run: going back one tab (validate only, no save).
// Run: npm run bench:wizard-step   (target: median at most 150 ms)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';

const STEPS = Number(process.env.STEPS ?? 30);
const PORT = 46_510;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-step-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

try {
  for (let i = 0; !(await fetch(`${base}/api/health`).then((r) => r.ok, () => false)); i++) {
    if (i > 600) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = await (
    await fetch(`${base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grant_type: 'password', client_id: 2, client_secret: 'solicitud-online', username: 'solicitante', password: 'solicitante' }),
    })
  ).json();
  const [uuid] = await (
    await fetch(`${base}/api/wizardpf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ data: beforeSubmit(validPfModel() as never), meta: { last_index: 4 } }),
    })
  ).json();

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await browser.newPage();
  await page.goto(`${base}/pf/${uuid}`);
  const current = (name: RegExp) => page.locator('[aria-current="step"]', { hasText: name });
  await current(/Referencias personales/).waitFor();

  const forward: number[] = [];
  const backward: number[] = [];
  for (let i = 0; i < STEPS; i++) {
    let started = performance.now();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await current(/Activos y pasivos/).waitFor();
    backward.push(performance.now() - started);
    started = performance.now();
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await current(/Referencias personales/).waitFor();
    forward.push(performance.now() - started);
  }
  await browser.close();
  console.log(`wizard step in Chromium on loopback, ${STEPS} times (target: forward median ≤ 150 ms)`);
  console.log(`  back one tab (validate only):          median ${median(backward).toFixed(0)} ms, p95 ${p95(backward).toFixed(0)} ms`);
  console.log(`  forward one tab (validate, save, show): median ${median(forward).toFixed(0)} ms, p95 ${p95(forward).toFixed(0)} ms`);
  console.log(`target: ${median(forward) <= 150 ? 'met' : 'NOT met'}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.on('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
