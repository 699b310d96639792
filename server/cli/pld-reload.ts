// Loads the high-risk lists from a folder of newer files (the same file names as data/pld/) as a
// new version in the database. Running servers on PostgreSQL pick it up within a minute (they
// check the newest pld_load); a server on PGlite holds its data folder alone, so with it running
// use POST /api/pld/lists/reload instead (it reads PLD_DATA_DIR, data/pld/ by default).
//   npm run pld:reload -- <dir>
import fs from 'node:fs';
import path from 'node:path';
import { databaseTarget } from '../db/database-target';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { loadPldLists } from '../pld/pld-loader';
import { LIST_SOURCES } from '../pld/pld-sources';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const [dirArgument] = process.argv.slice(2);
if (!dirArgument || !fs.statSync(dirArgument, { throwIfNoEntry: false })?.isDirectory()) {
  console.error(dirArgument ? `No such folder: ${dirArgument}` : 'Usage: npm run pld:reload -- <folder with the list files>');
  process.exit(2);
}
const dir = path.resolve(dirArgument);
const missing = LIST_SOURCES.flatMap((source) => source.files).filter((name) => !fs.existsSync(path.join(dir, name)));
if (missing.length > 0) {
  console.error(`${dir} lacks: ${missing.join(', ')}`);
  process.exit(2);
}

const config = loadConfig();
const db = await openDatabase(databaseTarget(config));
try {
  await migrateToLatest(db);
  const load = await loadPldLists(db, dir);
  if (!load) throw new Error('nothing loaded');
  console.log(
    load.changed
      ? `Loaded version ${load.version} (load ${load.loadId}) in ${(load.ms / 1000).toFixed(1)} s: ${Object.entries(load.counts).map(([lista, n]) => `${lista} ${n}`).join(', ')}`
      : `The newest version (${load.version}) already came from these files; nothing loaded.`,
  );
} finally {
  await db.destroy();
}
