// Time to validate a complete PF model and a complete PM model (3 representatives, 3 shareholders,
// 3 suppliers) against the full schema of its wizard, as the server does on every write (staff
// context, every error, unknown keys stripped). Prints median and p99 over many runs.
// Run: npm run bench:validate  (target: median at most 2 ms each)
import { performance } from 'node:perf_hooks';
import { validateModel } from '../../forms/validate';
import { PF_WIZARD } from '../../forms/wizards/pf';
import { PM_WIZARD } from '../../forms/wizards/pm';
import { validPfModel, validPmModel } from '../unit/forms/fixtures';

const RUNS = Number(process.env.RUNS ?? 5000);
const WARMUP = 500;

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function measure(name: string, run: () => Promise<boolean>) {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    const valid = await run();
    times.push(performance.now() - start);
    if (!valid) throw new Error(`${name}: the complete model did not validate`);
  }
  times.sort((a, b) => a - b);
  const median = percentile(times, 50);
  const p99 = percentile(times, 99);
  console.log(`${name.padEnd(4)} median ${median.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms  (${RUNS} runs) ${median <= 2 ? 'ok' : 'OVER the 2 ms target'}`);
  return median;
}

const pf = validPfModel();
const pm = validPmModel();
const medians = [
  await measure('PF', async () => (await validateModel(PF_WIZARD.schema, pf, { staff: true })).valid),
  await measure('PM', async () => (await validateModel(PM_WIZARD.schema, pm, { staff: true })).valid),
];
process.exitCode = medians.every((m) => m <= 2) ? 0 : 1;
