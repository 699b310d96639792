// Prints, per machine, the transitions the tests took / the transitions the machine defines
// (machines/lab/transitions.ts reads them from the definition), with every transition never taken by
// name, and how much each test file took. Exits 1 when a machine is below 100%.
// `npm run coverage:machines` clears the record (and the recorded test paths), runs the machine tests, then this.
import fs from 'node:fs';
import path from 'node:path';
import { COVERAGE_DIR, type CoverageFile } from './support/coverage-report';
import { PATHS_DIR } from './support/test-paths-record';
import { MACHINES } from '../../machines/lab/registry';
import { definedTransitions } from '../../machines/lab/transitions';

if (process.argv.includes('--reset')) {
  for (const dir of [COVERAGE_DIR, PATHS_DIR]) fs.rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

const files = fs.existsSync(COVERAGE_DIR)
  ? fs
      .readdirSync(COVERAGE_DIR)
      .filter((name) => name.endsWith('.json'))
      .map((name) => JSON.parse(fs.readFileSync(path.join(COVERAGE_DIR, name), 'utf8')) as { label: string; taken: CoverageFile })
      .sort((a, b) => a.label.localeCompare(b.label))
  : [];
if (files.length === 0) {
  console.error('No coverage recorded: run the machine tests first (npm run coverage:machines).');
  process.exit(1);
}

let complete = true;
// Every machine of machines/ (machines/lab/registry.ts; machine-registry.test.ts keeps the list whole).
for (const { name, machine } of MACHINES) {
  const defined = definedTransitions(machine);
  const known = new Set(defined);
  const taken = new Set<string>();
  const perFile: string[] = [];
  for (const { label, taken: byMachine } of files) {
    const names = byMachine[machine.id] ?? [];
    if (names.length === 0) continue;
    for (const transition of names) {
      // A name the definition does not hold means the walker and the recorder disagree.
      if (!known.has(transition)) throw new Error(`${label} took '${transition}', which ${name} does not define`);
      taken.add(transition);
    }
    perFile.push(`  ${label}: ${names.length}/${defined.length}`);
  }
  const missing = defined.filter((transition) => !taken.has(transition));
  const percent = ((100 * taken.size) / defined.length).toFixed(1).replace(/\.0$/, '');
  console.log(`${name}: ${taken.size}/${defined.length} transitions exercised (${percent}%)`);
  if (perFile.length > 1) console.log(perFile.join('\n'));
  for (const transition of missing) console.log(`  missing ${transition}`);
  complete &&= missing.length === 0;
}
process.exit(complete ? 0 : 1);
