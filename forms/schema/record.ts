// The fields every application record carries besides its tabs (spec 01 §3, 02 §3): identity of the
// record, its classification and editable level, and the data the server and the PLD review keep.
// None of them is a form field; the full schemas carry them so a write keeps them.
import { array, mixed, number, string } from 'yup';
import { EDITABLE_LEVELS } from '../locking';
import type { Classification, PersonType } from '../options';
import type { PldCoincidences } from '../pld';
import { data, flag, option } from './fields';

export const recordShape = (tipoPersona: PersonType, clasificacion: Classification) => ({
  tipo_persona: option([tipoPersona]).default(tipoPersona),
  clasificacion: option([clasificacion]).default(clasificacion),
  editable: option(EDITABLE_LEVELS).default('all'),
  uuid: string().nullable().default(null),
  id_persona_datos_generales: number().nullable().default(null),
  cantidad_duplicados: number().nullable().default(null),
  persona_completa: flag(false),
  pld_coincidences: data<PldCoincidences>(),
  entidades_eliminadas: array(mixed()).nullable().default(() => []),
  formatobce: data<{ html?: string | null }>(),
});
