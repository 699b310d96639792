// Precision and recall of the PLD matcher on the hand-written name pairs of pairs.txt.
// The pairs are split once, by a digest of the query, into a tuning subset (30%) and the
// held-out subset (70%); the threshold (DEFAULT_THRESHOLD in server/pld/pld-index.ts) is chosen
// on the tuning subset only (--tune), and the figures that count are the held-out ones.
//   npm run pld:eval              held-out precision and recall at the configured threshold
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

export function readPairs(file = new URL('./pairs.txt', import.meta.url)): Pair[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => {
      const [label, kind, query, listed] = line.split('|').map((cell) => cell.trim());
      if (!['+', '-'].includes(label) || !query || !listed) throw new Error(`pairs.txt: malformed line: ${line}`);
      const digest = createHash('sha256').update(query).digest()[0];
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
  const index = buildPldIndex(entries, names);
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
  console.log(`  held-out: precision ${pct(f.precision)}  recall ${pct(f.recall)}  (tp ${f.tp}, fp ${f.fp}, fn ${f.fn}, tn ${f.tn})`);
  console.log(`  tuning:   precision ${pct(t.precision)}  recall ${pct(t.recall)}  (tp ${t.tp}, fp ${t.fp}, fn ${t.fn}, tn ${t.tn})`);
  const kinds = [...new Set(pairs.map((pair) => pair.kind))];
  console.log('held-out by kind (share decided right):');
  for (const kind of kinds) {
    const list = heldOut.filter((s) => s.pair.kind === kind);
    if (list.length === 0) continue;
    const right = list.filter((s) => (s.score >= DEFAULT_THRESHOLD) === s.pair.same).length;
    console.log(`  ${kind.padEnd(24)} ${right}/${list.length}`);
  }
  const wrong = heldOut.filter((s) => (s.score >= DEFAULT_THRESHOLD) !== s.pair.same);
  if (wrong.length) {
    console.log('held-out pairs decided wrong:');
    for (const { pair, score } of wrong) console.log(`  ${pair.same ? 'missed' : 'false alarm'}  ${pair.query}  ~  ${pair.listed}  (score ${score.toFixed(2)})`);
  }
  const targetsMet = f.recall >= 0.95 && f.precision >= 0.9;
  console.log(`targets (recall ≥ 0.95 at precision ≥ 0.90) on the held-out subset: ${targetsMet ? 'met' : 'NOT met'}`);
  process.exitCode = targetsMet ? 0 : 1;
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
