// The tables of ongoing PLD monitoring (README, "Ongoing PLD monitoring"): which entries of a load
// are new or changed since the load before it (pld_entry.cambiada), one monitoring run per load
// (pld_monitor: where it is, which instance runs it), and the alerts it raised (pld_alert), each
// once per application, party and listed entry.
import { sql, type ColumnType, type Generated, type Kysely, type Migration } from 'kysely';
import type { PldAlertState } from '../../forms/contracts/pld-alerts';

export interface PldMonitorTable {
  load_id: number;
  /** The last applicant uuid screened; '' before the first batch. */
  cursor: string;
  screened: number;
  alerts: number;
  /** The instance running it, and when it last said so: another takes over once this is stale. */
  claimed_by: string | null;
  heartbeat_at: Date | null;
  started_at: ColumnType<Date, string | undefined, never>;
  /** null while running; set when every application was screened, or when a newer load superseded it. */
  finished_at: Date | null;
  superseded: ColumnType<boolean, boolean | undefined, boolean>;
}

export interface PldAlertTable {
  id: Generated<number>;
  /** The applicant's record: the application the staff review opens. */
  application_uuid: string;
  /** The party's review key (forms/pld.ts matchKey): the same party and entry raise one alert. */
  match_key: string;
  grupo: string;
  persona: string;
  /** The guarantor whose party it is; null for the applicant's own. */
  aval_uuid: string | null;
  nombre_lista: string;
  lista: string;
  id_lista: string;
  score: number;
  motivo_coincidencia: string;
  version_listas: string;
  encontrada_el: ColumnType<Date, string | undefined, never>;
  estado: ColumnType<PldAlertState, PldAlertState | undefined, PldAlertState>;
  cerrada_por: string | null;
  cerrada_por_id: string | null;
  cerrada_el: Date | null;
  motivo_cierre: string | null;
}

export interface PldAlertTables {
  pld_monitor: PldMonitorTable;
  pld_alert: PldAlertTable;
}

export const pldMonitoringMigration: Migration = {
  async up(db: Kysely<any>) {
    // Entries loaded before this migration count as changed: their load has no predecessor to compare with.
    await db.schema.alterTable('pld_entry').addColumn('cambiada', 'boolean', (c) => c.notNull().defaultTo(true)).execute();
    await db.schema
      .createTable('pld_monitor')
      .addColumn('load_id', 'integer', (c) => c.primaryKey().references('pld_load.id').onDelete('cascade'))
      .addColumn('cursor', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('screened', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('claimed_by', 'text')
      .addColumn('heartbeat_at', 'timestamptz')
      .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('finished_at', 'timestamptz')
      .addColumn('superseded', 'boolean', (c) => c.notNull().defaultTo(false))
      .execute();
    await db.schema
      .createTable('pld_alert')
      .addColumn('id', 'serial', (c) => c.primaryKey())
      .addColumn('application_uuid', 'text', (c) => c.notNull().references('application.uuid').onDelete('cascade'))
      .addColumn('match_key', 'text', (c) => c.notNull())
      .addColumn('grupo', 'text', (c) => c.notNull())
      .addColumn('persona', 'text', (c) => c.notNull())
      .addColumn('aval_uuid', 'text')
      .addColumn('nombre_lista', 'text', (c) => c.notNull())
      .addColumn('lista', 'text', (c) => c.notNull())
      .addColumn('id_lista', 'text', (c) => c.notNull())
      .addColumn('score', 'real', (c) => c.notNull())
      .addColumn('motivo_coincidencia', 'text', (c) => c.notNull())
      .addColumn('version_listas', 'text', (c) => c.notNull())
      .addColumn('encontrada_el', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
      .addColumn('estado', 'text', (c) => c.notNull().defaultTo('abierta'))
      .addColumn('cerrada_por', 'text')
      .addColumn('cerrada_por_id', 'text')
      .addColumn('cerrada_el', 'timestamptz')
      .addColumn('motivo_cierre', 'text')
      .addUniqueConstraint('pld_alert_once', ['application_uuid', 'match_key'])
      .execute();
    await db.schema.createIndex('pld_alert_by_state').on('pld_alert').columns(['estado', 'id']).execute();
  },
};
