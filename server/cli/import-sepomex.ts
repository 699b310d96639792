// Imports the official SEPOMEX postal-code catalogue as Correos de México publishes it
// (CPdescarga.txt: Latin-1, pipe-separated, a preamble line before the header), replacing every
// settlement in one transaction and recording the load. Running servers keep the catalogue they
// built at start; restart them to serve the new one.
//   npm run catalogs:import-sepomex -- CPdescarga.txt
import fs from 'node:fs';
import path from 'node:path';
import { databaseTarget } from '../db/database-target';
import { replaceSettlements } from '../catalogs/catalog-loader';
import { readSourceFile } from '../catalogs/catalog-sources';
import { OfficialFileError } from '../catalogs/official-file';
import { decodeSepomex, parseSepomex } from '../catalogs/sepomex-file';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const [filePath] = process.argv.slice(2);
if (!filePath || !fs.existsSync(filePath)) {
  console.error(filePath ? `No such file: ${filePath}` : 'Usage: npm run catalogs:import-sepomex -- <CPdescarga.txt>');
  process.exit(2);
}

const started = performance.now();
const file = await readSourceFile(filePath, path.basename(filePath));
const { text, encoding } = decodeSepomex(file.bytes);
let rows;
try {
  rows = parseSepomex(text, file.name);
} catch (error) {
  if (!(error instanceof OfficialFileError)) throw error;
  console.error(`${filePath} is not a SEPOMEX catalogue: ${error.message}`);
  process.exit(1);
}

const config = loadConfig();
const db = await openDatabase(databaseTarget(config));
try {
  await migrateToLatest(db);
  await replaceSettlements(db, file, rows);
} finally {
  await db.destroy();
}
const codes = new Set(rows.map((row) => row.postal_code)).size;
const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}`;
console.log(
  `Imported ${rows.length} settlements in ${codes} postal codes from ${file.name} (${encoding}) into ${where} in ${((performance.now() - started) / 1000).toFixed(1)} s. Restart the server to serve them.`,
);
