// The catalogue answers' copy as a file (server/catalogs/catalog-answer-file.ts): read back by its
// bytes, each answer decoded when asked for; a copy of another set, an older format, a copy cut
// short (inside a character too) or holding a key twice is never read.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readAnswersFile, writeAnswersFile } from '../../server/catalogs/catalog-answer-file';

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'answers-file-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const STAMP = { loadId: 3, format: 1, parts: 1, builtAt: '2026-12-06T21:00:00.000Z' };
// Answers as catalog-index.ts serialises them: `key US json`, with letters of two and three bytes at the edges.
const ANSWERS = ['ct\x1f[{"nombre":"Afganistán"}]', 'zc/06600\x1f[{"colonia":"Juárez","municipio":"Cuauhtémoc"}]', 'zc/99999\x1f"ñ€"'];

const written = (name: string) => {
  const file = path.join(folder, name);
  writeAnswersFile(file, STAMP, { settlements: 2, answers: ANSWERS });
  return file;
};

describe('the catalogue answers file', () => {
  it('gives back every answer as written, by its key, multi-byte letters at its edges included', () => {
    const read = readAnswersFile(written('whole.txt'), STAMP)!;
    expect(read.settlements).toBe(2);
    expect([...read.answers.keys()]).toEqual(['ct', 'zc/06600', 'zc/99999']);
    expect(read.answers.get('zc/06600')).toBe('[{"colonia":"Juárez","municipio":"Cuauhtémoc"}]');
    expect(read.answers.get('zc/99999')).toBe('"ñ€"');
    expect(read.answers.get('zc/00000')).toBeUndefined();
  });

  it('reads a set of no answers', () => {
    const file = path.join(folder, 'empty.txt');
    writeAnswersFile(file, STAMP, { settlements: 0, answers: [] });
    expect([...readAnswersFile(file, STAMP)!.answers.keys()]).toEqual([]);
  });

  it('is not read for another set, nor in the format before (its length in characters)', () => {
    const file = written('other.txt');
    expect(readAnswersFile(file, { ...STAMP, builtAt: '2026-12-06T22:00:00.000Z' })).toBeUndefined();
    const [head, ...rest] = fs.readFileSync(file, 'utf8').split('\n');
    const { bytes, ...older } = JSON.parse(head!);
    fs.writeFileSync(file, `${JSON.stringify({ ...older, chars: bytes })}\n${rest.join('\n')}`);
    expect(readAnswersFile(file, STAMP)).toBeUndefined();
  });

  it('is not read cut short, even inside a letter, nor holding a key twice', () => {
    const file = written('cut.txt');
    const whole = fs.readFileSync(file);
    // The last byte of '€' gone.
    fs.writeFileSync(file, whole.subarray(0, whole.length - 2));
    expect(readAnswersFile(file, STAMP)).toBeUndefined();
    const twice = path.join(folder, 'twice.txt');
    writeAnswersFile(twice, STAMP, { settlements: 2, answers: [ANSWERS[0]!, ANSWERS[0]!] });
    expect(readAnswersFile(twice, STAMP)).toBeUndefined();
    expect(readAnswersFile(path.join(folder, 'none.txt'), STAMP)).toBeUndefined();
  });
});
