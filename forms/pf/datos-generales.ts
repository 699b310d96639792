// PF and PFAE 'Datos generales' (spec 01 §5): identification, name, e-mail, mobile, RFC against the
// birth date, CURP, country of birth (catalogue versus free text), marital status.
import { object, string } from 'yup';
import { COUNTRY_MEXICO, NAME_MAX, NATIONALITY_FOREIGN, NATIONALITY_MEXICAN, SURNAME_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { toUpper } from '../masks';
import { IDENTIFICATIONS, MARITAL_STATUSES, MATRIMONIAL_REGIMES, SEXES } from '../options';
import { checkCurp } from '../rules/curp';
import { isEmpty } from '../rules/date';
import { deriveNationality, isMexico } from '../rules/nationality';
import { checkPersonRfc } from '../rules/rfc';
import {
  conditionalText,
  countryEntry,
  date,
  email,
  extension,
  municipalityEntry,
  option,
  phone,
  requiredEntry,
  stateEntry,
  text,
  withRule,
} from '../schema/fields';

export const MEXICO = { id_pais: 484, clave: COUNTRY_MEXICO, nombre: 'México' };

type Parent = Record<string, unknown>;
const bornInMexico = (parent: Parent) => isMexico(parent.pais as { clave?: string } | null);
const bornAbroad = (parent: Parent) => !isEmpty((parent.pais as { clave?: string } | null)?.clave) && !bornInMexico(parent);
/** The regime is shown and required unless Soltero (and once a status is chosen). */
export const regimeApplies = (estadoCivil: unknown) => !isEmpty(estadoCivil) && estadoCivil !== 'Soltero';
/** The spouse's name is shown (and required) only when Casado. */
export const spouseApplies = (estadoCivil: unknown) => estadoCivil === 'Casado';

export const fisicaSchema = () =>
  object({
    identificacion: option(IDENTIFICATIONS),
    apellido_paterno: text({ max: SURNAME_MAX }),
    apellido_materno: text({ max: SURNAME_MAX, required: false }),
    sexo: option(SEXES),
    fecha_nacimiento: date(),
    curp: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'curp', (value) => checkCurp(value)),
    rfc: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'rfc', (value, context) =>
      checkPersonRfc(value, context.parent?.fecha_nacimiento),
    ),
    pais: requiredEntry(countryEntry()).default(() => ({ ...MEXICO })),
    nacionalidad: option([NATIONALITY_MEXICAN, NATIONALITY_FOREIGN]).default(NATIONALITY_MEXICAN),
    estado: requiredEntry(stateEntry(), bornInMexico),
    municipio: requiredEntry(municipalityEntry(), bornInMexico),
    entidad_nacimiento: conditionalText(NAME_MAX, bornAbroad),
    ciudad_nacimiento: conditionalText(NAME_MAX, bornAbroad),
    estado_civil: option(MARITAL_STATUSES),
    regimen_matrimonial: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'regime', (value, context) => {
      if (isEmpty(value)) return regimeApplies(context.parent?.estado_civil) ? MESSAGES.required : null;
      return (MATRIMONIAL_REGIMES as readonly string[]).includes(String(value)) ? null : MESSAGES.invalidValue;
    }),
    nombre_completo_conyuge: conditionalText(NAME_MAX, (parent) => spouseApplies(parent.estado_civil)),
  })
    // The nationality is derived from the country of birth and read-only: whatever was sent, it is recomputed.
    .transform((value: Parent | null | undefined) =>
      value && typeof value === 'object' && value.pais ? { ...value, nacionalidad: deriveNationality(value.pais as { clave?: string }) || value.nacionalidad } : value,
    );

export const celularSchema = () => object({ numero: phone(), extension: extension() });

/** The root-level keys the tab owns. */
export const pfDatosGeneralesShape = () => ({
  nombre: text({ max: NAME_MAX }).transform((value: unknown) => (typeof value === 'string' ? toUpper(value) : value)),
  email: email(),
  celular: celularSchema(),
  fisica: fisicaSchema(),
});

/** A natural-person guarantor also carries the provider's legal name (set by the app, not typed). */
export const pfGuarantorDatosGeneralesShape = () => ({
  ...pfDatosGeneralesShape(),
  empresa_razon_social: text({ max: NAME_MAX, required: false }),
});
