// Start time: from the README's start command (`npm start`) on an installed, built tree to the
// first successful answer of `/` and to the API's readiness (`/api/health` 200: the database
// opened, migrated and loaded), with an existing and with a fresh data folder. The baseline,
// measured in the same run, is a bare Node HTTP server started the same way. COMPARE_DIR=<tree>
// also measures another installed, built checkout (say, the previous commit), alternating with
// this one, so the two are compared on the same machine at the same moment.
// Then (RSS_RUNS, default 2, 0 to skip) each tree's server RSS, idle IDLE_SECONDS (20) after the API is ready,
// on the existing folder and on a fresh one: the resident memory of the node process `npm start` runs.
// Run: npm run bench:start  (targets: `/` ≤ 0.5 s; API ≤ 1.5 s existing, ≤ 2.5 s fresh; RSS idle ≤ 450 MB)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rssMb } from './support/bench-server';
import { freePort } from '../api/support/server-process';

const RUNS = Number(process.env.RUNS ?? 5);
const RSS_RUNS = Number(process.env.RSS_RUNS ?? 2);
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 20);

interface Times {
  home: number;
  api: number;
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false; // not listening yet
  }
}

/** The resident memory, in MB, of the server process (the node running server/start.mjs) in process group `group`. */
function serverRssMb(group: number): number {
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      // Fields after the command's closing parenthesis: state, ppid, pgrp, …
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== group) continue;
      // npm's shell has the same words in its command: the server is the node whose first argument is start.mjs.
      const [program, script] = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      if (path.basename(program) !== 'node' || script !== 'server/start.mjs') continue;
      return rssMb(Number(pid));
    } catch {
      // a process that ended meanwhile
    }
  }
  throw new Error(`no server process in group ${group}`);
}

/**
 * Starts `command` and measures its first answer of `/`, then of `/api/health` (when `api`); with
 * `idleRss`, also the server's RSS that many seconds after the API answered.
 */
async function timeToAnswers(command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, port: number, api = true, idleRss = 0): Promise<Times & { rss?: number }> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: 'ignore', detached: true });
  const poll = async (url: string) => {
    for (;;) {
      if (await answers(url)) return performance.now() - started;
      if (performance.now() - started > 60_000) throw new Error(`${command} in ${cwd} did not answer ${url} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  try {
    const home = await poll(`http://127.0.0.1:${port}/`);
    const times = { home, api: api ? await poll(`http://127.0.0.1:${port}/api/health`) : home };
    if (!idleRss) return times;
    await new Promise((resolve) => setTimeout(resolve, idleRss * 1000));
    return { ...times, rss: serverRssMb(child.pid!) };
  } finally {
    process.kill(-child.pid!, 'SIGTERM');
    await new Promise((resolve) => child.on('exit', resolve));
    // npm may exit before the server it started has closed its database: wait for the whole group.
    for (;;) {
      try {
        process.kill(-child.pid!, 0);
      } catch {
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const trees = [{ name: 'this tree', dir: process.cwd() }];
if (process.env.COMPARE_DIR) trees.push({ name: `compared (${process.env.COMPARE_DIR})`, dir: path.resolve(process.env.COMPARE_DIR) });
for (const tree of trees) if (!fs.existsSync(path.join(tree.dir, 'dist/index.html'))) throw new Error(`Build first: npm run build (in ${tree.dir})`);

const bare = "require('http').createServer((q,s)=>s.end('ok')).listen(process.env.PORT,process.env.HOST)";
const baseline: number[] = [];
const measured = trees.map((tree) => ({ ...tree, existingDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-')), existing: [] as Times[], fresh: [] as Times[] }));

/** `npm start` in `tree` on `dataDir`: its times, and with `idleRss` its RSS that many seconds after ready. */
const npmStart = (tree: { dir: string }, dataDir: string, port: number, idleRss = 0) =>
  timeToAnswers('npm', ['start'], tree.dir, { DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, port, true, idleRss);

/** The same on a new, empty data folder, removed afterwards. */
async function freshStart(tree: { dir: string }, port: number, idleRss = 0) {
  const freshDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fresh-'));
  try {
    return await npmStart(tree, freshDir, port, idleRss);
  } finally {
    fs.rmSync(freshDir, { recursive: true, force: true });
  }
}

// Prepare each existing data folder once.
for (const tree of measured) await npmStart(tree, tree.existingDir, await freePort());

for (let i = 0; i < RUNS; i++) {
  baseline.push((await timeToAnswers(process.execPath, ['-e', bare], process.cwd(), {}, await freePort(), false)).home);
  for (const tree of measured) {
    tree.existing.push(await npmStart(tree, tree.existingDir, await freePort()));
    tree.fresh.push(await freshStart(tree, await freePort()));
  }
}
const rss = measured.map(() => ({ existing: [] as number[], fresh: [] as number[] }));
for (let i = 0; i < RSS_RUNS; i++) {
  for (const [t, tree] of measured.entries()) {
    rss[t].existing.push((await npmStart(tree, tree.existingDir, await freePort(), IDLE_SECONDS)).rss!);
    rss[t].fresh.push((await freshStart(tree, await freePort(), IDLE_SECONDS)).rss!);
  }
}
for (const tree of measured) fs.rmSync(tree.existingDir, { recursive: true, force: true });

const line = (label: string, values: number[]) => `${label}${fmt(median(values))}  (max ${fmt(Math.max(...values))})`;
console.log(`npm start to the first answer (median of ${RUNS}; targets: / ≤ 0.5 s, API ≤ 1.5 s existing, ≤ 2.5 s fresh)`);
console.log(`  baseline, bare node http server:     ${fmt(median(baseline))}`);
for (const tree of measured) {
  console.log(`  ${tree.name}`);
  console.log(line('    /, existing data folder:           ', tree.existing.map((t) => t.home)));
  console.log(line('    /, fresh data folder:              ', tree.fresh.map((t) => t.home)));
  console.log(line('    API ready, existing data folder:   ', tree.existing.map((t) => t.api)));
  console.log(line('    API ready, fresh data folder:      ', tree.fresh.map((t) => t.api)));
}
if (RSS_RUNS > 0) {
  const mb = (values: number[]) => `${Math.round(median(values))} MB  (${values.map((v) => Math.round(v)).join(', ')})`;
  console.log(`server RSS ${IDLE_SECONDS} s after the API is ready (median of ${RSS_RUNS}; target ≤ 450 MB)`);
  for (const [t, tree] of measured.entries()) {
    console.log(`  ${tree.name}`);
    console.log(`    existing data folder:              ${mb(rss[t].existing)}`);
    console.log(`    fresh data folder:                 ${mb(rss[t].fresh)}`);
  }
}
