// A PostgreSQL database of a test's or a benchmark's own beside the shared one (`base` names the
// server and an existing database to connect through), dropped by `drop`.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export async function scratchPostgres(base: string, prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(query).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
