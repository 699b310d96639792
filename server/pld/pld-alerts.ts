// The PLD alerts ongoing monitoring raised (pld-monitor.ts): listed for staff, counted for the
// header's badge, and closed by staff as a confirmed match or a homonym, with who, when and why,
// and a line in the application's history.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { PLD_ALERT_STATE_LABELS, type PldAlert, type PldAlertClose, type PldAlertFilter } from '../../forms/contracts/pld-alerts';
import { alertSummary } from './pld-monitor';
import type { Reviewer } from './pld-review';

/** The most alerts one list answers (the newest). */
export const PLD_ALERTS_MAX = 500;

export class AlertAlreadyClosedError extends Error {}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export function createPldAlerts(db: Kysely<Database>) {
  const select = () =>
    db
      .selectFrom('pld_alert')
      .innerJoin('application', 'application.uuid', 'pld_alert.application_uuid')
      .selectAll('pld_alert')
      .select(['application.tipo_persona', 'application.nombre', 'application.complete']);

  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const shown = (row: Row): PldAlert => ({
    id: row.id,
    solicitud: { uuid: row.application_uuid, tipo_persona: row.tipo_persona, nombre: row.nombre, completa: row.complete },
    grupo: row.grupo,
    persona: row.persona,
    nombre_lista: row.nombre_lista,
    lista: row.lista,
    id_lista: row.id_lista,
    score: Math.round(row.score * 100) / 100,
    motivo_coincidencia: row.motivo_coincidencia,
    version_listas: row.version_listas,
    encontrada_el: iso(row.encontrada_el)!,
    estado: row.estado,
    cerrada_por: row.cerrada_por,
    cerrada_el: iso(row.cerrada_el),
    motivo_cierre: row.motivo_cierre,
  });

  return {
    async countOpen(): Promise<number> {
      const row = await db.selectFrom('pld_alert').select(sql<number>`count(*)::int`.as('n')).where('estado', '=', 'abierta').executeTakeFirst();
      return row?.n ?? 0;
    },

    /** The newest alerts first, open, closed or all. */
    async list(filter: PldAlertFilter): Promise<PldAlert[]> {
      let query = select();
      if (filter === 'abiertas') query = query.where('pld_alert.estado', '=', 'abierta');
      if (filter === 'cerradas') query = query.where('pld_alert.estado', '<>', 'abierta');
      const rows = await query.orderBy('pld_alert.id', 'desc').limit(PLD_ALERTS_MAX).execute();
      return rows.map(shown);
    },

    /** Closes an open alert; null when there is none with that id, AlertAlreadyClosedError when it was closed already. */
    async close(id: number, { estado, motivo: written }: PldAlertClose, reviewer: Reviewer): Promise<PldAlert | null> {
      const motivo = written.trim();
      const closed = await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('pld_alert')
          .set({ estado, motivo_cierre: motivo, cerrada_por: reviewer.nombre, cerrada_por_id: reviewer.id, cerrada_el: sql`now()` as unknown as Date })
          .where('id', '=', id)
          .where('estado', '=', 'abierta')
          .returning(['application_uuid', 'nombre_lista', 'lista', 'persona'])
          .executeTakeFirst();
        if (!row) return false;
        await trx
          .insertInto('application_change')
          .values({
            application_uuid: row.application_uuid,
            actor: reviewer.id,
            action: 'pld_alert_close',
            changes: JSON.stringify([{ path: 'alerta_pld', before: `Abierta: ${alertSummary(row)}`, after: `${PLD_ALERT_STATE_LABELS[estado]}: ${motivo}` }]),
          })
          .execute();
        return true;
      });
      const row = await select().where('pld_alert.id', '=', id).executeTakeFirst();
      if (!row) return null;
      if (!closed) throw new AlertAlreadyClosedError();
      return shown(row);
    },
  };
}

export type PldAlerts = ReturnType<typeof createPldAlerts>;
