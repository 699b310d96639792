// Reads the SEPOMEX postal-code catalogue: the official download (CPdescarga.txt: Latin-1,
// a preamble line, a header line, 15 pipe-separated columns) and the shipped copy (UTF-8,
// header line, 14 columns). Columns are found by their header names.
import type { CatalogSettlementTable } from '../db/schema';
import { OfficialFileError, readCsv } from './official-file';

export type SettlementRow = CatalogSettlementTable;

const REQUIRED = ['d_codigo', 'd_asenta', 'd_tipo_asenta', 'D_mnpio', 'd_estado', 'c_estado', 'c_mnpio', 'id_asenta_cpcons'] as const;

/** Decodes the file's bytes: UTF-8 when they are valid UTF-8, otherwise Latin-1 (the official encoding). */
export function decodeSepomex(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin1' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), encoding: 'latin1' };
  }
}

/** The settlements of a SEPOMEX file; a changed layout throws an OfficialFileError naming `file` and the line. */
export function parseSepomex(text: string, file = 'SEPOMEX'): SettlementRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/, 6);
  const headerAt = lines.findIndex((line) => line.startsWith('d_codigo|'));
  if (headerAt < 0) throw new OfficialFileError(file, null, 'no header line starting with "d_codigo|" in the first lines');
  // SEPOMEX never quotes: a quote is part of a name.
  const table = readCsv(file, text, { delimiter: '|', quote: false, fromLine: headerAt + 1, required: REQUIRED });
  const at = new Map(table.header.map((name, i) => [name, i]));

  const rows: SettlementRow[] = [];
  table.rows.forEach((cells, index) => {
    const cell = (name: string) => {
      const i = at.get(name);
      return i === undefined ? '' : cells[i].trim();
    };
    const postalCode = cell('d_codigo');
    const stateCode = cell('c_estado');
    const municipalityCode = cell('c_mnpio');
    const settlementCode = cell('id_asenta_cpcons');
    const colonia = cell('d_asenta');
    if (!/^\d{5}$/.test(postalCode) || !/^\d{1,2}$/.test(stateCode) || !/^\d{1,3}$/.test(municipalityCode) || !settlementCode || !colonia) {
      throw new OfficialFileError(file, table.lineOf(index), `not a settlement row: ${cells.join('|').slice(0, 80)}`);
    }
    const stateId = Number(stateCode);
    rows.push({
      postal_code: postalCode,
      colonia,
      tipo_asentamiento: cell('d_tipo_asenta'),
      municipio: cell('D_mnpio'),
      estado: cell('d_estado'),
      ciudad: cell('d_ciudad'),
      zona: cell('d_zona'),
      state_id: stateId,
      municipality_id: stateId * 1000 + Number(municipalityCode),
      settlement_code: settlementCode,
    });
  });
  if (rows.length === 0) throw new OfficialFileError(file, null, 'the file has no settlement rows');
  return rows;
}
