// PF and PFAE 'Empleo' (spec 01 §5): employer, start date, economic activity, phone and address,
// international operations, the property link (mantiene_vinculo_patrimonial) and, for PFAE, the
// profession, position, fiscal and operating addresses and the copy checkbox.
import { object } from 'yup';
import { NAME_MAX } from '../limits';
import { INTERNATIONAL_OPERATIONS, YES_NO } from '../options';
import { fiscalAndOperatingAddresses, neighbourhood, neighbourhoodList, otherNeighbourhood, street } from '../schema/address';
import { activityEntry, conditionalText, date, extension, flag, option, phone, requiredEntry, text } from '../schema/fields';

/** The linked party's name is required when mantiene_vinculo_patrimonial is Si. */
export const linkedPartyApplies = (mantiene: unknown) => mantiene === 'Si';

const employmentFields = () => ({
  empresa_nombre: text({ max: NAME_MAX }),
  empresa_fecha_ingreso: date(),
  actividad_economica: requiredEntry(activityEntry()),
  telefono: object({ numero: phone(), extension: extension() }),
  domicilio: street('colonia_catalogo'),
  colonia: neighbourhood(),
  otra_colonia: otherNeighbourhood('colonia'),
  colonia_catalogo: neighbourhoodList(),
});

export const empleoSchema = () => object(employmentFields());

export const empleoPfaeSchema = () =>
  object({
    ...employmentFields(),
    profesion_actual: text({ max: NAME_MAX }),
    empresa_puesto_actual: text({ max: NAME_MAX }),
    ...fiscalAndOperatingAddresses(),
  });

/** The root-level fields the Empleo tab owns besides `empleo`. */
const operationsFields = () => ({
  operaciones_internacionales: option(INTERNATIONAL_OPERATIONS),
  mantiene_vinculo_patrimonial: option(YES_NO).default('No'),
  involucrado_vinculo_patrimonial: conditionalText(NAME_MAX, (parent) => linkedPartyApplies(parent.mantiene_vinculo_patrimonial)),
});

export const pfEmpleoShape = () => ({ empleo: empleoSchema(), ...operationsFields(), clonar_domicilo_fiscal: flag(false) });
export const pfaeEmpleoShape = () => ({ empleo: empleoPfaeSchema(), ...operationsFields(), clonar_domicilo_fiscal: flag(false) });
