// Adds a staff account: npm run staff:add -- --usuario ana --nombre Ana --apellido-paterno López --franquicia Centro --roles usuario,analista
// The password is read from STAFF_PASSWORD, or asked for on the terminal.
import fs from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { databaseTarget } from '../db/database-target';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { StaffRole } from '../db/schema';
import { createStaffRepository, STAFF_ROLES } from '../staff/staff-repository';

if (fs.existsSync('.env')) process.loadEnvFile('.env');

const { values } = parseArgs({
  options: {
    usuario: { type: 'string' },
    nombre: { type: 'string' },
    'apellido-paterno': { type: 'string' },
    'apellido-materno': { type: 'string', default: '' },
    franquicia: { type: 'string' },
    roles: { type: 'string', default: 'usuario' },
  },
});

const missing = ['usuario', 'nombre', 'apellido-paterno', 'franquicia'].filter((k) => !values[k as keyof typeof values]);
if (missing.length) {
  console.error(`Missing --${missing.join(', --')}`);
  process.exit(2);
}
const roles = values.roles!.split(',').map((r) => r.trim()) as StaffRole[];
const unknown = roles.filter((r) => !STAFF_ROLES.includes(r));
if (unknown.length) {
  console.error(`Unknown roles: ${unknown.join(', ')} (known: ${STAFF_ROLES.join(', ')})`);
  process.exit(2);
}

let password = process.env.STAFF_PASSWORD;
if (!password) {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  password = await rl.question('Password: ');
  rl.close();
}
if (!password || password.length < 8) {
  console.error('The password needs at least 8 characters.');
  process.exit(2);
}

const db = await openDatabase(databaseTarget(loadConfig()));
try {
  await migrateToLatest(db);
  const staff = createStaffRepository(db);
  if (await staff.findByUsername(values.usuario!)) {
    console.error(`A staff account "${values.usuario}" already exists.`);
    process.exitCode = 1;
  } else {
    const user = await staff.create({
      username: values.usuario!,
      password,
      nombre: values.nombre!,
      apellido_paterno: values['apellido-paterno']!,
      apellido_materno: values['apellido-materno'],
      franquicia: values.franquicia!,
      roles,
    });
    console.log(`Staff account "${user.username}" created with roles ${roles.join(', ')}.`);
  }
} finally {
  await db.destroy();
}
