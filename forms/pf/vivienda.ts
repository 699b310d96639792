// PF and PFAE 'Vivienda' (spec 01 §5): housing type and the amounts it shows and requires, years of
// residence, phone, address.
import { object } from 'yup';
import { HOUSING_TYPES, YEARS_OF_RESIDENCE } from '../options';
import { AMOUNT_RULE } from '../rules/amount';
import { housingAmounts } from '../rules/housing';
import { neighbourhood, neighbourhoodList, otherNeighbourhood, street } from '../schema/address';
import { conditionalDecimal, extension, option, phone } from '../schema/fields';

const required = (field: keyof ReturnType<typeof housingAmounts>) => (parent: Record<string, unknown>) =>
  housingAmounts(parent.vivienda_tipo as string | undefined)[field].required;

export const viviendaSchema = () =>
  object({
    vivienda_tipo: option(HOUSING_TYPES),
    vivienda_valor_aproximado: conditionalDecimal(AMOUNT_RULE, required('vivienda_valor_aproximado')),
    vivienda_valor_hipoteca_mensual: conditionalDecimal(AMOUNT_RULE, required('vivienda_valor_hipoteca_mensual')),
    vivienda_valor_renta_mensual: conditionalDecimal(AMOUNT_RULE, required('vivienda_valor_renta_mensual')),
    vivienda_anios_residencia: option(YEARS_OF_RESIDENCE),
    telefono: object({ numero: phone(), extension: extension() }),
    domicilio: street('colonia_catalogo'),
    colonia: neighbourhood(),
    otra_colonia: otherNeighbourhood('colonia'),
    colonia_catalogo: neighbourhoodList(),
  });

export const pfViviendaShape = () => ({ vivienda: viviendaSchema() });
