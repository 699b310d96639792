// Reading a whole version of the lists back from its tables, for the index and the fingerprints.
import { sql, type Kysely } from 'kysely';
import type { StoredEntry } from './pld-tables';

/** Entries read per statement: PGlite keeps the memory its largest answer took (41 MB for every entry's text at once). */
const CHUNK_IDS = 4_000;

/**
 * Every entry and name of a load. They come back as one text value per table and range of ids:
 * PGlite decodes one row far faster than tens of thousands (see catalog-index.ts). Fields are
 * joined by the unit separator, rows by the record separator.
 */
export async function readLoad(db: Kysely<any>, loadId: number): Promise<{ entries: StoredEntry[]; names: Array<{ entry_id: number; nombre: string }> }> {
  const range = await sql<{ first: number | null; last: number | null }>`select min(id) as first, max(id) as last from pld_entry where load_id = ${loadId}`.execute(db);
  const { first, last } = range.rows[0] ?? {};
  const entriesText: string[] = [];
  const namesText: string[] = [];
  for (let from = first ?? 0; first != null && last != null && from <= last; from += CHUNK_IDS) {
    const to = from + CHUNK_IDS;
    const entries = await sql<{ all: string | null }>`
      select string_agg(concat_ws(chr(31), id, lista, source_id, kind, nombre, coalesce(rfc, ''), coalesce(situacion, ''), cambiada::int), chr(30)) as all
      from pld_entry where load_id = ${loadId} and id >= ${from} and id < ${to}`.execute(db);
    const names = await sql<{ all: string | null }>`
      select string_agg(concat_ws(chr(31), entry_id, nombre), chr(30)) as all
      from pld_name where load_id = ${loadId} and entry_id >= ${from} and entry_id < ${to}`.execute(db);
    entriesText.push(entries.rows[0]?.all ?? '');
    namesText.push(names.rows[0]?.all ?? '');
  }
  // A newer load deletes this one's rows in the commit that makes it the newest: if they are still
  // there once every range is read, every range saw them.
  const kept = await sql<{ found: boolean }>`select exists (select 1 from pld_entry where load_id = ${loadId}) as found`.execute(db);
  if (first != null && !kept.rows[0]?.found) throw new Error(`the lists' load ${loadId} was replaced by a newer one while it was read`);
  const rows = (texts: string[]) => texts.flatMap((text) => text.split('\x1e')).filter(Boolean).map((line) => line.split('\x1f'));
  return {
    entries: rows(entriesText).map(([id, lista, source_id, kind, nombre, rfc, situacion, cambiada]) => ({
      id: Number(id),
      lista,
      source_id,
      kind,
      nombre,
      rfc: rfc || null,
      situacion: situacion || null,
      cambiada: cambiada === '1',
    })),
    names: rows(namesText).map(([entryId, nombre]) => ({ entry_id: Number(entryId), nombre })),
  };
}
