// Forward from one tab to the next in the browser on loopback: the click on 'Siguiente' until
// the next tab is the current step (validate + save + render). A record filled through the API
// is opened, then the person goes back to 'Activos y pasivos' and forward again, N times.
// Baseline in the same run: going back one tab (validate only, no save).
// Run: npm run bench:wizard-step   (target: median at most 150 ms)
import { chromium } from '@playwright/test';
import { beforeSubmit } from '../../forms/before-submit';
import { validPfModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { freePort } from '../api/support/server-process';

const STEPS = Number(process.env.STEPS ?? 30);
const server = await startBenchServer(await freePort());
const base = server.base;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)];

try {
  const [uuid] = await (
    await fetch(`${base}/api/wizardpf`, {
      method: 'POST',
      headers: { authorization: await server.publicAuthorization(), 'content-type': 'application/json' },
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
  await server.stop();
}
