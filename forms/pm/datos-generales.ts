// PM 'Datos generales' (spec 02 §5 'Legal entity'): business name, e-mail, RFC of 12 against the
// constitution date, sector, economic activity, employees, two phones, comments, fiscal and operating addresses.
import { object, string } from 'yup';
import { COMMENTS_MAX, NAME_MAX } from '../limits';
import { MESSAGES } from '../messages';
import { SECTORS } from '../options';
import { EMPLOYEES_RULE } from '../rules/amount';
import { checkCompanyRfc } from '../rules/rfc';
import { fiscalAndOperatingAddresses } from '../schema/address';
import { activityEntry, ancestor, date, decimal, email, extension, flag, option, phone, requiredEntry, text, withRule } from '../schema/fields';

export const moralSchema = () =>
  object({
    rfc: withRule(string().typeError(MESSAGES.invalidValue).nullable().default(''), 'rfc', (value, context) => {
      const root = ancestor(context, 2) as { informacion_fiscal?: { fecha_constitucion?: unknown } } | undefined;
      return checkCompanyRfc(value, root?.informacion_fiscal?.fecha_constitucion);
    }),
    sector: option(SECTORS),
    numero_empleados: decimal(EMPLOYEES_RULE, { required: true }).default(0),
    telefono_numero: phone(),
    telefono_extension: extension(),
    telefono2_numero: phone({ required: false }),
    telefono2_extension: extension(),
    actividad_economica: requiredEntry(activityEntry()),
  });

export const informacionFiscalSchema = () =>
  object({
    fecha_constitucion: date(),
    ...fiscalAndOperatingAddresses(),
  });

export const pmDatosGeneralesShape = () => ({
  nombre: text({ max: NAME_MAX }),
  email: email(MESSAGES.invalidEmailMoral),
  comentarios: text({ max: COMMENTS_MAX, required: false, multiline: true }),
  moral: moralSchema(),
  informacion_fiscal: informacionFiscalSchema(),
  clonar_domicilo_fiscal: flag(false),
});
