// PM 'Contactos' (spec 02 §5): the legal representatives (three blank by default) and the payment
// contact, each with name, e-mail, RFC of 13, position and phone required, extension optional.
import { number, object, string } from 'yup';
import { LIST_ITEMS_MAX, NAME_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { checkPersonRfc } from '../rules/rfc';
import { boundedList, email, extension, phone, REQUIRED_RULE, text, withRule } from '../schema/fields';

/** Representatives and shareholders carry no birth date: their RFC is checked for its form only. */
export const contactSchema = () =>
  object({
    nombre: text({ max: NAME_MAX }),
    email: email(MESSAGES.invalidEmailMoral),
    rfc: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'rfc', (value) => checkPersonRfc(value)),
    puesto: text({ max: NAME_MAX }),
    telefono: phone(),
    extension: extension(),
  });

/** A representative also carries its position in the list, set before saving (spec 02 §3). */
export const representanteSchema = () => contactSchema().shape({ index: number().nullable().default(null).meta({ kind: 'data' }) });

export const DEFAULT_REPRESENTATIVES = 3;

export const pmContactosShape = () => ({
  representantes: boundedList(representanteSchema(), LIST_ITEMS_MAX)
    // At least one: the list's requirement (an empty list is a required field left empty).
    .test({ name: REQUIRED_RULE, message: MESSAGES.required, params: { min: 1 }, test: (list) => list == null || list.length >= 1 })
    .default(() => Array.from({ length: DEFAULT_REPRESENTATIVES }, () => representanteSchema().getDefault())),
  contacto_pago: contactSchema(),
});
