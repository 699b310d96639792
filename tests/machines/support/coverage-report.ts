// Collects each machine's transition coverage into tests/.cache/machine-coverage.json so
// `npm run coverage:machines` can print one line per machine.
import fs from 'node:fs';
import path from 'node:path';

const FILE = path.resolve('tests/.cache/machine-coverage.json');

export function recordCoverage(machine: string, defined: Set<string>, exercised: Set<string>) {
  fs.mkdirSync(path.dirname(FILE), { recursive: true });
  const all = fs.existsSync(FILE) ? JSON.parse(fs.readFileSync(FILE, 'utf8')) : {};
  all[machine] = { defined: [...defined], exercised: [...defined].filter((k) => exercised.has(k)) };
  fs.writeFileSync(FILE, JSON.stringify(all, null, 2));
}
