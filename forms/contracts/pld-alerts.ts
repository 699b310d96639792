// PLD alerts on the wire: a match that ongoing monitoring found after a new version of the lists
// was loaded (README, "Ongoing PLD monitoring"). GET /pld/alertas lists them; POST
// /pld/alertas/{id}/cierre closes one as a confirmed match or a homonym, with a written reason.
import { array, mixed, number, object, string, type InferType, type ValidationError } from 'yup';
import { isRefusal, refusal } from './refusal';
import { PLD_REASON_MAX } from './pld';

export const PLD_ALERT_STATES = ['abierta', 'confirmada', 'homonimo'] as const;
export type PldAlertState = (typeof PLD_ALERT_STATES)[number];

/** How staff read each state. */
export const PLD_ALERT_STATE_LABELS: Record<PldAlertState, string> = {
  abierta: 'Abierta',
  confirmada: 'Coincidencia confirmada',
  homonimo: 'Homónimo',
};

/** The list filters of GET /pld/alertas: the open ones (the default), the closed ones, or all. */
export const PLD_ALERT_FILTERS = ['abiertas', 'cerradas', 'todas'] as const;
export type PldAlertFilter = (typeof PLD_ALERT_FILTERS)[number];

const FILTER_REFUSAL = refusal('invalid_query', "estado debe ser 'abiertas', 'cerradas' o 'todas'.");
export const pldAlertQuerySchema = object({
  estado: mixed<PldAlertFilter>().oneOf(PLD_ALERT_FILTERS, FILTER_REFUSAL).default('abiertas'),
});

export const pldAlertSchema = object({
  id: number().integer().required(),
  /** The application (the applicant's record) the party belongs to. */
  solicitud: object({
    uuid: string().required(),
    tipo_persona: string().required(),
    nombre: string().defined(),
    /** Whether it is finished. */
    completa: mixed<boolean>().required(),
  }).required(),
  /** The review's group of the party: 'pf', 'pm', 'legalRepresentative', 'accionistas', 'guarantees', 'guaranteeRepresentatives', 'HeritageBond'. */
  grupo: string().required(),
  /** The party's name as the application holds it. */
  persona: string().required(),
  /** The listed entry: its primary name, list, id in the list ('OFAC SDN:7156'). */
  nombre_lista: string().required(),
  lista: string().required(),
  id_lista: string().required(),
  score: number().min(0).max(1).required(),
  /** Why it matched ('nombre: 3 de 3 palabras, similitud 0.95: …'). */
  motivo_coincidencia: string().required(),
  /** The version of the lists that produced it. */
  version_listas: string().required(),
  /** ISO date-time it was found. */
  encontrada_el: string().required(),
  estado: mixed<PldAlertState>().oneOf(PLD_ALERT_STATES).required(),
  cerrada_por: string().nullable().defined(),
  cerrada_el: string().nullable().defined(),
  /** The reason written when it was closed. */
  motivo_cierre: string().nullable().defined(),
});
export type PldAlert = InferType<typeof pldAlertSchema>;

export const pldAlertListSchema = object({
  /** Open alerts, whatever the filter. */
  abiertas: number().integer().min(0).required(),
  alertas: array(pldAlertSchema.required()).required(),
});
export type PldAlertList = InferType<typeof pldAlertListSchema>;

const CLOSE_STATE = refusal('invalid_alert_close', "estado debe ser 'confirmada' u 'homonimo'.");
const closeRefusal = (message: string) => refusal('invalid_alert_close', message);

/** What the reason for closing an alert says when it is missing or too long: the dialog's field and the server's 400 alike. */
export const PLD_ALERT_REASON_MESSAGES = {
  required: 'Escribe el motivo del cierre.',
  max: `El motivo no debe exceder ${PLD_REASON_MAX} caracteres.`,
  type: 'El motivo debe ser texto.',
} as const;

/** The reason for closing an alert: written (spaces around it are dropped when kept), bounded. */
const closeReasonSchema = string()
  .strict()
  .typeError(closeRefusal(PLD_ALERT_REASON_MESSAGES.type))
  .required(closeRefusal(PLD_ALERT_REASON_MESSAGES.required))
  .test('written', closeRefusal(PLD_ALERT_REASON_MESSAGES.required), (value) => typeof value === 'string' && value.trim() !== '')
  .max(PLD_REASON_MAX, closeRefusal(PLD_ALERT_REASON_MESSAGES.max));

/** The field message for a closing reason as typed, or null when it holds (the rule the server checks). */
export function closeReasonProblem(text: string): string | null {
  try {
    closeReasonSchema.validateSync(text);
    return null;
  } catch (error) {
    const [first] = (error as ValidationError).errors ?? [];
    return isRefusal(first) ? first.message : PLD_ALERT_REASON_MESSAGES.required;
  }
}

/** POST /pld/alertas/{id}/cierre: as what, and why. */
export const pldAlertCloseSchema = object({
  estado: mixed<Exclude<PldAlertState, 'abierta'>>().oneOf(['confirmada', 'homonimo'], CLOSE_STATE).required(CLOSE_STATE),
  motivo: closeReasonSchema,
})
  .default(undefined)
  .required(closeRefusal('Indica el estado y el motivo del cierre.'))
  .typeError(closeRefusal('Indica el estado y el motivo del cierre.'));
export type PldAlertClose = InferType<typeof pldAlertCloseSchema>;
