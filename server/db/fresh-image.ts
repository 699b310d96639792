// The database a fresh data folder starts from: PGlite initialised, migrated, with the catalogues
// and the high-risk lists loaded, and dumped as a tarball. `npm run build` writes it
// (build/pglite-fresh.tar, `npm run build:image`), not compressed: unzipping its 78 MB took 0.2 s
// of a fresh start, where reading them takes a few milliseconds (the image is built on the machine
// that runs it, never downloaded); one gzipped (an image made before) is restored too. A start on an empty DATA_DIR writes its files
// into the folder before PGlite opens it (on PGlite's thread, server/db/pglite-worker.ts), instead
// of running initdb and the loads (8 to 13 s), and the API tests start every file from one (in
// memory, through PGlite's loadDataDir). Written by this file's code rather than by loadDataDir:
// PGlite's WebAssembly kept the memory of the restore (a process that started fresh stayed 260 MB
// above one started on the same folder later). No secret is in it: the token and storage secrets
// and the demo account are made by each installation's first start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

export const FRESH_IMAGE_FILE = fileURLToPath(new URL('../../build/pglite-fresh.tar', import.meta.url));

/** The catalogues and lists a first start loads (server/catalogs, server/pld): an image older than any of them is stale. */
const DATA_FOLDER = fileURLToPath(new URL('../../data/', import.meta.url));

const newestIn = (folder: string): number =>
  fs.readdirSync(folder, { withFileTypes: true }).reduce((newest, entry) => {
    const full = path.join(folder, entry.name);
    return Math.max(newest, entry.isDirectory() ? newestIn(full) : fs.statSync(full).mtimeMs);
  }, 0);

/**
 * The image to restore into `dataDir`, when the folder holds no database yet and the build made one
 * since the data last changed (after an update without `npm run build`, the first start loads the
 * data itself, as without an image).
 */
export function freshImageFor(dataDir: string, file = FRESH_IMAGE_FILE): string | undefined {
  if (fs.existsSync(path.join(dataDir, VERSION_FILE)) || !fs.existsSync(file)) return undefined;
  if (fs.statSync(file).mtimeMs < newestIn(DATA_FOLDER)) return undefined;
  return file;
}

/** What tells a data folder that holds a database from a new one (PGlite runs initdb in a folder without it). */
const VERSION_FILE = 'PG_VERSION';
const BLOCK = 512;

interface ArchiveEntry {
  /** Inside the data folder. */
  target: string;
  kind: 'folder' | 'file';
  mode: number;
  body: Buffer;
}

/** The folders and files of a ustar archive (as PGlite's dumpDataDir makes it), checked whole before any is written. */
function entriesOf(tar: Buffer, root: string, file: string): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  for (let at = 0; ; ) {
    if (at + BLOCK > tar.length) throw new Error(`${file} ends without the archive's closing blocks: it is cut short`);
    const header = tar.subarray(at, at + BLOCK);
    const field = (from: number, length: number) => header.toString('latin1', from, from + length).replace(/\0[^]*$/, '');
    if (!field(0, 100)) return entries; // the archive's closing zero blocks
    // ustar's prefix: PGlite's writer keeps 131 bytes of it (access and change times follow).
    const name = path.posix.join(field(345, 131), field(0, 100));
    const size = parseInt(field(124, 12).trim() || '0', 8);
    const mode = parseInt(field(100, 8).trim() || '0', 8) & 0o777;
    const type = field(156, 1);
    const body = tar.subarray(at + BLOCK, at + BLOCK + size);
    if (!Number.isSafeInteger(size) || size < 0 || body.length !== size) throw new Error(`${file}: ${name} is cut short`);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    const target = path.join(root, path.posix.normalize(`/${name.replaceAll('\\', '/')}`));
    if (type === '5') entries.push({ target, kind: 'folder', mode, body });
    else if (type === '0' || type === '') entries.push({ target, kind: 'file', mode, body });
    else throw new Error(`${file}: ${name} is neither a folder nor a file (tar type ${JSON.stringify(type)})`);
  }
}

/**
 * Writes the image's folders and files into `dataDir`, PG_VERSION last: a restore cut short leaves
 * a folder that is still new, and the next start restores it again. The archive is read and
 * checked whole first: one that is cut short or not a database image writes nothing.
 */
export async function restoreImage(file: string, dataDir: string) {
  const read = await fs.promises.readFile(file);
  const tar = isGzip(read) ? await gunzipped(read) : read;
  const root = path.resolve(dataDir);
  const entries = entriesOf(tar, root, file);
  const version = entries.find((entry) => entry.kind === 'file' && entry.target === path.join(root, VERSION_FILE));
  if (!version) throw new Error(`${file} holds no ${VERSION_FILE}: it is not a database image`);
  for (const entry of entries) {
    if (entry.kind === 'folder') await fs.promises.mkdir(entry.target, { recursive: true, mode: entry.mode });
    else if (entry !== version) {
      await fs.promises.mkdir(path.dirname(entry.target), { recursive: true });
      await writeFileWithHoles(entry.target, entry.body, entry.mode);
    }
  }
  await fs.promises.writeFile(version.target, version.body, { mode: version.mode });
}

/** A gzip stream begins with these two bytes; a tar archive begins with a name. */
const isGzip = (bytes: Buffer) => bytes.length >= 18 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Unzipped in one piece of the size the gzip trailer gives: zlib's default 16 KB pieces, once
 * joined and let go, left the process 100 MB larger for good (the allocator keeps small blocks).
 */
function gunzipped(gzipped: Buffer): Promise<Buffer> {
  const size = gzipped.readUInt32LE(gzipped.length - 4);
  return promisify(zlib.gunzip)(gzipped, { chunkSize: Math.max(zlib.constants.Z_MIN_CHUNK, Math.min(size + 1, 1 << 30)) });
}

const PAGE = 8192;
const ZERO_PAGE = Buffer.alloc(PAGE);
/** Files at least this long are written without their pages of zeros. */
const HOLES_FROM = 1 << 20;

/**
 * Writes `body` to `target`; in a large file, the 8 KB pages that are all zeros are left as holes,
 * which read back as zeros without being written: the image's current WAL segment is 16 MB, 14 MB
 * of it zeros past the last record (on this machine's disk the restore's time follows the bytes
 * and the files it writes).
 */
async function writeFileWithHoles(target: string, body: Buffer, mode: number) {
  if (body.length < HOLES_FROM) return fs.promises.writeFile(target, body, { mode });
  // A last page shorter than 8 KB is always written.
  const isZero = (page: number) => (page + 1) * PAGE <= body.length && ZERO_PAGE.equals(body.subarray(page * PAGE, (page + 1) * PAGE));
  const pages = Math.ceil(body.length / PAGE);
  const handle = await fs.promises.open(target, 'w', mode);
  try {
    for (let page = 0; page < pages; ) {
      if (isZero(page)) {
        page++;
        continue;
      }
      let end = page + 1;
      while (end < pages && !isZero(end)) end++;
      const from = page * PAGE;
      const bytes = body.subarray(from, Math.min(body.length, end * PAGE));
      for (let done = 0; done < bytes.length; ) done += (await handle.write(bytes, done, bytes.length - done, from + done)).bytesWritten;
      page = end;
    }
    await handle.truncate(body.length);
  } finally {
    await handle.close();
  }
}
