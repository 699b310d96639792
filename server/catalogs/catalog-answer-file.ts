// The catalogue answers kept once more as a plain file beside an embedded database, which has one
// writer: read back in a few milliseconds at a start, where PGlite takes 0.3–0.4 s for their 12.7 MB
// in 13 parts (half of what a start on an existing folder waited for after PGlite opened). The file
// is a copy of one stored set: its first line is that set's stamp (catalog-answer-tables.ts), and it
// is read only when the database holds the same set still (same load, format and moment stored), so
// a new load, a new format or `delete from catalog_answers` leaves it unread. Written beside the
// target first, then moved into place: a start never reads half a file. On PostgreSQL, shared by
// several instances, the database is the only copy.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RS, type AnswersStamp, type StoredAnswers } from './catalog-answer-tables';

/** The copy beside an embedded database's data folder. */
export const answersFileIn = (dataDir: string) => path.join(dataDir, 'catalog-answers.txt');

/** The copy beside a database image (`pglite-fresh.tar.gz` → `pglite-fresh.answers.txt`), of the set the image holds (server/db/make-fresh-image.ts writes both). */
export const answersFileBeside = (imageFile: string) => imageFile.replace(/(\.tar\.gz)?$/, '.answers.txt');

interface FileHead extends AnswersStamp {
  settlements: number;
  /** How many answers, and the length of the text after the head: a copy cut short is never read. */
  answers: number;
  chars: number;
}

/** The answers in `file` when it holds the set `stamp` names; undefined when it is missing, unreadable or of another set. */
export function readAnswersFile(file: string, stamp: AnswersStamp): StoredAnswers | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
  const end = text.indexOf('\n');
  let head: Partial<FileHead>;
  try {
    head = JSON.parse(text.slice(0, end)) as Partial<FileHead>;
  } catch {
    return undefined;
  }
  if (end < 0 || head.loadId !== stamp.loadId || head.format !== stamp.format || head.parts !== stamp.parts || head.builtAt !== stamp.builtAt) return undefined;
  if (typeof head.settlements !== 'number') return undefined;
  const body = text.slice(end + 1);
  if (body.length !== head.chars) return undefined;
  const answers = body === '' ? [] : body.split(RS);
  return answers.length === head.answers ? { settlements: head.settlements, answers } : undefined;
}

/** Writes the set `stamp` names to `file` whole; a failure is said and costs only the next start's time. */
export function writeAnswersFile(file: string, stamp: AnswersStamp, stored: StoredAnswers) {
  const body = stored.answers.join(RS);
  const head: FileHead = { ...stamp, settlements: stored.settlements, answers: stored.answers.length, chars: body.length };
  const scratch = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    // The folder may not be there yet (the build's, the tests' cache on a new checkout).
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(scratch, `${JSON.stringify(head)}\n${body}`);
    fs.renameSync(scratch, file);
  } catch (error) {
    fs.rmSync(scratch, { force: true });
    console.error(`The catalogue answers were not copied to ${file} (${(error as Error).message}); the next start reads them from the database.`);
  }
}
