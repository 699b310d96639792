// PM 'Accionistas mayoritarios' (spec 02 §5): type, gender for natural persons (not on guarantor PMs),
// name, RFC of 12 for Moral and 13 otherwise, percentage 0-99 with 2 decimals and, for staff, a
// total of exactly 100 reported on every percentage field.
import { object, string } from 'yup';
import { LIST_ITEMS_MAX, NAME_MAX, SURNAME_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { GENDERS, SHAREHOLDER_TYPES } from '../options';
import { checkPercentage, percentagesTotal100 } from '../rules/amount';
import { checkRfc } from '../rules/rfc';
import { isStaff } from '../schema/context';
import { boundedList, ancestor, numberBase, option, text, withRule } from '../schema/fields';
import { isEmpty } from '../rules/date';

export const DEFAULT_SHAREHOLDER_TYPE = 'Física con actividad empresarial';
export const DEFAULT_SHAREHOLDERS = 3;

/** RFC length by shareholder type: 12 for Moral, 13 otherwise. */
export const shareholderRfcKind = (tipo: unknown) => (tipo === 'Moral' ? 'company' : 'person');

const percentage = () =>
  withRule(numberBase(), 'percentage', (value, context) => {
    const own = checkPercentage(context.originalValue ?? value);
    if (own) return own;
    if (!isStaff(context.options.context)) return null;
    const root = ancestor(context, 2) as { accionistas?: { porcentaje_participacion?: unknown }[] } | undefined;
    const all = (root?.accionistas ?? []).map((a) => a?.porcentaje_participacion);
    return percentagesTotal100(all) ? null : MESSAGES.shareholdersTotal;
  }).meta({ kind: 'percentage' });

const shareholderFields = () => ({
  tipo_persona: option(SHAREHOLDER_TYPES).default(DEFAULT_SHAREHOLDER_TYPE),
  nombre: text({ max: NAME_MAX }),
  apellido_paterno: text({ max: SURNAME_MAX, required: false }),
  apellido_materno: text({ max: SURNAME_MAX, required: false }),
  rfc: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'rfc', (value, context) =>
    checkRfc(shareholderRfcKind(context.parent?.tipo_persona), value),
  ),
  porcentaje_participacion: percentage(),
});

export const accionistaSchema = () =>
  object({
    ...shareholderFields(),
    genero: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'gender', (value, context) => {
      if (isEmpty(value)) return context.parent?.tipo_persona === 'Moral' ? null : MESSAGES.required;
      return (GENDERS as readonly string[]).includes(String(value)) ? null : MESSAGES.invalidValue;
    }),
  });

/** Guarantor PMs record their shareholders without gender (spec 02 §3). */
export const accionistaGuarantorSchema = () => object(shareholderFields());

export const pmAccionistasShape = () => ({
  accionistas: boundedList(accionistaSchema(), LIST_ITEMS_MAX).default(() => Array.from({ length: DEFAULT_SHAREHOLDERS }, () => accionistaSchema().getDefault())),
});

export const pmGuarantorAccionistasShape = () => ({
  accionistas: boundedList(accionistaGuarantorSchema(), LIST_ITEMS_MAX).default(() =>
    Array.from({ length: DEFAULT_SHAREHOLDERS }, () => accionistaGuarantorSchema().getDefault()),
  ),
});
