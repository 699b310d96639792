// The fields every application record carries besides its tabs (spec 01 §3, 02 §3): identity of the
// record, its classification and editable level, and the data the server and the PLD review keep.
// None of them is a form field; the full schemas carry them so a write keeps them.
import { mixed, number, string } from 'yup';
import { EDITABLE_LEVELS } from '../locking';
import type { Classification, PersonType } from '../options';
import type { PldCoincidences } from '../pld';
import { boundedList, data, flag, isPlainObject, option } from './fields';
import { MESSAGES } from '../messages';

/** The largest removed list item `entidades_eliminadas` takes, as JSON: a representative is about 300. */
const REMOVED_ITEM_MAX_CHARS = 4096;

/**
 * What `entidades_eliminadas` may list: ids or short keys, or an item removed from one of the
 * model's lists as forms/list-items records it, of bounded size. The server stores none.
 */
const removedEntity = () =>
  mixed<string | number | Record<string, unknown>>().test('removed entity', MESSAGES.invalidValue, (value) => {
    if (typeof value === 'number') return Number.isFinite(value);
    if (typeof value === 'string') return value.length <= 64 && !/[\u0000-\u001f]/.test(value);
    return isPlainObject(value) && JSON.stringify(value).length <= REMOVED_ITEM_MAX_CHARS;
  });

export const recordShape = (tipoPersona: PersonType, clasificacion: Classification) => ({
  tipo_persona: option([tipoPersona]).default(tipoPersona),
  clasificacion: option([clasificacion]).default(clasificacion),
  editable: option(EDITABLE_LEVELS).default('all'),
  uuid: string().typeError(MESSAGES.invalidValue).max(36, MESSAGES.invalidValue).nullable().default(null),
  id_persona_datos_generales: number().typeError(MESSAGES.invalidValue).nullable().default(null),
  cantidad_duplicados: number().typeError(MESSAGES.invalidValue).nullable().default(null),
  persona_completa: flag(false),
  pld_coincidences: data<PldCoincidences>(),
  entidades_eliminadas: boundedList(removedEntity(), 100).nullable().default(() => []),
  formatobce: data<{ html?: string | null }>(),
  /** When the public applicant accepted the truthfulness statement, as the server recorded it at the finish (ISO 8601). */
  declaracion_aceptada: string().typeError(MESSAGES.invalidValue).max(40, MESSAGES.invalidValue).nullable().default(null),
});
