// JavaScript the browser downloads before `/` is interactive: loads `/` in Chromium from the
// built server, waits for the start buttons, and adds up the bytes of the scripts it fetched
// as sent on the wire (the server sends precompressed assets). Reports gzip too.
// Run: npm run bench:home-weight  (target, issue 21: at most 190 KB gzipped)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { freePort } from '../api/support/server-process';

const PORT = await freePort();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-weight-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/health`).then((r) => r.ok, () => false);
    if (ok) break;
    if (i > 300) throw new Error('server did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const page = await browser.newPage();
  const scripts: string[] = [];
  const encodings = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    scripts.push(new URL(response.url()).pathname);
    encodings.add(response.headers()['content-encoding'] ?? 'identity');
  });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await page.getByRole('link', { name: 'Iniciar solicitud de Persona Moral' }).waitFor();
  await browser.close();

  const sizes = scripts.map((pathname) => {
    const file = path.join(process.env.DIST_DIR ?? 'dist', pathname);
    const raw = fs.readFileSync(file);
    return { pathname, raw: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length, brotli: fs.existsSync(`${file}.br`) ? fs.statSync(`${file}.br`).size : NaN };
  });
  const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
  console.log('JavaScript loaded before / is interactive (target: ≤ 190 KB gzip, issue 21)');
  for (const s of sizes) console.log(`  ${s.pathname}: ${kb(s.raw)} raw, ${kb(s.gzip)} gzip, ${kb(s.brotli)} brotli`);
  const total = (key: 'raw' | 'gzip' | 'brotli') => sizes.reduce((sum, s) => sum + s[key], 0);
  console.log(`  total: ${kb(total('raw'))} raw, ${kb(total('gzip'))} gzip, ${kb(total('brotli'))} brotli; sent as ${[...encodings].join(', ')}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
