// The screening index of this instance, built from the newest loaded version of the lists, and
// replaced when a newer version appears: at once after POST /api/pld/lists/reload, and within
// `refreshSeconds` when another process (npm run pld:reload on PostgreSQL, another instance)
// wrote it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { buildPldIndex, type PldIndex } from './pld-index';
import { loadMissingPldLists, loadPldLists, type PldLoad } from './pld-loader';
import { CLEARED_SAT_STATUSES } from './pld-sources';
import { readLoad } from './pld-load-reader';

export interface PldListsInfo {
  version: string | null;
  cargada: string | null;
  listas: Array<{ lista: string; archivos: string; fecha_lista: string | null; entradas: number; nombres: number }>;
  indice: { entradas: number; nombres: number; palabras: number; construido_ms: number } | null;
}

export interface IndexedLoad {
  index: PldIndex;
  loadId: number | null;
}

export interface PldScreening {
  /** The index of the newest version, built on first use (or by `warm`). */
  index(): Promise<PldIndex>;
  /** The index with the load it was built from (null before any load). */
  indexed(): Promise<IndexedLoad>;
  /** Starts building the index now, in the background. */
  warm(): void;
  /** The loaded version, its date and counts per list (GET /api/pld/lists). */
  info(): Promise<PldListsInfo>;
  /** The version of the lists the searches run against now (null before any load), for the provenance of a match. */
  version(): Promise<string | null>;
  /** Rebuilds the index when the database holds a newer version than the one in memory; answers whether it did. */
  refresh(): Promise<boolean>;
  /** Loads the lists in `dir` as a new version and rebuilds the index. */
  reload(dir?: string): Promise<PldLoad | null>;
  stop(): void;
}

async function newestLoadId(db: Kysely<Database>): Promise<number | null> {
  const row = await db.selectFrom('pld_load').select('id').orderBy('id', 'desc').limit(1).executeTakeFirst();
  return row?.id ?? null;
}

async function readIndex(db: Kysely<Database>, loadId: number): Promise<PldIndex> {
  const { entries, names } = await readLoad(db, loadId);
  const screened = entries.filter(({ situacion }) => situacion === null || !CLEARED_SAT_STATUSES.has(situacion));
  return buildPldIndex(
    screened.map(({ id, lista, source_id, kind, nombre, rfc }) => ({ id, lista, source_id, kind, nombre, rfc })),
    names,
  );
}

export interface ScreeningOptions {
  /** Seconds between checks for a newer version written by another process; 0 for none. */
  refreshSeconds?: number;
  /** The first start's load of the lists, still running: the index waits for it. */
  loading?: Promise<unknown>;
  /** Loads the lists again when the first start's load failed; by default from data/pld/ when none is loaded. */
  loadMissing?: () => Promise<unknown>;
  /** Called once an index of a newer version replaced the one in memory. */
  onNewIndex?: () => void;
}

export function createPldScreening(
  db: Kysely<Database>,
  { refreshSeconds = 60, loading = Promise.resolve(), loadMissing = () => loadMissingPldLists(db), onNewIndex = () => {} }: ScreeningOptions = {},
): PldScreening {
  let loadId: number | null = null;
  let current: Promise<IndexedLoad> | null = null;
  let refreshing: Promise<boolean> | null = null;
  // The first start's load, then, once it failed, null: the next build loads again.
  let listsLoaded: Promise<unknown> | null = loading;

  const build = async () => {
    listsLoaded ??= loadMissing();
    try {
      await listsLoaded;
    } catch (error) {
      listsLoaded = null;
      throw error;
    }
    const newest = await newestLoadId(db);
    const index = newest === null ? await buildPldIndex([], []) : await readIndex(db, newest);
    loadId = newest;
    return { index, loadId: newest };
  };
  const indexed = () => {
    current ??= build().catch((error) => {
      current = null; // the next search tries again
      throw error;
    });
    return current;
  };
  const index = async () => (await indexed()).index;

  const refresh = () =>
    (refreshing ??= (async () => {
      try {
        if (!current) return false; // never built: the first search builds the newest version
        await current;
        const newest = await newestLoadId(db);
        if (newest === null || newest === loadId) return false;
        const next = await readIndex(db, newest);
        current = Promise.resolve({ index: next, loadId: newest });
        loadId = newest;
        onNewIndex();
        return true;
      } finally {
        refreshing = null;
      }
    })());

  const timer =
    refreshSeconds > 0
      ? setInterval(() => {
          refresh().catch(() => {}); // a closed or unreachable database: the index in memory keeps answering
        }, refreshSeconds * 1000)
      : null;
  timer?.unref();

  return {
    index,
    indexed,
    warm: () => void index().catch(() => {}),
    refresh,
    async reload(dir) {
      const load = await loadPldLists(db, dir);
      if (current) {
        await refresh();
        // A refresh already under way (the timer's) read the version before this one: once more.
        if (load && loadId !== load.loadId) await refresh();
      }
      else if (load?.changed) onNewIndex(); // the first search builds it
      return load;
    },
    stop: () => {
      if (timer) clearInterval(timer);
    },
    async version() {
      await index().catch(() => undefined);
      if (loadId === null) return null;
      return (await db.selectFrom('pld_load').select('version').where('id', '=', loadId).executeTakeFirst())?.version ?? null;
    },
    async info() {
      const stats = (await index()).stats;
      const load = loadId === null ? undefined : await db.selectFrom('pld_load').selectAll().where('id', '=', loadId).executeTakeFirst();
      const lists = loadId === null ? [] : await db.selectFrom('pld_load_list').selectAll().where('load_id', '=', loadId).orderBy('lista').execute();
      return {
        version: load?.version ?? null,
        cargada: load ? new Date(load.loaded_at).toISOString() : null,
        listas: lists.map((list) => ({ lista: list.lista, archivos: list.source_files, fecha_lista: list.vintage, entradas: list.entry_count, nombres: list.name_count })),
        indice: { entradas: stats.entries, nombres: stats.names, palabras: stats.words, construido_ms: Math.round(stats.buildMs) },
      };
    },
  };
}
