// Writes the high-risk lists into the database: on the first start from data/pld/ (when no
// version is loaded), and by `npm run pld:reload -- <dir>` or POST /api/pld/lists/reload from
// newer files. Each load is one transaction under an advisory lock: a new pld_load version with
// its entries and names, which of them are new or changed, and its monitoring run (pld-monitor.ts);
// older versions' entries are removed in the same transaction.
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { readLoad } from './pld-load-reader';
import { LIST_SOURCES, PLD_DATA_DIR, readListFile, type ListEntry } from './pld-sources';

const LOCK_KEY = 7_302_452; // the catalogue loader uses 7_302_451
const BATCH_ROWS = 20_000;

export interface PldLoad {
  loadId: number;
  version: string;
  /** false when the newest version already came from the same files. */
  changed: boolean;
  counts: Record<string, number>;
  ms: number;
}

async function insertUnnest(db: Kysely<Database>, table: string, columns: Array<[string, 'int4' | 'text' | 'bool']>, rows: unknown[][]) {
  const names = sql.join(columns.map(([name]) => sql.ref(name)));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS);
    const arrays = columns.map(([, type], i) => sql`${batch.map((row) => row[i])}::${sql.raw(type)}[]`);
    await sql`insert into ${sql.table(table)} (${names}) select * from unnest(${sql.join(arrays)})`.execute(db);
  }
}

/** The list files, read and hashed; not parsed yet (unchanged files never are). */
async function readListFiles(dir: string) {
  const lists = [];
  for (const source of LIST_SOURCES) lists.push({ source, files: await Promise.all(source.files.map((name) => readListFile(dir, name))) });
  return lists;
}

type ListFiles = Awaited<ReturnType<typeof readListFiles>>[number];
const parsed = ({ source, files }: ListFiles) => ({ source, files, entries: source.entries(files), vintage: source.vintage(files) });

/** What makes an entry the same in two loads: list, kind, name, RFC, SAT status and every name, whatever its id (the SFP list's ids are row numbers, which a new row shifts). */
const fingerprint = (lista: string, kind: string, nombre: string, rfc: string | null, situacion: string | null, names: string[]) =>
  [lista, kind, nombre, rfc ?? '', situacion ?? '', [...names].sort().join('\x1e')].join('\x1f');

/**
 * The entries of a load by fingerprint, each with whether it is still to be searched for: it was
 * new or changed in that load and the load's monitoring had not finished.
 */
async function fingerprintsOf(trx: Kysely<Database>, loadId: number): Promise<Map<string, boolean>> {
  const unfinished = await trx.selectFrom('pld_monitor').select('load_id').where('load_id', '=', loadId).where('finished_at', 'is', null).executeTakeFirst();
  const { entries, names } = await readLoad(trx, loadId);
  const namesOf = new Map<number, string[]>();
  for (const { entry_id, nombre } of names) {
    const list = namesOf.get(entry_id);
    if (list) list.push(nombre);
    else namesOf.set(entry_id, [nombre]);
  }
  const prints = new Map<string, boolean>();
  for (const { id, lista, kind, nombre, rfc, situacion, cambiada } of entries) {
    const key = fingerprint(lista, kind, nombre, rfc, situacion, namesOf.get(id) ?? []);
    prints.set(key, (prints.get(key) ?? false) || (!!unfinished && cambiada));
  }
  return prints;
}

/** The new load's monitoring run; an unfinished run of an older load is superseded by it. */
async function startMonitoring(trx: Kysely<Database>, loadId: number) {
  await trx.updateTable('pld_monitor').set({ finished_at: sql`now()` as unknown as Date, superseded: true }).where('finished_at', 'is', null).execute();
  await trx.insertInto('pld_monitor').values({ load_id: loadId, cursor: '', screened: 0, alerts: 0, claimed_by: null, heartbeat_at: null, finished_at: null }).execute();
}

/** Loads the lists in `dir` as a new version unless the newest version came from the same files. */
export async function loadPldLists(db: Kysely<Database>, dir = PLD_DATA_DIR, { onlyWhenEmpty = false } = {}): Promise<PldLoad | null> {
  const started = performance.now();
  const listFiles = await readListFiles(dir);
  const version = createHash('sha256')
    .update(listFiles.flatMap((list) => list.files.map((file) => file.sha256)).join(','))
    .digest('hex')
    .slice(0, 16);
  return db.transaction().execute(async (trx) => {
    // A load (at start, or a reload) waits behind another instance's and writes many rows: a request's statement limit must cut neither.
    await sql`set local statement_timeout = 0`.execute(trx);
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const newest = await trx.selectFrom('pld_load').select(['id', 'version']).orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (newest && onlyWhenEmpty) return null;
    if (newest && newest.version === version) {
      // The same files: nothing is parsed; the counts are the stored version's.
      const stored = await trx.selectFrom('pld_load_list').select(['lista', 'entry_count']).where('load_id', '=', newest.id).execute();
      return { loadId: newest.id, version, changed: false, counts: Object.fromEntries(stored.map((list) => [list.lista, list.entry_count])), ms: performance.now() - started };
    }
    // Parsed only for a new version: a layout the parsers refuse fails here, with its file and line.
    const lists = listFiles.map(parsed);
    const counts = Object.fromEntries(lists.map((list) => [list.source.lista, list.entries.length]));
    const { id: loadId } = await trx.insertInto('pld_load').values({ version, source_dir: dir }).returning('id').executeTakeFirstOrThrow();
    // An entry the version before held the same is not new: ongoing monitoring searches for the rest.
    const before = newest ? await fingerprintsOf(trx, newest.id) : null;
    const entryRows: unknown[][] = [];
    const nameRows: unknown[][] = [];
    let nextId = 1;
    for (const list of lists) {
      let names = 0;
      for (const entry of list.entries as ListEntry[]) {
        const id = nextId++;
        const aliases = [...new Set(entry.aliases)].filter((alias) => alias !== entry.nombre);
        const print = fingerprint(entry.lista, entry.kind, entry.nombre, entry.rfc, entry.situacion, [entry.nombre, ...aliases]);
        const changed = before === null || before.get(print) !== false;
        entryRows.push([loadId, id, entry.lista, entry.source_id, entry.kind, entry.nombre, entry.rfc, entry.situacion, changed]);
        nameRows.push([loadId, id, entry.nombre, true]);
        for (const alias of aliases) nameRows.push([loadId, id, alias, false]);
        names += 1 + entry.aliases.length;
      }
      await trx
        .insertInto('pld_load_list')
        .values({
          load_id: loadId,
          lista: list.source.lista,
          source_files: list.files.map((file) => file.name).join(', '),
          source_sha256: list.files.map((file) => file.sha256).join(', '),
          vintage: list.vintage,
          entry_count: list.entries.length,
          name_count: names,
        })
        .execute();
    }
    await insertUnnest(
      trx,
      'pld_entry',
      [['load_id', 'int4'], ['id', 'int4'], ['lista', 'text'], ['source_id', 'text'], ['kind', 'text'], ['nombre', 'text'], ['rfc', 'text'], ['situacion', 'text'], ['cambiada', 'bool']],
      entryRows,
    );
    await insertUnnest(trx, 'pld_name', [['load_id', 'int4'], ['entry_id', 'int4'], ['nombre', 'text'], ['principal', 'bool']], nameRows);
    // The first version has nothing before it to be new against: applications are screened at their review.
    if (newest) await startMonitoring(trx, loadId);
    await trx.deleteFrom('pld_name').where('load_id', '<', loadId).execute();
    await trx.deleteFrom('pld_entry').where('load_id', '<', loadId).execute();
    return { loadId, version, changed: true, counts, ms: performance.now() - started };
  });
}

/** The first start's load: only when no version is in the database yet. */
export async function loadMissingPldLists(db: Kysely<Database>, dir = PLD_DATA_DIR): Promise<PldLoad | null> {
  const any = await db.selectFrom('pld_load').select('id').limit(1).executeTakeFirst();
  if (any) return null;
  return loadPldLists(db, dir, { onlyWhenEmpty: true });
}
