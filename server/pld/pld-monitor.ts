// Ongoing PLD monitoring (README, "Ongoing PLD monitoring"): once a new version of the lists is
// loaded, every stored application not expired, finished ones included, is screened again in the
// background for the entries that are new or changed in that version (pld_entry.cambiada). A match
// its review has not already seen for that party becomes an alert (pld_alert), with a line in the
// application's history.
//
// The run is the load's row in pld_monitor: the instance that claims it screens applicants in uuid
// order, a batch at a time, and moves the cursor in the same transaction that writes the batch's
// alerts, so a restart resumes where it stopped. Another instance takes a run over once its claim
// has gone stale; an alert is unique per application, party and entry, so none is raised twice.
// The screening yields to the event loop every few milliseconds, and rests after each batch as long
// as the batch took: saves keep being answered.
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { APPLICATION_VALID_MS } from '../../forms/limits';
import { PLD_MONITOR_ACTOR } from '../../forms/contracts/application';
import { matchKey, reviewMatch, screenedParties, type PldCoincidences } from '../../forms/pld';
import { fullName } from '../../forms/person-name';
import { SCREENED_PATHS, screenParties, type StoredGuarantor } from './pld-blacklist';
import type { PldIndex } from './pld-index';
import type { IndexedLoad } from './pld-screening';
import type { PldAlertTable } from './pld-alert-tables';
import { confirmedMatches } from '../../forms/pld-outcome';
import { storedJson } from '../db/stored-json';

type Model = Record<string, unknown>;

export interface MonitorOptions {
  /** Applicants read and screened per transaction. */
  batchSize?: number;
  /** The longest the screening runs before it yields to the event loop, ms. */
  sliceMs?: number;
  /** A claim not renewed for this long is taken over by another instance, s. */
  staleSeconds?: number;
  /** After each batch the run rests this many times as long as the batch took: saves keep the database and the event loop. */
  restRatio?: number;
}

export interface MonitorProgress {
  version: string;
  /** Applicants screened so far. */
  revisadas: number;
  alertas: number;
  terminado: boolean;
}

export interface PldMonitor {
  /** Runs the newest load's monitoring if it is unfinished and not held by a live instance; one run at a time. */
  run(): Promise<void>;
  /** The same, in the background. */
  kick(): void;
  /** Kicks now and every `staleSeconds`: resumes a run after a restart, and takes over one whose instance stopped. */
  start(): void;
  /** The newest load's run, for GET /pld/lists. */
  progress(): Promise<MonitorProgress | null>;
  /** Stops after the batch under way. */
  stop(): Promise<void>;
}

/** What an alert's line in the history says of it: 'JUAN PEREZ (OFAC SDN) para Juan Pérez'. */
export const alertSummary = (alert: Pick<PldAlertTable, 'nombre_lista' | 'lista' | 'persona'>) => `${alert.nombre_lista} (${alert.lista}) para ${alert.persona}`;

/** The keys (matchKey) the application's review has already seen: every match reviewed, and every one confirmed. */
function reviewedKeys(model: Model): Set<string> {
  const review = (model.pld_coincidences ?? null) as PldCoincidences | null;
  return new Set([...(review?.revisadas ?? []), ...confirmedMatches(review).map(({ key }) => key)]);
}

/**
 * The parts of a stored model the screening reads (pld-blacklist.ts SCREENED_PATHS) and the review
 * (`pld_coincidences`, for the matches already seen), as one JSON object built from those paths: a
 * fraction of the record, read and decoded instead of all of it.
 */
const SCREENED_DATA = sql<string>`${jsonOfPaths([...SCREENED_PATHS, ['pld_coincidences']])}`.as('data');

/** json_build_object of the paths of `data` (each path's value at its place, nested as in the model). */
function jsonOfPaths(paths: readonly (readonly string[])[], from: RawBuilder<unknown> = sql`data`): RawBuilder<unknown> {
  const byKey = new Map<string, (readonly string[])[]>();
  for (const [key, ...rest] of paths) byKey.set(key, [...(byKey.get(key) ?? []), rest]);
  const members = [...byKey].map(([key, rests]) => {
    const value = sql`${from}->${sql.lit(key)}`;
    return sql`${sql.lit(key)}, ${rests.some((rest) => rest.length === 0) ? value : jsonOfPaths(rests, value)}`;
  });
  return sql`json_build_object(${sql.join(members)})`;
}

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createPldMonitor(
  db: Kysely<Database>,
  indexed: () => Promise<IndexedLoad>,
  { batchSize = 200, sliceMs = 8, staleSeconds = 30, restRatio = 1 }: MonitorOptions = {},
): PldMonitor {
  const instance = randomUUID();
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;

  /** Claims the load's unfinished run for this instance; null when it is finished or held by another live one. */
  const claim = (loadId: number) =>
    db
      .updateTable('pld_monitor')
      .set({ claimed_by: instance, heartbeat_at: sql`now()` as unknown as Date })
      .where('load_id', '=', loadId)
      .where('finished_at', 'is', null)
      .where((eb) => eb.or([eb('claimed_by', 'is', null), eb('claimed_by', '=', instance), eb('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${staleSeconds})`)]))
      .returning(['cursor'])
      .executeTakeFirst();

  async function screenBatch(search: Pick<PldIndex, 'search'>, version: string, cursor: string) {
    const applicants = await db
      .selectFrom('application')
      .select(['uuid', SCREENED_DATA])
      .where('uuid', '>', cursor)
      .where('parent_uuid', 'is', null)
      .where('clasificacion', '<>', 'Obligado')
      .where((eb) => eb.or([eb('complete', '=', true), eb('filled_at', '>', sql<Date>`now() - make_interval(secs => ${APPLICATION_VALID_MS / 1000})`)]))
      .orderBy('uuid')
      .limit(batchSize)
      .execute();
    const guarantors = new Map<string, StoredGuarantor[]>();
    if (applicants.length > 0) {
      const rows = await db
        .selectFrom('application')
        .select(['uuid', 'parent_uuid', SCREENED_DATA])
        .where('parent_uuid', 'in', applicants.map((row) => row.uuid))
        .orderBy('id')
        .execute();
      for (const row of rows) {
        const list = guarantors.get(row.parent_uuid!) ?? [];
        list.push({ uuid: row.uuid, data: storedJson<Model>(row.data) });
        guarantors.set(row.parent_uuid!, list);
      }
    }

    const alerts: Array<Insertable<PldAlertTable>> = [];
    let slice = performance.now();
    for (const applicant of applicants) {
      const model = storedJson<Model>(applicant.data);
      const reviewed = reviewedKeys(model);
      for (const screened of screenedParties(screenParties(search, model, guarantors.get(applicant.uuid) ?? []))) {
        for (const match of screened.party.coincidencias) {
          const key = matchKey(screened.group, reviewMatch(screened, match));
          if (reviewed.has(key)) continue;
          alerts.push({
            application_uuid: applicant.uuid,
            match_key: key,
            grupo: screened.group,
            persona: screened.party.nombre || fullName(model),
            aval_uuid: screened.avalUuid,
            nombre_lista: match.nombre,
            lista: match.lista,
            id_lista: match.id,
            score: match.score,
            motivo_coincidencia: match.reason,
            version_listas: version,
          });
        }
      }
      if (performance.now() - slice >= sliceMs) {
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
    return { screened: applicants.length, last: applicants.at(-1)?.uuid ?? cursor, alerts, done: applicants.length < batchSize };
  }

  /** Writes a batch's alerts (each once), their history lines and the cursor; false when this instance no longer holds the run. */
  async function commitBatch(loadId: number, batch: Awaited<ReturnType<typeof screenBatch>>) {
    return db.transaction().execute(async (trx) => {
      const held = await trx
        .updateTable('pld_monitor')
        .set({
          cursor: batch.last,
          screened: sql`screened + ${batch.screened}`,
          heartbeat_at: sql`now()` as unknown as Date,
          ...(batch.done ? { finished_at: sql`now()` as unknown as Date } : {}),
        })
        .where('load_id', '=', loadId)
        .where('claimed_by', '=', instance)
        .where('finished_at', 'is', null)
        .returning('load_id')
        .executeTakeFirst();
      if (!held) return false;
      if (batch.alerts.length === 0) return true;
      const raised = await trx
        .insertInto('pld_alert')
        .values(batch.alerts)
        .onConflict((oc) => oc.columns(['application_uuid', 'match_key']).doNothing())
        .returning(['application_uuid', 'nombre_lista', 'lista', 'persona'])
        .execute();
      if (raised.length === 0) return true;
      await trx.updateTable('pld_monitor').set({ alerts: sql`alerts + ${raised.length}` }).where('load_id', '=', loadId).execute();
      await trx
        .insertInto('application_change')
        .values(
          raised.map((alert) => ({
            application_uuid: alert.application_uuid,
            actor: PLD_MONITOR_ACTOR,
            action: 'pld_alert' as const,
            changes: JSON.stringify([{ path: 'alerta_pld', before: null, after: alertSummary(alert) }]),
          })),
        )
        .execute();
      return true;
    });
  }

  async function runOnce() {
    const { index, loadId } = await indexed();
    if (loadId === null || stopped) return;
    const claimed = await claim(loadId);
    if (!claimed) return;
    const load = await db.selectFrom('pld_load').select('version').where('id', '=', loadId).executeTakeFirstOrThrow();
    const changed = await db.selectFrom('pld_entry').select('id').where('load_id', '=', loadId).where('cambiada', '=', true).execute();
    const search = index.restrictedTo(new Set(changed.map((row) => row.id)));
    let cursor = claimed.cursor;
    while (!stopped) {
      const started = performance.now();
      const batch = await screenBatch(search, load.version, cursor);
      if (!(await commitBatch(loadId, batch)) || batch.done) return;
      cursor = batch.last;
      await new Promise((resolve) => setTimeout(resolve, (performance.now() - started) * restRatio));
    }
  }

  const run = (): Promise<void> => {
    if (running) {
      again = true; // a newer load may have arrived while this run began
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await runOnce();
        } while (again && !stopped);
      } finally {
        running = null;
      }
    })();
    return running;
  };

  const kick = () => void run().catch((error) => console.error('PLD monitoring stopped:', error));
  return {
    run,
    kick,
    start() {
      kick();
      timer ??= setInterval(kick, staleSeconds * 1000);
      timer.unref();
    },
    async progress() {
      const row = await db
        .selectFrom('pld_monitor')
        .innerJoin('pld_load', 'pld_load.id', 'pld_monitor.load_id')
        .select(['pld_load.version', 'pld_monitor.screened', 'pld_monitor.alerts', 'pld_monitor.finished_at'])
        .orderBy('pld_monitor.load_id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row ? { version: row.version, revisadas: row.screened, alertas: row.alerts, terminado: row.finished_at !== null } : null;
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
