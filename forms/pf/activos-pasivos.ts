// PF and PFAE 'Activos y pasivos' (spec 01 §5): six optional amounts.
import { object } from 'yup';
import { AMOUNT_RULE } from '../rules/amount';
import { decimal } from '../schema/fields';

export const activosPasivosSchema = () =>
  object({
    activos_valor_vivienda: decimal(AMOUNT_RULE),
    activos_valor_automovil: decimal(AMOUNT_RULE),
    activos_valor_otras_propiedades: decimal(AMOUNT_RULE),
    pasivos_valor_deuda_vivienda: decimal(AMOUNT_RULE),
    pasivos_valor_deuda_automovil: decimal(AMOUNT_RULE),
    pasivos_valor_deuda_otras_propiedades: decimal(AMOUNT_RULE),
  });

export const pfActivosPasivosShape = () => ({ activos_pasivos: activosPasivosSchema() });
