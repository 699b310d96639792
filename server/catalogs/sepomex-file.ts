// Reads the SEPOMEX postal-code catalogue: the official download (CPdescarga.txt: Latin-1,
// a preamble line, a header line, 15 pipe-separated columns) and the shipped copy (UTF-8,
// header line, 14 columns). Columns are found by their header names.
import type { CatalogSettlementTable } from '../db/schema';

export type SettlementRow = CatalogSettlementTable;

const REQUIRED = ['d_codigo', 'd_asenta', 'd_tipo_asenta', 'D_mnpio', 'd_estado', 'c_estado', 'c_mnpio', 'id_asenta_cpcons'] as const;

export class SepomexFormatError extends Error {}

/** Decodes the file's bytes: UTF-8 when they are valid UTF-8, otherwise Latin-1 (the official encoding). */
export function decodeSepomex(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'latin1' } {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    return { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'), encoding: 'latin1' };
  }
}

export function parseSepomex(text: string): SettlementRow[] {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const headerAt = lines.findIndex((line) => line.startsWith('d_codigo|'));
  if (headerAt < 0 || headerAt > 5) throw new SepomexFormatError('no header line starting with "d_codigo|" in the first lines');
  const header = lines[headerAt].split('|').map((name) => name.trim());
  const at = Object.fromEntries(header.map((name, i) => [name, i]));
  const missing = REQUIRED.filter((name) => at[name] === undefined);
  if (missing.length) throw new SepomexFormatError(`missing columns: ${missing.join(', ')}`);
  const cell = (cells: string[], name: string) => (at[name] === undefined ? '' : (cells[at[name]] ?? '').trim());

  const rows: SettlementRow[] = [];
  for (let n = headerAt + 1; n < lines.length; n++) {
    const line = lines[n];
    if (line.trim() === '') continue;
    const cells = line.split('|');
    const postalCode = cell(cells, 'd_codigo');
    const stateCode = cell(cells, 'c_estado');
    const municipalityCode = cell(cells, 'c_mnpio');
    const settlementCode = cell(cells, 'id_asenta_cpcons');
    const colonia = cell(cells, 'd_asenta');
    if (!/^\d{5}$/.test(postalCode) || !/^\d{1,2}$/.test(stateCode) || !/^\d{1,3}$/.test(municipalityCode) || !settlementCode || !colonia) {
      throw new SepomexFormatError(`line ${n + 1} is not a settlement row: ${line.slice(0, 80)}`);
    }
    const stateId = Number(stateCode);
    rows.push({
      postal_code: postalCode,
      colonia,
      tipo_asentamiento: cell(cells, 'd_tipo_asenta'),
      municipio: cell(cells, 'D_mnpio'),
      estado: cell(cells, 'd_estado'),
      ciudad: cell(cells, 'd_ciudad'),
      zona: cell(cells, 'd_zona'),
      state_id: stateId,
      municipality_id: stateId * 1000 + Number(municipalityCode),
      settlement_code: settlementCode,
    });
  }
  if (rows.length === 0) throw new SepomexFormatError('the file has no settlement rows');
  return rows;
}
