// Prints, per machine, transitions exercised by the tests / transitions defined.
// Run through `npm run coverage:machines`, which runs the machine tests first.
import fs from 'node:fs';

const file = 'tests/.cache/machine-coverage.json';
if (!fs.existsSync(file)) {
  console.error('No coverage recorded: run the machine tests first.');
  process.exit(1);
}
const all = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, { defined: string[]; exercised: string[] }>;
let complete = true;
for (const [machine, { defined, exercised }] of Object.entries(all)) {
  console.log(`${machine}: ${exercised.length}/${defined.length} transitions exercised`);
  for (const key of defined.filter((k) => !exercised.includes(k))) console.log(`  missing ${key}`);
  complete &&= exercised.length === defined.length;
}
process.exit(complete ? 0 : 1);
