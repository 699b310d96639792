// Reading a whole version of the lists back from its tables, for the index and the fingerprints.
import { sql, type Kysely } from 'kysely';
import type { StoredEntry } from './pld-tables';

/**
 * Every entry and name of a load. They come back as one text value per table: PGlite decodes one
 * row far faster than tens of thousands (see catalog-index.ts). Fields are joined by the unit
 * separator, rows by the record separator.
 */
export async function readLoad(db: Kysely<any>, loadId: number): Promise<{ entries: StoredEntry[]; names: Array<{ entry_id: number; nombre: string }> }> {
  const [entriesText, namesText] = await Promise.all([
    sql<{ all: string | null }>`
      select string_agg(concat_ws(chr(31), id, lista, source_id, kind, nombre, coalesce(rfc, ''), coalesce(situacion, ''), cambiada::int), chr(30)) as all
      from pld_entry where load_id = ${loadId}`.execute(db),
    sql<{ all: string | null }>`select string_agg(concat_ws(chr(31), entry_id, nombre), chr(30)) as all from pld_name where load_id = ${loadId}`.execute(db),
  ]);
  const rows = (text: string | null | undefined) => (text ?? '').split('\x1e').filter(Boolean).map((line) => line.split('\x1f'));
  return {
    entries: rows(entriesText.rows[0]?.all).map(([id, lista, source_id, kind, nombre, rfc, situacion, cambiada]) => ({
      id: Number(id),
      lista,
      source_id,
      kind,
      nombre,
      rfc: rfc || null,
      situacion: situacion || null,
      cambiada: cambiada === '1',
    })),
    names: rows(namesText.rows[0]?.all).map(([entryId, nombre]) => ({ entry_id: Number(entryId), nombre })),
  };
}
