// PF and PFAE 'Referencias personales' (spec 01 §5): one family reference (relationship from the
// list) and two personal references (years known, 0-99 with 2 decimals); mobiles optional.
import { object } from 'yup';
import { NAME_MAX } from '../limits';
import { RELATIONSHIPS } from '../options';
import { YEARS_KNOWN_RULE } from '../rules/amount';
import { decimal, option, phone, text } from '../schema/fields';

export const referenciaFamiliarSchema = () =>
  object({
    tipo_referencia: option(['Familiar']).default('Familiar'),
    nombre_completo: text({ max: NAME_MAX }),
    parentesco_tiempo_conocerlo: option(RELATIONSHIPS),
    telefono_numero: phone(),
    celular_numero: phone({ required: false }),
  });

export const referenciaPersonalSchema = () =>
  object({
    tipo_referencia: option(['Personal']).default('Personal'),
    nombre_completo: text({ max: NAME_MAX }),
    parentesco_tiempo_conocerlo: decimal(YEARS_KNOWN_RULE, { required: true }),
    telefono_numero: phone(),
    celular_numero: phone({ required: false }),
  });

export const pfReferenciasShape = () => ({
  referencia_familiar: referenciaFamiliarSchema(),
  referencia_personal_1: referenciaPersonalSchema(),
  referencia_personal_2: referenciaPersonalSchema(),
});
