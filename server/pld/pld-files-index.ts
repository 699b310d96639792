// The screening index built straight from list files, without a database: for the evaluation
// (npm run pld:eval) and the unit tests. The server builds the same index from its tables.
import { buildPldIndex, type IndexEntry, type IndexName, type PldIndex } from './pld-index';
import { CLEARED_SAT_STATUSES, LIST_SOURCES, PLD_DATA_DIR, readListFile, type ListEntry } from './pld-sources';

export async function readListEntries(dir = PLD_DATA_DIR): Promise<ListEntry[]> {
  const all: ListEntry[] = [];
  for (const source of LIST_SOURCES) all.push(...source.entries(await Promise.all(source.files.map((name) => readListFile(dir, name)))));
  return all;
}

/** Entries and names as the tables hold them (ids from 1), cleared SAT 69-B taxpayers left out as the server does. */
export function indexRows(listEntries: ListEntry[]): { entries: IndexEntry[]; names: IndexName[] } {
  const entries: IndexEntry[] = [];
  const names: IndexName[] = [];
  listEntries.forEach((entry, i) => {
    if (entry.situacion && CLEARED_SAT_STATUSES.has(entry.situacion)) return;
    const id = i + 1;
    entries.push({ id, lista: entry.lista, source_id: entry.source_id, kind: entry.kind, nombre: entry.nombre, rfc: entry.rfc });
    for (const nombre of [entry.nombre, ...entry.aliases]) names.push({ entry_id: id, nombre });
  });
  return { entries, names };
}

export async function buildIndexFromFiles(dir = PLD_DATA_DIR): Promise<PldIndex> {
  const { entries, names } = indexRows(await readListEntries(dir));
  return buildPldIndex(entries, names);
}
