// Disables a staff account, or enables it again: npm run staff:disable -- --usuario ana [--enable]
// A disabled account cannot sign in, and its open sessions (cookie and bearer tokens) stop at their
// next request, on every running instance (each staff request checks the account).
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { databaseTarget } from '../db/database-target';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createStaffRepository } from '../staff/staff-repository';
import { createStaffSessions } from '../auth/staff-sessions';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({ options: { usuario: { type: 'string' }, enable: { type: 'boolean', default: false } } });
if (!values.usuario) {
  console.error('Usage: npm run staff:disable -- --usuario <name> [--enable]');
  process.exit(2);
}

const db = await openDatabase(databaseTarget(loadConfig()));
try {
  await migrateToLatest(db);
  const staff = createStaffRepository(db);
  if (!(await staff.setDisabled(values.usuario, !values.enable))) {
    console.error(`There is no staff account "${values.usuario}".`);
    process.exitCode = 1;
  } else {
    if (!values.enable) await createStaffSessions(db).endAllOf((await staff.findByUsername(values.usuario))!.id);
    console.log(`Staff account "${values.usuario}" ${values.enable ? 'enabled' : 'disabled; its sessions are ended'}.`);
  }
} finally {
  await db.destroy();
}
