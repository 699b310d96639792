// 'Referencias (Proveedores)': the supplier list; each item's tipo_referencia comes fixed with it.
import { EXTENSION_MAX_DIGITS, NAME_MAX } from '../../../../forms/limits';
import { itemBoundsOf } from '../../../../forms/list-items';
import { pmReferenciasShape, proveedorSchema } from '../../../../forms/pm/referencias';
import { PhoneField } from '../../../components/fields/phone-field';
import { TextField } from '../../../components/fields/text-field';
import { FieldGrid } from '../field-layout';
import { ItemList } from './item-list';
import { labelOf, GROUP_TITLES } from '../../../../forms/field-labels';

const blankSupplier = () => proveedorSchema().getDefault();
const SUPPLIERS = itemBoundsOf(pmReferenciasShape().referencias);

export function ReferenciasPmTab() {
  return (
    <ItemList
      name="referencias"
      itemTitle={(position) => `${GROUP_TITLES.referencias} ${position}`}
      addText="Agregar proveedor"
      hint="Quita los proveedores que no necesites."
      bounds={SUPPLIERS}
      blank={blankSupplier}
      renderItem={(prefix) => (
        <FieldGrid>
          <TextField name={`${prefix}.nombre_completo`} label={labelOf(`${prefix}.nombre_completo`)} uppercase maxLength={NAME_MAX} />
          <TextField name={`${prefix}.nombre_contacto`} label={labelOf(`${prefix}.nombre_contacto`)} uppercase maxLength={NAME_MAX} optional />
          <TextField name={`${prefix}.contacto_puesto`} label={labelOf(`${prefix}.contacto_puesto`)} uppercase maxLength={NAME_MAX} optional />
          <PhoneField name={`${prefix}.telefono_numero`} label={labelOf(`${prefix}.telefono_numero`)} />
          <TextField name={`${prefix}.telefono_extension`} label={labelOf(`${prefix}.telefono_extension`)} maxLength={EXTENSION_MAX_DIGITS} optional />
        </FieldGrid>
      )}
    />
  );
}
