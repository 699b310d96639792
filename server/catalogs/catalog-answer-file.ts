// The catalogue answers kept once more as a plain file beside an embedded database, which has one
// writer: read back in a few milliseconds at a start, where PGlite takes 0.3–0.4 s for their 12.7 MB
// in 13 parts (half of what a start on an existing folder waited for after PGlite opened). Its bytes
// stay as read: a start indexes where each answer lies (decoding the 12.9 MB as text and splitting
// it took 60 ms of the main thread, 0.1–0.2 s at a busy start), and an answer is decoded when asked for. The file
// is a copy of one stored set: its first line is that set's stamp (catalog-answer-tables.ts), and it
// is read only when the database holds the same set still (same load, format and moment stored), so
// a new load, a new format or `delete from catalog_answers` leaves it unread. Written beside the
// target first, then moved into place: a start never reads half a file. On PostgreSQL, shared by
// several instances, the database is the only copy.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { RS } from './answer-separators';
import type { AnswersStamp, StoredAnswers } from './catalog-answer-tables';

/** The copy beside an embedded database's data folder. */
export const answersFileIn = (dataDir: string) => path.join(dataDir, 'catalog-answers.txt');

/** The copy beside a database image (`pglite-fresh.tar` or `….tar.gz` → `pglite-fresh.answers.txt`), of the set the image holds (server/db/make-fresh-image.ts writes both). */
export const answersFileBeside = (imageFile: string) => imageFile.replace(/(\.tar(\.gz)?)?$/, '.answers.txt');

interface FileHead extends AnswersStamp {
  settlements: number;
  /** How many answers, and the UTF-8 bytes after the head: a copy cut short is never read. */
  answers: number;
  bytes: number;
}

/** Answers by key (a Map's get and keys): each decoded from the file's bytes when asked for. */
export interface AnswerLookup {
  get(key: string): string | undefined;
  keys(): IterableIterator<string>;
}

/** RS between answers, US between an answer's key and its JSON: bytes no UTF-8 sequence of other characters holds. */
const [RS_BYTE, US_BYTE] = [RS.charCodeAt(0), 0x1f];

/** The answers in `file` when it holds the set `stamp` names; undefined when it is missing, unreadable or of another set. */
export function readAnswersFile(file: string, stamp: AnswersStamp): { settlements: number; answers: AnswerLookup } | undefined {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return undefined;
  }
  const end = bytes.indexOf(0x0a);
  if (end < 0) return undefined;
  let head: Partial<FileHead>;
  try {
    head = JSON.parse(bytes.toString('utf8', 0, end)) as Partial<FileHead>;
  } catch {
    return undefined;
  }
  if (head.loadId !== stamp.loadId || head.format !== stamp.format || head.parts !== stamp.parts || head.builtAt !== stamp.builtAt) return undefined;
  if (typeof head.settlements !== 'number' || bytes.length - (end + 1) !== head.bytes) return undefined;
  // Where each answer's JSON lies, by its key.
  const at = new Map<string, number>();
  const starts: number[] = [];
  const ends: number[] = [];
  for (let from = end + 1; from < bytes.length; ) {
    const next = bytes.indexOf(RS_BYTE, from);
    const stop = next < 0 ? bytes.length : next;
    const split = bytes.indexOf(US_BYTE, from);
    if (split < 0 || split > stop) return undefined;
    at.set(bytes.toString('utf8', from, split), starts.length);
    starts.push(split + 1);
    ends.push(stop);
    from = next < 0 ? bytes.length : next + 1;
  }
  if (at.size !== head.answers || starts.length !== head.answers) return undefined;
  const answers: AnswerLookup = {
    get: (key) => {
      const index = at.get(key);
      return index === undefined ? undefined : bytes.toString('utf8', starts[index], ends[index]);
    },
    keys: () => at.keys(),
  };
  return { settlements: head.settlements, answers };
}

/** Writes the set `stamp` names to `file` whole; a failure is said and costs only the next start's time. */
export function writeAnswersFile(file: string, stamp: AnswersStamp, stored: StoredAnswers) {
  const body = stored.answers.join(RS);
  const head: FileHead = { ...stamp, settlements: stored.settlements, answers: stored.answers.length, bytes: Buffer.byteLength(body) };
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
