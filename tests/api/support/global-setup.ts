// Builds, once per run, the database every API test file starts from, migrated and with the
// catalogues loaded: for PGlite a data-folder dump (loading it takes about 0.6 s where a fresh
// initdb takes 3 to 4 s and the catalogue load 2 to 3 s more); for PostgreSQL a template
// database that each test file copies with `create database … template …`.
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadMissingCatalogs } from '../../../server/catalogs/catalog-loader';
import { loadMissingPldLists } from '../../../server/pld/pld-loader';
import { migrateToLatest } from '../../../server/db/migrate';
import { writeFreshImage } from '../../../server/db/make-fresh-image';
import type { Database } from '../../../server/db/schema';

export const TEMPLATE_FILE = path.resolve('tests/.cache/pglite-template.tar');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL template database of this run, when the project runs on PostgreSQL. */
    postgresTemplate: string | undefined;
  }
}

async function adminQuery(base: string, query: string) {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

async function buildPostgresTemplate(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('api-postgres needs DATABASE_URL');
  const name = `test_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }) });
  try {
    await migrateToLatest(db);
    await loadMissingCatalogs(db);
    await loadMissingPldLists(db);
  } finally {
    await db.destroy(); // a template must have no open connection while it is copied
  }
  project.provide('postgresTemplate', name);
  return async () => adminQuery(base, `drop database if exists ${name} with (force)`);
}


export default async function setup(project: TestProject) {
  if (project.name === 'api-postgres') return buildPostgresTemplate(project);
  if (project.name === 'api-pglite') await writeFreshImage(TEMPLATE_FILE);
}
