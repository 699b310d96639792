// The print of a PM with 5 guarantors (spec 02 §2), on loopback:
//  - the print view: from opening /printPM/{uuid} to its call of window.print, which the spec
//    delays 1 s after the packet is laid out (target: at most 1.5 s in all);
//  - the PDF of the same packet: GET …/pdf answered (target: at most 1.5 s, at most 1.5 MB).
// Baselines in the same run: opening the print view without a uuid until its 'Cliente no
// encontrado' shows (the app's start alone), and GET /api/health.
// Run: npm run bench:print   (ROUNDS=5 to change the number of openings and downloads)
import { chromium } from '@playwright/test';
import { beforeSubmit } from '../../forms/before-submit';
import { validAvalPfModel, validAvalPmModel, validPmModel } from '../unit/forms/fixtures';
import { startBenchServer } from './support/bench-server';
import { freePort } from '../api/support/server-process';

const ROUNDS = Number(process.env.ROUNDS ?? 5);
const server = await startBenchServer(await freePort());
const base = server.base;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;

try {
  const headers = { authorization: await server.publicAuthorization(), 'content-type': 'application/json' };
  const post = async (code: string, model: object, meta: object) =>
    ((await (await fetch(`${base}/api/${code}`, { method: 'POST', headers, body: JSON.stringify({ data: beforeSubmit(model as never), meta }) })).json()) as [string])[0];
  const pm = await post('wizardpm', validPmModel(), { last_index: 4 });
  for (let i = 0; i < 5; i++) {
    const aval = i % 2 === 0 ? validAvalPfModel() : validAvalPmModel();
    await post(i % 2 === 0 ? 'wizardpf' : 'wizardpm', { ...aval, nombre: `AVAL ${i + 1}` }, { last_index: 4, parent_uuid: pm, complete: true });
  }

  // The PDF.
  const health: number[] = [];
  const pdf: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ROUNDS + 1; i++) {
    let started = performance.now();
    await (await fetch(`${base}/api/health`)).text();
    const healthMs = performance.now() - started;
    started = performance.now();
    const response = await fetch(`${base}/api/wizardpm/print/cliente/${pm}/pdf`, { headers });
    if (response.status !== 200) throw new Error(`PDF: ${response.status} ${await response.text()}`);
    bytes = (await response.arrayBuffer()).byteLength;
    // The first download loads the PDF code and fonts: reported apart.
    if (i === 0) console.log(`first PDF (loads the PDF code and fonts)   ${ms(performance.now() - started)}`);
    else {
      pdf.push(performance.now() - started);
      health.push(healthMs);
    }
  }
  console.log(`baseline: GET /api/health                  median ${ms(median(health))}`);
  console.log(`GET /api/wizardpm/print/cliente/{uuid}/pdf  median ${ms(median(pdf))}  max ${ms(Math.max(...pdf))}  size ${(bytes / 1024 / 1024).toFixed(2)} MB`);

  // The print view, in Chromium.
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const context = await browser.newContext();
  await context.addInitScript(() => {
    window.print = () => void ((window as unknown as { printedAt: number }).printedAt = performance.now());
  });
  const page = await context.newPage();
  await page.goto(`${base}/`); // the session's token, as a returning applicant has it
  await page.waitForFunction(() => localStorage.getItem('access_token') !== null);
  const toPrint: number[] = [];
  const toNotFound: number[] = [];
  for (let i = 0; i < ROUNDS + 1; i++) {
    await page.goto(`${base}/printPM`);
    await page.getByRole('dialog', { name: 'Cliente no encontrado' }).waitFor();
    const notFoundAt = await page.evaluate(() => performance.now());
    await page.goto(`${base}/printPM/${pm}`);
    await page.waitForFunction(() => (window as unknown as { printedAt?: number }).printedAt !== undefined, undefined, { timeout: 20_000 });
    // performance.now() counts from the navigation's start: the opening of the address.
    const printedAt = await page.evaluate(() => (window as unknown as { printedAt: number }).printedAt);
    if (i > 0) {
      toPrint.push(printedAt);
      toNotFound.push(notFoundAt);
    }
  }
  await browser.close();
  console.log(`baseline: /printPM without uuid to 'Cliente no encontrado'  median ${ms(median(toNotFound))}`);
  console.log(`/printPM/{uuid} (5 guarantors, ${ROUNDS} openings) to window.print  median ${ms(median(toPrint))}  max ${ms(Math.max(...toPrint))}  (1,000 ms of it the spec's delay)`);

  const met = median(toPrint) <= 1500 && median(pdf) <= 1500 && bytes <= 1.5 * 1024 * 1024;
  console.log(`target (print call ≤ 1.5 s, PDF ≤ 1.5 s and ≤ 1.5 MB): ${met ? 'met' : 'NOT met'}`);
} finally {
  await server.stop();
}
