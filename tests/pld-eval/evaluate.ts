// Precision and recall of the PLD matcher on the hand-written name pairs of pairs.txt and the
// pairs generate.ts drew from the lists. The pairs are split once, by a digest of the pair, into a tuning subset (30%) and the
// held-out subset (70%); the threshold (DEFAULT_THRESHOLD in server/pld/pld-index.ts) is chosen
// on the tuning subset only (--tune), and the figures that count are the held-out ones.
//   npm run pld:eval              held-out precision and recall, per kind, at the configured threshold
//   npm run pld:eval -- --tune    precision and recall per threshold on the tuning subset
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { DEFAULT_THRESHOLD, type PldIndex } from '../../server/pld/pld-index';
import { indexRows, readListEntries } from '../../server/pld/pld-files-index';
import { buildPldIndex } from '../../server/pld/pld-index';
import { normaliseName } from '../../server/pld/pld-normalise';

export interface Pair {
  same: boolean;
  kind: string;
  query: string;
  listed: string;
  subset: 'tuning' | 'held-out';
}

const PAIR_FILES = [new URL('./pairs.txt', import.meta.url), new URL('./generated-pairs.txt', import.meta.url)];

export function readPairs(files = PAIR_FILES): Pair[] {
  return files.flatMap((file) => readPairFile(file));
}

function readPairFile(file: URL): Pair[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [label, kind, query, listed] = line.split('|').map((cell) => cell.trim());
      if (!['+', '-'].includes(label) || !query || !listed) throw new Error(`pairs.txt: malformed line: ${line}`);
      // The split is by a digest of the whole pair, drawn independently of its kind and order.
      const digest = createHash('sha256').update(`${query}|${listed}`).digest()[0];
      return { same: label === '+', kind, query, listed, subset: digest % 10 < 3 ? 'tuning' : 'held-out' };
    });
}

/** The score the engine gives the pair: its best match among the listed entries that carry the listed name (any entry for '*'). */
export function pairScore(index: PldIndex, targets: Map<string, Set<string>>, pair: Pair): number {
  const matches = index.search({ name: pair.query }, { threshold: 0.5, limit: 1000 });
  if (pair.listed === '*') return matches.reduce((best, match) => Math.max(best, match.score), 0);
  const ids = targets.get(normaliseName(pair.listed));
  if (!ids) throw new Error(`pairs.txt: '${pair.listed}' is not a listed name`);
  return matches.filter((match) => ids.has(match.id)).reduce((best, match) => Math.max(best, match.score), 0);
}

function figures(scored: Array<{ pair: Pair; score: number }>, threshold: number) {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  let tn = 0;
  for (const { pair, score } of scored) {
    const predicted = score >= threshold;
    if (pair.same && predicted) tp++;
    else if (pair.same) fn++;
    else if (predicted) fp++;
    else tn++;
  }
  return { tp, fp, fn, tn, precision: tp / Math.max(1, tp + fp), recall: tp / Math.max(1, tp + fn) };
}

const pct = (value: number) => value.toFixed(3);

async function main() {
  const tune = process.argv.includes('--tune');
  const listEntries = await readListEntries();
  const { entries, names } = indexRows(listEntries);
  const index = await buildPldIndex(entries, names);
  const targets = new Map<string, Set<string>>();
  for (const entry of listEntries) {
    for (const name of [entry.nombre, ...entry.aliases]) {
      const key = normaliseName(name);
      if (!targets.has(key)) targets.set(key, new Set());
      targets.get(key)!.add(`${entry.lista}:${entry.source_id}`);
    }
  }
  const pairs = readPairs();
  const scored = pairs.map((pair) => ({ pair, score: pairScore(index, targets, pair) }));
  const tuning = scored.filter((s) => s.pair.subset === 'tuning');
  const heldOut = scored.filter((s) => s.pair.subset === 'held-out');
  const count = (list: typeof scored) => `${list.length} pairs (${list.filter((s) => s.pair.same).length} same, ${list.filter((s) => !s.pair.same).length} different)`;
  console.log(`pairs: ${count(scored)}; tuning subset ${count(tuning)}; held-out ${count(heldOut)}`);

  if (tune) {
    console.log('tuning subset, per threshold:');
    // The best (recall, then precision); among thresholds that tie, the middle one, farthest from both edges.
    const rows: Array<{ t: number } & ReturnType<typeof figures>> = [];
    for (let step = 60; step <= 99; step++) rows.push({ t: step / 100, ...figures(tuning, step / 100) });
    for (const r of rows) console.log(`  ${r.t.toFixed(2)}  precision ${pct(r.precision)}  recall ${pct(r.recall)}  (tp ${r.tp}, fp ${r.fp}, fn ${r.fn})`);
    const key = (r: (typeof rows)[number]) => r.recall * 1000 + r.precision;
    const best = Math.max(...rows.map(key));
    const tied = rows.filter((r) => key(r) === best);
    const chosen = tied[Math.floor((tied.length - 1) / 2)];
    console.log(`best recall, then precision, on the tuning subset: thresholds ${tied[0].t}–${tied[tied.length - 1].t}; middle ${chosen.t} (configured: ${DEFAULT_THRESHOLD})`);
    return;
  }

  const f = figures(heldOut, DEFAULT_THRESHOLD);
  const t = figures(tuning, DEFAULT_THRESHOLD);
  console.log(`threshold ${DEFAULT_THRESHOLD} (chosen on the tuning subset)`);
  console.log(`  tuning:   precision ${pct(t.precision)}  recall ${pct(t.recall)}  (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`);
  // Per kind: recall for kinds of true variants, the share rejected for kinds of look-alikes
  // (their precision is 0/0), and the share decided right, which the 0.97 floor applies to.
  console.log('held-out by kind:');
  console.log(`  ${'kind'.padEnd(28)} ${'pairs'.padStart(5)}  ${'recall'.padStart(6)}  ${'precision'.padStart(9)}  ${'right'.padStart(6)}`);
  const kinds = [...new Set(pairs.map((pair) => pair.kind))];
  let worst = 1;
  for (const kind of kinds) {
    const list = heldOut.filter((s) => s.pair.kind === kind);
    if (list.length === 0) continue;
    const k = figures(list, DEFAULT_THRESHOLD);
    const right = (k.tp + k.tn) / list.length;
    worst = Math.min(worst, right);
    const recall = k.tp + k.fn ? pct(k.recall) : '-';
    // A kind of look-alikes only has no precision of its own: its false alarms count in the overall one.
    const precision = k.tp + k.fn && k.tp + k.fp ? pct(k.precision) : '-';
    console.log(`  ${kind.padEnd(28)} ${String(list.length).padStart(5)}  ${recall.padStart(6)}  ${precision.padStart(9)}  ${pct(right).padStart(6)}`);
  }
  console.log(`  ${'overall'.padEnd(28)} ${String(heldOut.length).padStart(5)}  ${pct(f.recall).padStart(6)}  ${pct(f.precision).padStart(9)}  ${pct((f.tp + f.tn) / heldOut.length).padStart(6)}`);
  console.log(`  (tp ${f.tp}, fp ${f.fp}, fn ${f.fn}, tn ${f.tn})`);
  const wrong = heldOut.filter((s) => (s.score >= DEFAULT_THRESHOLD) !== s.pair.same);
  if (wrong.length) {
    console.log('held-out pairs decided wrong:');
    for (const { pair, score } of wrong) console.log(`  ${pair.same ? 'missed' : 'false alarm'}  [${pair.kind}]  ${pair.query}  ~  ${pair.listed}  (score ${score.toFixed(2)})`);
  }
  const targetsMet = f.recall >= 0.99 && f.precision >= 0.99 && worst >= 0.97;
  console.log(`targets on the held-out subset (recall ≥ 0.99, precision ≥ 0.99, every kind ≥ 0.97 right): ${targetsMet ? 'met' : 'NOT met'}`);
  process.exitCode = targetsMet ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
