// What the 'Alertas PLD' page says of an alert (forms/contracts/pld-alerts.ts): the party's group as
// one person of the review, the filters and their empty lists, the similarity, the dates, and how
// an alert was closed. Texts only: nothing here is HTML.
import { PLD_ALERT_FILTERS, PLD_ALERT_STATE_LABELS, type PldAlert, type PldAlertFilter } from './contracts/pld-alerts';
import type { PldGroup } from './contracts/pld';
import { dateTimeText } from './date-time-text';

/**
 * The review's groups (forms/contracts/pld.ts PldGroup) as one person of each: the review's tables
 * name them in the plural ('Representantes legales', src/wizard/pld-review-modal.tsx).
 */
export const PLD_ALERT_GROUP_LABELS: Record<PldGroup, string> = {
  pf: 'Solicitante',
  pm: 'Solicitante',
  legalRepresentative: 'Representante legal',
  accionistas: 'Accionista',
  guarantees: 'Aval',
  guaranteeRepresentatives: 'Representante del aval',
  HeritageBond: 'Vínculo patrimonial',
};

/** A group the page does not know (a newer server's) is shown as the server names it. */
export const alertGroupLabel = (grupo: string) => (PLD_ALERT_GROUP_LABELS as Record<string, string | undefined>)[grupo] ?? grupo;

export const PLD_ALERT_FILTER_LABELS: Record<PldAlertFilter, string> = { abiertas: 'Abiertas', cerradas: 'Cerradas', todas: 'Todas' };

/** The filter a page's URL asks for (`?estado=`); anything else is the open alerts, as the API's default. */
export function readAlertFilter(search: URLSearchParams): PldAlertFilter {
  const asked = search.get('estado');
  return PLD_ALERT_FILTERS.find((filter) => filter === asked) ?? 'abiertas';
}

/** What an empty list says. */
export const NO_ALERTS: Record<PldAlertFilter, string> = {
  abiertas: 'No hay alertas abiertas.',
  cerradas: 'No hay alertas cerradas.',
  todas: 'No hay alertas.',
};

/** The list's count: '3 alertas cerradas', '1 alerta abierta'. */
export function alertCountText(filter: PldAlertFilter, count: number): string {
  const noun = count === 1 ? 'alerta' : 'alertas';
  if (filter === 'todas') return `${count} ${noun}`;
  const adjective = filter === 'abiertas' ? 'abierta' : 'cerrada';
  return `${count} ${noun} ${count === 1 ? adjective : `${adjective}s`}`;
}

/** A score of 0 to 1 as a percentage, '95 %' (the match's reason gives it to two decimals). */
export const similarityText = (score: number) => `${Math.round(score * 100)} %`;

/** How a closed alert was closed: 'Cerrada por María González el 25 de noviembre de 2026, 21:31.'; null for an open one. */
export function closedByText(alert: Pick<PldAlert, 'estado' | 'cerrada_por' | 'cerrada_el'>): string | null {
  if (alert.estado === 'abierta') return null;
  const who = alert.cerrada_por ? ` por ${alert.cerrada_por}` : '';
  const when = alert.cerrada_el ? ` el ${dateTimeText(alert.cerrada_el)}` : '';
  return `Cerrada${who}${when}.`;
}

/** What is announced once an alert is closed: 'Alerta de JUAN PÉREZ cerrada como homónimo.' */
export function closedAnnouncement(persona: string, estado: 'confirmada' | 'homonimo'): string {
  return `Alerta de ${persona} cerrada como ${estado === 'homonimo' ? 'homónimo' : 'coincidencia confirmada'}.`;
}

/** The closing choice, as the dialog offers it and the list shows it. */
export const CLOSE_CHOICES = [
  { value: 'confirmada', label: PLD_ALERT_STATE_LABELS.confirmada },
  { value: 'homonimo', label: PLD_ALERT_STATE_LABELS.homonimo },
] as const;

/** The dialog's message when no choice was made. */
export const CLOSE_CHOICE_REQUIRED = 'Elige si es una coincidencia confirmada o un homónimo.';
