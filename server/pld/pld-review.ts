// The PLD review staff send with a save (`pld` beside `data` and `meta`, spec 01 §7): checked here
// and kept as the model's `pld_coincidences`. Only the fields of the contract are kept.
import { PLD_GROUPS, type PldCoincidences, type PldGroup, type PldMatch } from '../../forms/pld';
import { badRequest } from '../http-errors';

const TYPES = ['client', 'heritageBond'] as const;

export const PLD_REVIEW_LIMITS = {
  matchesPerGroup: 200,
  reviewed: 1000,
  reviewedKey: 400,
  // A listed name reaches 587 characters (OFAC SDN).
  nombre: 1000,
  rfc: 20,
  lista: 50,
  id: 100,
  persona: 400,
};

const invalid = (message: string) => badRequest(`La revisión PLD no es válida: ${message}`, 'invalid_pld');
const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);

function textOf(value: unknown, where: string, max: number): string {
  if (typeof value !== 'string') throw invalid(`${where} debe ser texto.`);
  if (value.length > max) throw invalid(`${where} no debe exceder ${max} caracteres.`);
  return value;
}

function matchOf(value: unknown, where: string): PldMatch {
  if (!isObject(value)) throw invalid(`${where} debe ser un objeto { nombre, rfc, lista }.`);
  const L = PLD_REVIEW_LIMITS;
  const match: PldMatch = {
    nombre: textOf(value.nombre, `${where}.nombre`, L.nombre),
    rfc: value.rfc === null || value.rfc === undefined ? null : textOf(value.rfc, `${where}.rfc`, L.rfc),
    lista: textOf(value.lista, `${where}.lista`, L.lista),
  };
  if (value.id !== undefined) match.id = textOf(value.id, `${where}.id`, L.id);
  if (value.persona !== undefined) match.persona = textOf(value.persona, `${where}.persona`, L.persona);
  return match;
}

/**
 * The review in a save's body, checked; a 400 'invalid_pld' saying in Spanish what is wrong.
 * Fields outside the contract (a match's score or reason, say) are left out.
 */
export function parsePldReview(value: unknown): PldCoincidences {
  if (!isObject(value)) throw invalid('pld debe ser un objeto.');
  for (const field of ['coincidencias_validadas', 'validar_coincidencias'] as const) {
    if (typeof value[field] !== 'boolean') throw invalid(`${field} debe ser true o false.`);
  }
  const tipo = value.validar_coincidencias_tipo ?? null;
  if (tipo !== null && !TYPES.includes(tipo as (typeof TYPES)[number])) {
    throw invalid("validar_coincidencias_tipo debe ser 'client', 'heritageBond' o null.");
  }

  if (!isObject(value.users)) throw invalid('users debe ser un objeto con las coincidencias por grupo.');
  const users: PldCoincidences['users'] = {};
  for (const [group, matches] of Object.entries(value.users)) {
    if (!PLD_GROUPS.includes(group as PldGroup)) {
      throw invalid(`el grupo '${group.slice(0, 50)}' no existe; los grupos son ${PLD_GROUPS.join(', ')}.`);
    }
    if (!Array.isArray(matches)) throw invalid(`users.${group} debe ser una lista.`);
    if (matches.length > PLD_REVIEW_LIMITS.matchesPerGroup) throw invalid(`users.${group} no debe tener más de ${PLD_REVIEW_LIMITS.matchesPerGroup} coincidencias.`);
    users[group as PldGroup] = matches.map((match, i) => matchOf(match, `users.${group}[${i}]`));
  }

  if (!Array.isArray(value.revisadas)) throw invalid('revisadas debe ser una lista.');
  if (value.revisadas.length > PLD_REVIEW_LIMITS.reviewed) throw invalid(`revisadas no debe tener más de ${PLD_REVIEW_LIMITS.reviewed} elementos.`);
  const revisadas = value.revisadas.map((key, i) => textOf(key, `revisadas[${i}]`, PLD_REVIEW_LIMITS.reviewedKey));

  return {
    coincidencias_validadas: value.coincidencias_validadas as boolean,
    validar_coincidencias: value.validar_coincidencias as boolean,
    validar_coincidencias_tipo: tipo as PldCoincidences['validar_coincidencias_tipo'],
    users,
    revisadas,
  };
}

/** What a staff save keeps: the review, validated and no longer required (spec 01 §4). */
export const reviewedCoincidences = (review: PldCoincidences): PldCoincidences => ({
  ...review,
  coincidencias_validadas: true,
  validar_coincidencias: false,
});
