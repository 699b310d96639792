import { NAME_MAX } from '../../../forms/limits';
import { RELATIONSHIPS } from '../../../forms/options';
import { PlainNumberField } from '../../components/fields/number-field';
import { PhoneField } from '../../components/fields/phone-field';
import { SelectField } from '../../components/fields/select-field';
import { TextField } from '../../components/fields/text-field';
import { FieldGrid, FieldSection } from './field-layout';
import { labelOf, GROUP_TITLES } from '../../../forms/field-labels';

function Reference({ name, title, family }: { name: string; title: string; family: boolean }) {
  return (
    <FieldSection title={title}>
      <FieldGrid>
        <TextField name={`${name}.nombre_completo`} label={labelOf(`${name}.nombre_completo`)} uppercase maxLength={NAME_MAX} />
        {family ? (
          <SelectField name={`${name}.parentesco_tiempo_conocerlo`} label={labelOf(`${name}.parentesco_tiempo_conocerlo`)} options={RELATIONSHIPS} />
        ) : (
          <PlainNumberField name={`${name}.parentesco_tiempo_conocerlo`} label={labelOf(`${name}.parentesco_tiempo_conocerlo`)} />
        )}
        <PhoneField name={`${name}.telefono_numero`} label={labelOf(`${name}.telefono_numero`)} />
        <PhoneField name={`${name}.celular_numero`} label={labelOf(`${name}.celular_numero`)} optional />
      </FieldGrid>
    </FieldSection>
  );
}

export function ReferenciasTab() {
  return (
    <>
      <Reference name="referencia_familiar" title={GROUP_TITLES.referencia_familiar} family />
      <Reference name="referencia_personal_1" title={GROUP_TITLES.referencia_personal_1} family={false} />
      <Reference name="referencia_personal_2" title={GROUP_TITLES.referencia_personal_2} family={false} />
    </>
  );
}
