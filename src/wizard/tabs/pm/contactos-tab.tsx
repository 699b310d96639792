// 'Contactos': the legal representatives (a list) and the payment contact, with the same fields.
import { EMAIL_MAX, EXTENSION_MAX_DIGITS, NAME_MAX, RFC_LENGTH_PERSON } from '../../../../forms/limits';
import { itemBoundsOf } from '../../../../forms/list-items';
import { pmContactosShape, representanteSchema } from '../../../../forms/pm/contactos';
import { PhoneField } from '../../../components/fields/phone-field';
import { TextField } from '../../../components/fields/text-field';
import { FieldGrid } from '../field-layout';
import { GroupSection } from '../group-section';
import { ItemList } from './item-list';
import { labelOf, GROUP_TITLES } from '../../../../forms/field-labels';

const REPRESENTATIVES = itemBoundsOf(pmContactosShape().representantes);
const blankRepresentative = () => representanteSchema().getDefault();

/** The fields of a representative or of the payment contact at `prefix`. */
function ContactFields({ prefix }: { prefix: string }) {
  return (
    <FieldGrid>
      <TextField name={`${prefix}.nombre`} label={labelOf(`${prefix}.nombre`)} uppercase maxLength={NAME_MAX} />
      <TextField name={`${prefix}.puesto`} label={labelOf(`${prefix}.puesto`)} uppercase maxLength={NAME_MAX} />
      <TextField name={`${prefix}.rfc`} label={labelOf(`${prefix}.rfc`)} uppercase maxLength={RFC_LENGTH_PERSON} hint="13 caracteres" />
      <TextField name={`${prefix}.email`} label={labelOf(`${prefix}.email`)} type="email" maxLength={EMAIL_MAX} />
      <PhoneField name={`${prefix}.telefono`} label={labelOf(`${prefix}.telefono`)} />
      <TextField name={`${prefix}.extension`} label={labelOf(`${prefix}.extension`)} maxLength={EXTENSION_MAX_DIGITS} optional />
    </FieldGrid>
  );
}

export function ContactosTab() {
  return (
    <>
      <ItemList
        name="representantes"
        itemTitle={(position) => `${GROUP_TITLES.representantes} ${position}`}
        addText="Agregar representante legal"
        hint="Quita los representantes que no necesites; se requiere al menos uno."
        blank={blankRepresentative}
        bounds={REPRESENTATIVES}
        renderItem={(prefix) => <ContactFields prefix={prefix} />}
      />
      <GroupSection title={GROUP_TITLES.contacto_pago}>
        <ContactFields prefix="contacto_pago" />
      </GroupSection>
    </>
  );
}
