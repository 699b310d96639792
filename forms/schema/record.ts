// The fields every application record carries besides its tabs (spec 01 §3, 02 §3): identity of the
// record, its classification and editable level, and the data the server and the PLD review keep.
// None of them is a form field; the full schemas carry them so a write keeps them.
import { mixed, number, string } from 'yup';
import { EDITABLE_LEVELS } from '../locking';
import type { Classification, PersonType } from '../options';
import type { PldCoincidences } from '../pld';
import { boundedList, data, flag, option } from './fields';
import { MESSAGES } from '../messages';

/** What `entidades_eliminadas` may list: ids or short keys (the server always stores none). */
const removedEntity = () =>
  mixed<string | number>().test('removed entity', MESSAGES.invalidValue, (value) =>
    typeof value === 'number' ? Number.isFinite(value) : typeof value === 'string' && value.length <= 64 && !/[\u0000-\u001f]/.test(value),
  );

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
});
