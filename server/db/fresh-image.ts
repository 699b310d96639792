// The database a fresh data folder starts from: PGlite initialised, migrated, with the catalogues
// and the high-risk lists loaded, and dumped as a tarball. `npm run build` writes it
// (build/pglite-fresh.tar.gz, `npm run build:image`); a start on an empty DATA_DIR restores it
// (a couple of seconds) instead of running initdb and the loads (8 to 13 s), and the API tests
// start every file from one. No secret is in it: the token and storage secrets and the demo
// account are made by each installation's first start.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const FRESH_IMAGE_FILE = fileURLToPath(new URL('../../build/pglite-fresh.tar.gz', import.meta.url));

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
export function freshImageFor(dataDir: string, file = FRESH_IMAGE_FILE): Blob | undefined {
  if (fs.existsSync(path.join(dataDir, 'PG_VERSION')) || !fs.existsSync(file)) return undefined;
  if (fs.statSync(file).mtimeMs < newestIn(DATA_FOLDER)) return undefined;
  return new Blob([fs.readFileSync(file)]);
}
