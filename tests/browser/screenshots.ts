// `npm run screenshots`: every route of tests/browser/support/routes.ts, public and staff, at 360 and
// 1280 px, full page, into test-results/screenshots/<route>-<width>.png, to be looked at. Starts the
// built product on a fresh database (SCREENSHOTS_PORT, 4180), or uses a running one (SCREENSHOTS_URL,
// with the demo staff account). Prints the routes that scroll sideways at a width.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { chromium, request as apiRequest, type Browser } from '@playwright/test';
import { createRecords, ROUTES, signInAsStaff, visit, type RouteVisit } from './support/routes';
import { CHROMIUM_LAUNCH, serverCommand, serverEnv } from './support/server';

const WIDTHS = [360, 1280] as const;
const OUT = 'test-results/screenshots';

async function startServer(): Promise<{ baseURL: string; server?: ChildProcess }> {
  if (process.env.SCREENSHOTS_URL) return { baseURL: process.env.SCREENSHOTS_URL };
  const port = Number(process.env.SCREENSHOTS_PORT ?? 4180);
  const server = spawn('sh', ['-c', serverCommand(port)], { env: { ...process.env, ...serverEnv(port) }, stdio: 'inherit', detached: true });
  const baseURL = `http://127.0.0.1:${port}`;
  const until = Date.now() + 180_000;
  for (;;) {
    const health = await fetch(`${baseURL}/api/health`).then((r) => (r.ok ? r.json() : null), () => null);
    if (health?.status === 'ok') return { baseURL, server };
    if (Date.now() > until) throw new Error(`the product did not start on ${baseURL}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function shoot(browser: Browser, baseURL: string, width: number, routes: readonly RouteVisit[], findings: string[]) {
  const api = await apiRequest.newContext({ baseURL });
  const context = await browser.newContext({ baseURL, locale: 'es-MX', viewport: { width, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(30_000);
  const records = await createRecords(page, api);
  let staff = false;
  for (const route of routes) {
    if (route.audience === 'staff' && !staff) {
      await signInAsStaff(page);
      staff = true;
    }
    try {
      await visit(page, route, records);
      await page.waitForTimeout(300);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, clientWidth: document.documentElement.clientWidth }));
      if (scrollWidth > clientWidth) findings.push(`${route.name} at ${width} px scrolls sideways (${scrollWidth} > ${clientWidth})`);
    } catch (error) {
      findings.push(`${route.name} at ${width} px did not reach its state: ${(error as Error).message.split('\n')[0]}`);
    }
    await page.screenshot({ path: `${OUT}/${route.name}-${width}.png`, fullPage: true });
    console.log(`${route.name}-${width}.png`);
  }
  await context.close();
  await api.dispose();
}

const { baseURL, server } = await startServer();
const browser = await chromium.launch(CHROMIUM_LAUNCH);
const findings: string[] = [];
try {
  fs.mkdirSync(OUT, { recursive: true });
  // Public routes first, then the staff ones (the last signs staff out), in one session a width.
  const ordered = [...ROUTES.filter((r) => r.audience === 'public'), ...ROUTES.filter((r) => r.audience === 'staff')];
  for (const width of WIDTHS) await shoot(browser, baseURL, width, ordered, findings);
} finally {
  await browser.close();
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
}
console.log(findings.length ? `\n${findings.join('\n')}` : '\nEvery route reached its state and fits its width.');
process.exitCode = findings.length ? 1 : 0;
