// The coverage report (print-coverage.ts) counts the machines of machines/lab/registry.ts: every file
// of machines/ that defines a machine must be there, each machine it exports by identity.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateMachine } from 'xstate';
import { MACHINES } from '../../machines/lab/registry';

const DIR = path.resolve('machines');
const files = fs
  .readdirSync(DIR)
  .filter((name) => name.endsWith('.ts'))
  .map((name) => `machines/${name}`)
  .sort();

describe('machine registry', () => {
  it('lists only files of machines/', () => {
    for (const { file } of MACHINES) expect(files).toContain(file);
  });

  it.each(files)('%s: every machine it defines is in the coverage report', async (file) => {
    const source = fs.readFileSync(file, 'utf8');
    const module: Record<string, unknown> = await import(/* @vite-ignore */ path.resolve(file));
    const exported = Object.entries(module).filter(([, value]) => value instanceof StateMachine);
    const registered = MACHINES.filter((entry) => entry.file === file);
    // A file that builds a machine (directly or through a factory) is registered...
    if (/\.createMachine\(/.test(source) || exported.length > 0) expect(registered.map((e) => e.name), `${file} is not in machines/lab/registry.ts`).not.toEqual([]);
    else expect(registered).toEqual([]);
    // ...and each machine it exports is the one the report counts.
    for (const [name, machine] of exported) {
      expect(registered.some((entry) => entry.machine === machine), `${file} exports ${name}, which machines/lab/registry.ts does not list`).toBe(true);
    }
  });
});
