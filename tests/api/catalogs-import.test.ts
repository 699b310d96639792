// The SEPOMEX import command on a small file written as Correos de México publishes
// CPdescarga.txt (Latin-1, a preamble line, the header, 15 columns), run as a process against
// the test database; then the server answers the imported settlements and nothing else.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { openBackend } from '../../server/backend';
import { loadConfig } from '../../server/config';
import { decodeSepomex, parseSepomex } from '../../server/catalogs/sepomex-file';
import { freshDatabase, TEST_JWT_SECRET } from './support/test-server';

const PREAMBLE =
  'El Catálogo Nacional de Códigos Postales, es elaborado por Correos de México y se proporciona en forma gratuita para uso particular, no estando permitida su comercialización, total o parcial, ni su distribución a terceros bajo ningún concepto.';
const HEADER = 'd_codigo|d_asenta|d_tipo_asenta|D_mnpio|d_estado|d_ciudad|d_CP|c_estado|c_oficina|c_CP|c_tipo_asenta|c_mnpio|id_asenta_cpcons|d_zona|c_cve_ciudad';
const ROWS = [
  '01000|San Ángel|Colonia|Álvaro Obregón|Ciudad de México|Ciudad de México|01001|09|01001||09|010|0001|Urbano|01',
  '06600|Juárez|Colonia|Cuauhtémoc|Ciudad de México|Ciudad de México|06401|09|06401||09|015|0930|Urbano|06',
  '44100|Guadalajara Centro|Colonia|Guadalajara|Jalisco|Guadalajara|44101|14|44101||09|039|0003|Urbano|03',
  '58000|Centro Histórico de Morelia|Colonia|Morelia|Michoacán de Ocampo|Morelia|58001|16|58001||09|053|0001|Urbano|01',
  '58000|Ampliación Ñuñez|Fraccionamiento|Morelia|Michoacán de Ocampo|Morelia|58001|16|58001||21|053|9001|Urbano|01',
];
const latin1File = () => Buffer.from([PREAMBLE, HEADER, ...ROWS, ''].join('\r\n'), 'latin1');

describe('reading CPdescarga.txt', () => {
  it('decodes Latin-1 and finds the columns by the header after the preamble', () => {
    const { text, encoding } = decodeSepomex(latin1File());
    expect(encoding).toBe('latin1');
    const rows = parseSepomex(text);
    expect(rows).toHaveLength(5);
    expect(rows[0]).toEqual({
      postal_code: '01000',
      colonia: 'San Ángel',
      tipo_asentamiento: 'Colonia',
      municipio: 'Álvaro Obregón',
      estado: 'Ciudad de México',
      ciudad: 'Ciudad de México',
      zona: 'Urbano',
      state_id: 9,
      municipality_id: 9010,
      settlement_code: '0001',
    });
  });

  it('reads the same file saved as UTF-8', () => {
    const { text, encoding } = decodeSepomex(Buffer.from(latin1File().toString('latin1'), 'utf8'));
    expect(encoding).toBe('utf-8');
    expect(parseSepomex(text)[4].colonia).toBe('Ampliación Ñuñez');
  });

  it('refuses a file that is not the catalogue', () => {
    expect(() => parseSepomex('nombre,apellido\nAna,López\n')).toThrow(/d_codigo/);
    expect(() => parseSepomex([HEADER, '4410|Centro|Colonia|Guadalajara|Jalisco||44101|14|44101||09|039|0003|Urbano|03'].join('\n'))).toThrow(/line 2/);
  });
});

describe('npm run catalogs:import-sepomex', () => {
  let database: Awaited<ReturnType<typeof freshDatabase>>;
  let workDir: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    database = await freshDatabase();
    workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sepomex-import-'));
    // PGlite in a data folder of its own (the command and then the server open it), PostgreSQL in a fresh database.
    env = { ...process.env, DATA_DIR: path.join(workDir, 'data'), ...database.env };
    if (!database.env.DATABASE_URL) delete env.DATABASE_URL;
  });
  afterAll(async () => {
    await database.drop();
    fs.rmSync(workDir, { recursive: true, force: true });
  });

  it('replaces the settlements in the database and records the load', { timeout: 120_000 }, async () => {
    const file = path.join(workDir, 'CPdescarga.txt');
    fs.writeFileSync(file, latin1File());
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import-sepomex.ts', file], { env, encoding: 'utf8', timeout: 90_000 });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/Imported 5 settlements in 4 postal codes from CPdescarga.txt \(latin1\)/);

    const config = loadConfig({ JWT_SECRET: TEST_JWT_SECRET, LOG_LEVEL: 'silent', DEMO_STAFF: 'false' });
    const backend = openBackend(config, database.env.DATABASE_URL ? { databaseUrl: database.env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    const app = await buildApp({ config, backend, logger: false });
    try {
      const { db, catalogs } = await backend;
      expect(JSON.parse(catalogs.neighbourhoodsOf('01000'))).toEqual([{ colonia: 'San Ángel', municipio: 'Álvaro Obregón', estado: 'Ciudad de México' }]);
      expect(JSON.parse(catalogs.neighbourhoodsOf('58000')).map((n: { colonia: string }) => n.colonia)).toEqual([
        'Ampliación Ñuñez',
        'Centro Histórico de Morelia',
      ]);
      expect(catalogs.neighbourhoodsOf('64000')).toBe('[]');
      expect(catalogs.stats.settlements).toBe(5);
      const last = await db.selectFrom('catalog_load').selectAll().where('catalog', '=', 'settlements').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(last).toMatchObject({ catalog: 'settlements', source_file: 'CPdescarga.txt', row_count: 5, source_sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
      // the other catalogues are still there (PostgreSQL) or were loaded at start (fresh PGlite)
      expect(JSON.parse(catalogs.statesOf(484))).toHaveLength(32);
    } finally {
      await app.close();
    }
  });

  it('refuses a file that is not the catalogue without touching the database', async () => {
    const file = path.join(workDir, 'otro.txt');
    fs.writeFileSync(file, 'nombre|apellido\nAna|López\n');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/cli/import-sepomex.ts', file], { env, encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not a SEPOMEX catalogue/);
  });
});
