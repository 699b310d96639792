// PM 'Referencias (Proveedores)' (spec 02 §5): name or business name and phone required, the rest optional.
import { object } from 'yup';
import { LIST_ITEMS_MAX, NAME_MAX } from '../limits';
import { SUPPLIER_REFERENCE_TYPE } from '../options';
import { boundedList, extension, phone, text } from '../schema/fields';

/**
 * The spec gives two readings (three or two). Three: like the three representatives and three
 * shareholders of the same form, and the complete PM the forms issue measures has three suppliers.
 */
export const DEFAULT_SUPPLIER_REFERENCES = 3;

export const proveedorSchema = () =>
  object({
    tipo_referencia: text({ max: NAME_MAX, required: false }).default(SUPPLIER_REFERENCE_TYPE),
    nombre_completo: text({ max: NAME_MAX }),
    nombre_contacto: text({ max: NAME_MAX, required: false }),
    contacto_puesto: text({ max: NAME_MAX, required: false }),
    telefono_numero: phone(),
    telefono_extension: extension(),
  });

export const pmReferenciasShape = () => ({
  referencias: boundedList(proveedorSchema(), LIST_ITEMS_MAX).default(() => Array.from({ length: DEFAULT_SUPPLIER_REFERENCES }, () => proveedorSchema().getDefault())),
});
