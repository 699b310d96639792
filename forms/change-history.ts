// A record's change history as staff read it: one event per save, with who and when, and only the
// fields that changed, named by the labels the forms show (forms/field-labels.ts) and their values
// written as the forms show them (catalogue names, 'Sí'/'No', dd/mm/aaaa, pesos). The creation is
// one line. Texts only: nothing here is HTML.
import { reach, type Schema } from 'yup';
import { PLD_MONITOR_ACTOR, type HistoryAnswer, type HistoryEntry } from './contracts/application';
import { byFormLayout, fieldLabel, groupTitleOf, isShareholderName, shareholderNameLabel } from './field-labels';
import { TAB_TITLES } from './messages';
import { entryName, money, phoneNumber, plain, shortDate } from './print/format';
import { kindOf } from './schema/fields';
import { tabOfField } from './wizards/define-wizard';
import { wizardFor, type AnyWizard } from './wizards/wizard-for';
import { dateTimeText } from './date-time-text';

export const HISTORY_ACTIONS: Record<HistoryEntry['action'], string> = {
  create: 'Creación',
  update: 'Actualización',
  finish: 'Finalización',
  link: 'Aval vinculado',
  unlink: 'Aval eliminado',
  pld_alert: 'Alerta PLD',
  pld_alert_close: 'Alerta PLD cerrada',
  mail_resend: 'Correo enviado de nuevo',
  efirma: 'Firma con e.firma',
};

/** Who made a change: the staff member by name, ongoing PLD monitoring, or the applicant. */
export function changedBy(entry: Pick<HistoryEntry, 'actor' | 'actor_nombre'>): string {
  if (entry.actor === PLD_MONITOR_ACTOR) return 'Monitoreo PLD';
  if (!entry.actor.startsWith('staff:')) return 'Solicitante';
  return entry.actor_nombre ?? `Personal (cuenta ${entry.actor.slice('staff:'.length)})`;
}

/** A changed field: where the form shows it, its label, and its value before and after ('' when empty). */
export interface ShownChange {
  /** The path of the field ('fisica.pais', 'representantes[1].rfc'). */
  path: string;
  /** The tab and group it is in: 'Empleo › Domicilio fiscal'. */
  place: string;
  label: string;
  before: string;
  after: string;
}

export interface HistoryEvent {
  id: number;
  /** 'Creación', 'Actualización'… */
  title: string;
  who: string;
  when: string;
  /** A creation in one line: 'Solicitud creada por Solicitante con 23 campos'. */
  summary: string | null;
  changes: ShownChange[];
}

/** Fields the forms do not show but staff should see changed, with the history's own words. */
const RECORD_FIELDS: Record<string, string> = {
  editable: 'Nivel de edición',
  cantidad_duplicados: 'Clientes con el mismo RFC',
  persona_completa: 'Aval completo',
  pld_coincidences: 'Revisión de coincidencias PLD',
  pld_finalizacion: 'Finalización confirmada con coincidencia PLD',
  alerta_pld: 'Alerta PLD',
  correo: 'Correo',
  avales: 'Aval',
  parent_uuid: 'Solicitud de la persona moral',
  declaracion_aceptada: 'Declaración de veracidad aceptada',
  firma_efirma: 'Firma con e.firma',
};

const EDITABLE_LEVELS: Record<string, string> = {
  all: 'Editable',
  api_fields: 'Solo datos de consulta editables',
  general_fields: 'Datos de identidad bloqueados',
  none: 'Con solicitud aprobada',
};

/** The schema node at a model path, if the wizard has one there. */
function schemaAt(wizard: AnyWizard | undefined, path: string): Schema | undefined {
  if (!wizard) return undefined;
  try {
    return reach(wizard.schema, path) as Schema;
  } catch {
    return undefined;
  }
}

/**
 * The field a stored change belongs to: the change's own path, or the catalogue entry or kept
 * data it is a part of ('fisica.pais.nombre' belongs to 'fisica.pais').
 */
function ownerOf(wizard: AnyWizard | undefined, path: string): { field: string; part: string | null } {
  const parts = path.split('.');
  for (let length = 1; length < parts.length; length++) {
    const field = parts.slice(0, length).join('.');
    const kind = kindOf(schemaAt(wizard, field));
    if (kind === 'entry' || kind === 'data') return { field, part: parts.slice(length).join('.') };
    if (RECORD_FIELDS[field]) return { field, part: parts.slice(length).join('.') };
  }
  return { field: path, part: null };
}

/** A value as its field's form shows it; '' when empty. */
function shownValue(field: string, kind: string | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (field === 'editable') return EDITABLE_LEVELS[String(value)] ?? plain(value);
  if (field === 'declaracion_aceptada') return dateTimeText(String(value));
  if (typeof value === 'boolean') return value ? 'Sí' : 'No';
  if (kind === 'date') return shortDate(value) || plain(value);
  if (kind === 'money') return money(value);
  if (kind === 'phone') return phoneNumber(value);
  if (kind === 'percentage') return plain(value) && `${plain(value)} %`;
  if (typeof value === 'object') return entryName(value);
  return plain(value);
}

/** Where a field is: its tab, and the group that repeats it ('Representante legal 2'). */
function placeOf(wizard: AnyWizard | undefined, field: string): string {
  const tab = wizard ? tabOfField(wizard.tabs, field) : null;
  return [tab === null ? undefined : wizard!.tabs[tab]!.title, groupTitleOf(field)].filter(Boolean).join(' › ');
}

/** The person type the entry gives the list item that holds `field` ('accionistas[1].nombre' → 'accionistas[1].tipo_persona'). */
const typeIn = (entry: Pick<HistoryEntry, 'changes'>, field: string) => {
  const typePath = field.replace(/[^.]+$/, 'tipo_persona');
  const change = entry.changes.find((candidate) => candidate.path === typePath);
  return typeof change?.after === 'string' ? change.after : undefined;
};

/** The changes of one stored entry, one per field, as shown; fields no form nor the history names are left out. */
export function shownChanges(wizard: AnyWizard | undefined, entry: Pick<HistoryEntry, 'changes'>): ShownChange[] {
  const company = wizard?.tipo_persona === 'Moral';
  const byField = new Map<string, ShownChange>();
  for (const change of entry.changes) {
    const { field, part } = ownerOf(wizard, change.path);
    const label = isShareholderName(field) ? shareholderNameLabel(typeIn(entry, field)) : (fieldLabel(field, company) ?? RECORD_FIELDS[field]);
    if (!label) continue;
    const kind = kindOf(schemaAt(wizard, field));
    const pldField = field === 'pld_coincidences' || field === 'pld_finalizacion' || field === 'alerta_pld';
    const shown = byField.get(field) ?? { path: field, place: pldField ? TAB_TITLES.validacionesPld : placeOf(wizard, field), label, before: '', after: '' };
    if (part === null) {
      shown.before = shownValue(field, kind, change.before);
      shown.after = shownValue(field, kind, change.after);
    } else if (kind === 'data') {
      // Kept data (the PLD review) changed as a whole: say so, without its inner workings.
      shown.after = 'Modificada';
    } else if (field === 'pld_finalizacion') {
      // An Analista's confirmed finish reads as the lists it named; the entry itself says who and when.
      if (part !== 'listas') continue;
      shown.before = plain(change.before);
      shown.after = plain(change.after);
    } else if (part === 'nombre' || part === 'colonia') {
      // A catalogue entry reads as its name; its ids and codes change with it.
      shown.before = plain(change.before);
      shown.after = plain(change.after);
    } else continue;
    byField.set(field, shown);
  }
  const tabOf = (path: string) => (wizard ? (tabOfField(wizard.tabs, path) ?? wizard.tabs.length) : 0);
  // As the forms lay them out: tab by tab, each tab's fields in order (a diff lists them in no such order).
  return [...byField.values()].filter((shown) => shown.before !== shown.after).sort((a, b) => tabOf(a.path) - tabOf(b.path) || byFormLayout(a.path, b.path));
}

/**
 * Whether an entry is the record's first: everything in it is new, the person type included (a later
 * finish that only adds a field, such as an Analista's confirmed `pld_finalizacion`, is not one).
 */
const isCreation = (entry: HistoryEntry) =>
  entry.action === 'create' ||
  (entry.action === 'finish' && entry.changes.every((change) => change.before === null) && entry.changes.some((change) => change.path === 'tipo_persona'));

/** The history of a record as staff read it, oldest first. */
export function describeHistory(answer: HistoryAnswer): HistoryEvent[] {
  const wizard = wizardFor(answer.tipo_persona) ?? wizardFor(answer.tipo_persona, 'Obligado');
  return answer.entries.map((entry) => {
    const creation = isCreation(entry);
    // A new record's own values (its editable level, its duplicate count) are not what was filled.
    const changes = shownChanges(wizard, entry).filter((change) => !creation || !RECORD_FIELDS[change.path]);
    const who = changedBy(entry);
    const filled = changes.filter((change) => change.after !== '').length;
    return {
      id: entry.id,
      title: creation ? HISTORY_ACTIONS.create : HISTORY_ACTIONS[entry.action],
      who,
      when: dateTimeText(entry.at),
      summary: creation ? `Solicitud creada por ${who} con ${filled === 1 ? '1 campo' : `${filled} campos`}${entry.action === 'finish' ? ' y finalizada' : ''}` : null,
      changes,
    };
  });
}
