// The catalogue files shipped in data/ and how each becomes the rows of its table.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import type { Database } from '../db/schema';
import { readCsv } from './official-file';
import { parseSepomex } from './sepomex-file';

export const DATA_DIR = fileURLToPath(new URL('../../data/', import.meta.url));

export const MEXICO_COUNTRY_ID = 484;
/** The SCIAN level offered as 'actividad económica' (see the README's design notes). */
export const ACTIVITY_LEVEL = 'rama';

export type CatalogTable = 'catalog_country' | 'catalog_state' | 'catalog_municipality' | 'catalog_settlement' | 'catalog_economic_activity';

export interface SourceFile {
  /** The file name inside the data folder, or the path given to the import command. */
  name: string;
  sha256: string;
  bytes: Buffer;
}

export interface CatalogSource<T extends CatalogTable = CatalogTable> {
  catalog: string;
  table: T;
  file: string;
  rows(file: SourceFile): Array<Database[T]>;
}

export async function readSourceFile(filePath: string, name = path.basename(filePath)): Promise<SourceFile> {
  const bytes = await fs.readFile(filePath);
  return { name, sha256: createHash('sha256').update(bytes).digest('hex'), bytes };
}

const text = (file: SourceFile) => (file.name.endsWith('.gz') ? gunzipSync(file.bytes) : file.bytes).toString('utf8');

/** The file's rows keyed by its header, which must hold the columns the catalogue reads. */
const records = (file: SourceFile, required: string[]) => readCsv(file.name, text(file), { required }).records();

const countries: CatalogSource<'catalog_country'> = {
  catalog: 'countries',
  table: 'catalog_country',
  file: 'paises.csv',
  rows: (file) =>
    records(file, ['iso_numerico', 'iso_alpha2', 'iso_alpha3', 'nombre_sat']).map((r) => ({
      id: Number(r.iso_numerico),
      clave: r.iso_alpha2,
      iso_alpha3: r.iso_alpha3,
      nombre: r.nombre_sat,
    })),
};

// 'NE' (born abroad, clave 99) is a CURP code, not a state: it is left out of the list.
const states: CatalogSource<'catalog_state'> = {
  catalog: 'states',
  table: 'catalog_state',
  file: 'entidades_federativas.csv',
  rows: (file) =>
    records(file, ['clave_inegi', 'clave_curp', 'nombre_inegi', 'abreviatura_inegi'])
      .filter((r) => r.clave_curp !== 'NE')
      .map((r) => ({
        id: Number(r.clave_inegi),
        country_id: MEXICO_COUNTRY_ID,
        codigo: r.clave_curp,
        nombre: r.nombre_inegi,
        abreviatura: r.abreviatura_inegi,
      })),
};

const municipalities: CatalogSource<'catalog_municipality'> = {
  catalog: 'municipalities',
  table: 'catalog_municipality',
  file: 'municipios_inegi.csv.gz',
  rows: (file) =>
    records(file, ['cve_completa', 'cve_entidad', 'cve_municipio', 'nom_municipio']).map((r) => ({
      id: Number(r.cve_completa),
      state_id: Number(r.cve_entidad),
      clave: r.cve_municipio,
      nombre: r.nom_municipio,
    })),
};

const settlements: CatalogSource<'catalog_settlement'> = {
  catalog: 'settlements',
  table: 'catalog_settlement',
  file: 'codigos_postales_sepomex.psv.gz',
  rows: (file) => parseSepomex(text(file), file.name),
};

const activities: CatalogSource<'catalog_economic_activity'> = {
  catalog: 'economic_activities',
  table: 'catalog_economic_activity',
  file: 'scian_2023.csv',
  rows: (file) =>
    records(file, ['nivel', 'codigo', 'titulo'])
      .filter((r) => r.nivel === ACTIVITY_LEVEL)
      .map((r) => ({ id: Number(r.codigo), scian_nivel: r.nivel, nombre: r.titulo })),
};

export const CATALOG_SOURCES: CatalogSource[] = [countries, states, municipalities, settlements, activities];
export const SETTLEMENT_SOURCE = settlements;
