// OCR field accuracy on the generated documents (tests/support/documents): every expected field
// compared exactly with what the engine answers, printed per document type and per field, for the
// clean set and the noisy set (blur, rotation ±3°, JPEG 60, uneven light).
// Run: npm run bench:ocr-accuracy   (targets: clean ≥ 98 % of fields exact, noisy ≥ 90 %)
//      SET=clean or SET=noisy for one set; VERBOSE=1 prints every miss.
import os from 'node:os';
import type { OcrFields } from '../../forms/contracts/documents';
import { createOcrEngine } from '../../server/ocr/ocr-engine';
import { closeDocumentThread } from '../../server/ocr/document-thread';
import { createOcrPool } from '../../server/ocr/tesseract-pool';
import { cleanSet, noisySet, type GeneratedDocument } from '../support/documents/document-set';
import { postalCatalogue } from '../support/documents/postal-catalogue';

const TARGETS = { clean: 0.98, noisy: 0.9 };
const sets = (process.env.SET ? [process.env.SET] : ['clean', 'noisy']) as Array<keyof typeof TARGETS>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

interface Tally { exact: number; total: number }
const add = (map: Map<string, Tally>, key: string, exact: boolean) => {
  const tally = map.get(key) ?? { exact: 0, total: 0 };
  tally.total++;
  if (exact) tally.exact++;
  map.set(key, tally);
};
const pct = ({ exact, total }: Tally) => `${((100 * exact) / total).toFixed(1).padStart(5)} % (${exact}/${total})`;

async function measure(name: keyof typeof TARGETS, documents: GeneratedDocument[], engine: ReturnType<typeof createOcrEngine>) {
  const byType = new Map<string, Tally>();
  const byField = new Map<string, Tally>();
  const overall: Tally = { exact: 0, total: 0 };
  let uncertainWrong = 0;
  let silentWrong = 0;
  let uncertainRight = 0;
  const started = performance.now();
  for (const document of documents) {
    let data: OcrFields = {};
    let uncertain: string[] = [];
    let template: string | null = null;
    try {
      const result = await engine.read({ bytes: document.bytes, type: document.type });
      data = result.data === 'empty' ? {} : result.data;
      uncertain = result.uncertain;
      template = result.template;
    } catch (error) {
      console.log(`  ${document.name}: refused: ${(error as Error).message}`);
    }
    const kind = `${document.template}${document.name.includes('back') ? ' back' : document.name.includes('scanned-pdf') ? ' scanned pdf' : document.name.includes('scan') ? ' scan' : document.format === 'application/pdf' ? ' pdf' : ''}`;
    add(byType, 'template', template === document.template);
    for (const [field, expected] of Object.entries(document.expected)) {
      const got = data[field as keyof OcrFields];
      const exact = same(got, expected);
      add(byType, kind, exact);
      add(byField, field, exact);
      overall.total++;
      const marked = uncertain.includes(field);
      if (exact) {
        overall.exact++;
        if (marked) uncertainRight++;
        continue;
      }
      if (got !== undefined && marked) uncertainWrong++;
      else if (got !== undefined) silentWrong++;
      if (process.env.VERBOSE) console.log(`  ${document.name} ${field}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(got)}${uncertain.includes(field) ? ' (marked uncertain)' : ''}`);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const ratio = overall.exact / overall.total;
  console.log(`\n${name} set: ${documents.length} documents in ${seconds.toFixed(1)} s`);
  console.log('  per document type:');
  for (const [kind, tally] of [...byType].filter(([k]) => k !== 'template')) console.log(`    ${kind.padEnd(12)} ${pct(tally)}`);
  console.log(`  templates recognised: ${pct(byType.get('template')!)}`);
  console.log('  per field:');
  for (const [field, tally] of [...byField].sort()) console.log(`    ${field.padEnd(18)} ${pct(tally)}`);
  console.log(`  fields wrong but marked to confirm: ${uncertainWrong}; wrong and not marked: ${silentWrong}; right but marked: ${uncertainRight}`);
  console.log(`  ALL FIELDS ${pct(overall)} exact — target ≥ ${TARGETS[name] * 100} %: ${ratio >= TARGETS[name] ? 'met' : 'NOT met'}`);
}

const pool = createOcrPool(Number(process.env.OCR_WORKERS) || 1);
const engine = createOcrEngine(pool, postalCatalogue());
console.log(`load average ${os.loadavg().map((v) => v.toFixed(2)).join(' ')} on ${os.availableParallelism()} CPUs; ${pool.load().size} OCR worker(s)`);
const clean = await cleanSet();
for (const name of sets) await measure(name, name === 'clean' ? clean : await noisySet(clean), engine);
await pool.close();
await closeDocumentThread();
