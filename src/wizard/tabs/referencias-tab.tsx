import { NAME_MAX } from '../../../forms/limits';
import { RELATIONSHIPS } from '../../../forms/options';
import { PlainNumberField } from '../../components/fields/number-field';
import { PhoneField } from '../../components/fields/phone-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { FieldGrid, FieldSection } from './field-layout';

function Reference({ name, title, family }: { name: string; title: string; family: boolean }) {
  return (
    <FieldSection title={title}>
      <FieldGrid>
        <TextField name={`${name}.nombre_completo`} label="Nombre completo" uppercase maxLength={NAME_MAX} />
        {family ? (
          <SelectField name={`${name}.parentesco_tiempo_conocerlo`} label="Parentesco" options={RELATIONSHIPS} />
        ) : (
          <PlainNumberField name={`${name}.parentesco_tiempo_conocerlo`} label="Años de conocerlo" />
        )}
        <PhoneField name={`${name}.telefono_numero`} label="Teléfono" />
        <PhoneField name={`${name}.celular_numero`} label="Celular" optional />
      </FieldGrid>
    </FieldSection>
  );
}

export function ReferenciasTab() {
  return (
    <>
      <Reference name="referencia_familiar" title="Referencia familiar" family />
      <Reference name="referencia_personal_1" title="Primera referencia personal" family={false} />
      <Reference name="referencia_personal_2" title="Segunda referencia personal" family={false} />
    </>
  );
}
